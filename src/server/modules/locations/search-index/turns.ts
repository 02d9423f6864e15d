// Index searches take turns with everything else the server does, a few milliseconds of them per
// turn of the event loop, so a page or a file asked meanwhile does not wait for a burst of searches
// (decision 0504), and searches that come together run back to back while the index is in cache.

/** How long the searches of one turn may hold the thread before the loop serves anything else. */
const TURN_MS = 4;

/** The queue of searches waiting for their turn; the app's SearchIndex holds the one (sync.ts). */
export class IndexTurns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;
  private turnStarted = 0;

  private readonly runNext = () => {
    this.turnStarted = performance.now();
    this.resumeOne();
  };

  /** Lets the first waiting search resume: it runs in the microtasks right after this one, and the
   * check queued behind it gives the next one the rest of the turn, if there is time left. */
  private resumeOne() {
    this.waiting.shift()?.();
    queueMicrotask(this.afterOne);
  }

  private readonly afterOne = () => {
    if (!this.waiting.length) this.scheduled = false;
    else if (performance.now() - this.turnStarted < TURN_MS) this.resumeOne();
    else setImmediate(this.runNext);
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
