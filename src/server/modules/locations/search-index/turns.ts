// Index searches take turns with everything else the server does, one per turn of the event loop,
// so a page or a file asked meanwhile does not wait for a burst of searches (decision 0504).

/** The queue of searches waiting for their turn; the app's SearchIndex holds the one (sync.ts). */
export class IndexTurns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  private readonly runNext = () => {
    // The search resumes in the microtasks right after this callback, before the next immediate.
    this.waiting.shift()?.();
    if (this.waiting.length) setImmediate(this.runNext);
    else this.scheduled = false;
  };

  /** Resolves when it is this search's turn to use the index. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.runNext);
      }
    });
  }
}
