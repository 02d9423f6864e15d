// Index searches take turns with everything else the server does (decision 0504): one search per
// turn of the event loop. Searches answered together in one pass of the loop (32 replies arriving
// at once) would otherwise run back to back, and a request for a page or a file read in the same
// pass would wait for all of them (docs/benchmarks.md, the "blocking" row). Each search now runs
// in its own check phase, and the requests that came in meanwhile are served in the poll phase
// between two searches. Under light load a search waits one setImmediate.
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
