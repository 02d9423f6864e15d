// How far the app server's heap may grow past what a full collection left alive (decision 0507):
// V8's default (up to 4x the live size) kept it at 650-850 MB where 300-400 MB does. A factor, not
// a cap (--max-old-space-size), so a larger directory never meets a limit set for a smaller one.
import v8 from 'node:v8';

/** The next full collection starts once the heap is this much larger than it left it (percent). */
const HEAP_GROWTH_PERCENT = 25;

/** Called once at start by the server's entry (main.ts) and by the benchmark, before any load. */
export function limitHeapGrowth(percent = HEAP_GROWTH_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
