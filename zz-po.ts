import { pageInOrder } from './src/server/modules/locations/search-index/page-order.js';
const N = 100000, M = 30000;
const score = new Float64Array(N), factsAt = new Float64Array(N), nameKey = new Float64Array(N), ids = new Int32Array(N);
for (let s = 0; s < N; s++) { score[s] = [0.1, 0.2, 0.4, 1][Math.floor(Math.random() * 4)]!; factsAt[s] = Math.random() < 0.3 ? NaN : Math.random() * 100; nameKey[s] = Math.random() * N; ids[s] = s + 1; }
const items = new Int32Array(M); for (let i = 0; i < M; i++) items[i] = Math.floor(Math.random() * N);
const staleBefore = 50;
const tail = (a: number, b: number) => (factsAt[a]! >= staleBefore ? 0 : 1) - (factsAt[b]! >= staleBefore ? 0 : 1) || nameKey[a]! - nameKey[b]! || ids[a]! - ids[b]!;
const near = tail;
const cmp = (a: number, b: number) => score[b]! - score[a]! || near(a, b);
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let k = 0; k < 200; k++) pageInOrder(items, M, 0, 50, cmp, score); console.log('pageInOrder 30k->50', ((performance.now() - t) / 200).toFixed(3), 'ms'); }
// Specialised: keys compared inline.
function better(a: number, b: number): boolean { // a before b
  const d = score[a]! - score[b]!; if (d !== 0) return d > 0;
  const sa = factsAt[a]! >= staleBefore ? 0 : 1, sb = factsAt[b]! >= staleBefore ? 0 : 1; if (sa !== sb) return sa < sb;
  const n = nameKey[a]! - nameKey[b]!; if (n !== 0) return n < 0; return ids[a]! < ids[b]!;
}
function spec(items: Int32Array, total: number, end: number) {
  const heap = new Int32Array(end); let size = 0;
  for (let i = 0; i < total; i++) { const s = items[i]!;
    if (size < end) { let at = size++; while (at > 0) { const up = (at - 1) >> 1; if (!better(heap[up]!, s)) break; heap[at] = heap[up]!; at = up; } heap[at] = s; }
    else if (better(s, heap[0]!)) { let at = 0; for (;;) { let c = 2 * at + 1; if (c >= end) break; if (c + 1 < end && better(heap[c]!, heap[c + 1]!)) c++; if (!better(s, heap[c]!)) break; heap[at] = heap[c]!; at = c; } heap[at] = s; }
  }
  return heap;
}
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let k = 0; k < 200; k++) spec(items, M, 50); console.log('spec', ((performance.now() - t) / 200).toFixed(3), 'ms'); }
