// A search's page from its matches: the first `end` in order, then from `offset`.

/** The slots of `items[0..total)` from `offset` to `end` in `cmp`'s order. A page near the top of
 * many matches keeps only the best `end` in a heap whose root is the worst of them (most candidates
 * rejected by one comparison with it) instead of sorting them all: deep pages of a long list too.
 * `first`, when cmp orders by it first (higher first), rejects most without calling cmp. */
export function pageInOrder(
  items: Int32Array,
  total: number,
  offset: number,
  end: number,
  cmp: (a: number, b: number) => number,
  first?: Float64Array,
): number[] {
  if (!(total > 4 * end)) return Array.from(items.subarray(0, total)).sort(cmp).slice(offset, end);
  if (end === 0) return [];
  const heap = new Int32Array(end);
  let size = 0;
  for (let i = 0; i < total; i++) {
    const s = items[i]!;
    if (size < end) {
      // Sift up: a worse slot moves towards the root.
      let at = size++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (cmp(heap[up]!, s) >= 0) break;
        heap[at] = heap[up]!;
        at = up;
      }
      heap[at] = s;
    } else if (first && first[s]! < first[heap[0]!]!) {
      // Worse than the page's worst on the first key alone.
    } else if (cmp(s, heap[0]!) < 0) {
      siftDown(heap, s, cmp);
    }
  }
  return Array.from(heap.subarray(0, size)).sort(cmp).slice(offset);
}

/** Replaces the heap's root (its worst slot) by `s` and restores the order below it. */
function siftDown(heap: Int32Array, s: number, cmp: (a: number, b: number) => number): void {
  const n = heap.length;
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= n) break;
    if (child + 1 < n && cmp(heap[child + 1]!, heap[child]!) > 0) child++;
    if (cmp(heap[child]!, s) <= 0) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = s;
}

/** What the order without text or distance reads: fresh facts first, then lower(name), name, id. */
export interface NameOrder {
  nameKey: Float64Array;
  ids: Int32Array;
  factsAt: Float64Array;
  staleBefore: number;
}

/** The page when `items[0..total)` already run in name order, as an index's lists do once it is
 * built in that order (place-index.ts): the fresh places, then the stale, each in the order walked,
 * without a comparison. Null when they do not (a place added or renamed since): sort them. */
export function pageInNameOrder(
  items: Int32Array,
  total: number,
  offset: number,
  end: number,
  { nameKey, ids, factsAt, staleBefore }: NameOrder,
): number[] | null {
  const fresh: number[] = [];
  const stale: number[] = [];
  let prevKey = Number.NEGATIVE_INFINITY;
  let prevId = 0;
  for (let i = 0; i < total; i++) {
    const s = items[i]!;
    const key = nameKey[s]!;
    const id = ids[s]!;
    // A NaN key fails both tests, as it would any comparison.
    if (!(key > prevKey) && !(key === prevKey && id > prevId)) return null;
    prevKey = key;
    prevId = id;
    if (factsAt[s]! >= staleBefore) {
      if (fresh.length < end) fresh.push(s);
    } else if (stale.length < end) stale.push(s);
  }
  return fresh.concat(stale).slice(offset, end);
}
