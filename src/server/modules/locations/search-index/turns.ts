// Index searches take turns with everything else the server does, one per turn of the event loop,
// so a page or a file asked meanwhile does not wait for a burst of searches (decision 0504).
const waiting: Array<() => void> = [];
let scheduled = false;

function runNext() {
  // The search resumes in the microtasks right after this callback, before the next immediate.
  waiting.shift()?.();
  if (waiting.length) setImmediate(runNext);
  else scheduled = false;
}

/** Resolves when it is this search's turn to use the index. */
export function indexTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(runNext);
    }
  });
}
