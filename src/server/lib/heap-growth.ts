// How far the app server's JavaScript heap may grow past what a full collection left alive before
// the next one starts (decision 0507). V8 chooses up to four times the live size by default, and
// under load the server's heap sat at two to three times its live data (the search index and the
// caches, ~100 MB at 100,000 places) for minutes: 650-850 MB resident where 300-400 MB does.
// A factor rather than a cap (--max-old-space-size): the heap still grows with the directory, and
// a larger directory never meets an out-of-memory limit set for a smaller one.
import v8 from 'node:v8';

/** The next full collection starts once the heap is this much larger than it left it (percent). */
const HEAP_GROWTH_PERCENT = 25;

/** Called once at start by the server's entry (main.ts) and by the benchmark, before any load. */
export function limitHeapGrowth(percent = HEAP_GROWTH_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
