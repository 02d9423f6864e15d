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

/** Whether a slot of name key `key` and id `id` comes after the one of `prevKey`, `prevId` in name
 * order; a NaN key never does, as it fails any comparison. */
const comesAfter = (key: number, id: number, prevKey: number, prevId: number) =>
  key > prevKey || (key === prevKey && id > prevId);

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
    if (!comesAfter(key, id, prevKey, prevId)) return null;
    prevKey = key;
    prevId = id;
    if (factsAt[s]! >= staleBefore) {
      if (fresh.length < end) fresh.push(s);
    } else if (stale.length < end) stale.push(s);
  }
  return fresh.concat(stale).slice(offset, end);
}

/** Relevance takes few values (relevance.ts: a word scores 2 to 9): more, and the heap orders. */
const FEW_SCORES = 16;

/** The page of a text search's matches, `score` higher first and then in name order as
 * pageInNameOrder's, when the matches run in name order (a one-word search's, text-match.ts) and
 * their relevance takes few values: the matches above the value the page ends in (fewer than a
 * page) sorted, then that value's first in name order, without a comparison per match. Null, at
 * the first match out of order or past a few values, when they do not: the heap orders them. */
export function pageByScoreInNameOrder(
  items: Int32Array,
  total: number,
  offset: number,
  end: number,
  score: Float64Array,
  cmp: (a: number, b: number) => number,
  { nameKey, ids, factsAt, staleBefore }: NameOrder,
): number[] | null {
  if (end === 0) return [];
  const values = new Float64Array(FEW_SCORES);
  const counts = new Int32Array(FEW_SCORES);
  let distinct = 0;
  let prevKey = Number.NEGATIVE_INFINITY;
  let prevId = 0;
  for (let i = 0; i < total; i++) {
    const s = items[i]!;
    const key = nameKey[s]!;
    const id = ids[s]!;
    if (!comesAfter(key, id, prevKey, prevId)) return null;
    prevKey = key;
    prevId = id;
    const v = score[s]!;
    let at = 0;
    while (at < distinct && values[at] !== v) at++;
    if (at === distinct) {
      if (distinct === FEW_SCORES) return null;
      values[distinct++] = v;
    }
    counts[at]!++;
  }
  // The value the page ends in: the highest whose matches and the better ones fill it.
  let better = 0;
  let cut = Number.POSITIVE_INFINITY;
  for (;;) {
    let next = Number.NEGATIVE_INFINITY;
    let count = 0;
    for (let k = 0; k < distinct; k++)
      if (values[k]! < cut && values[k]! > next) {
        next = values[k]!;
        count = counts[k]!;
      }
    cut = next;
    if (better + count >= end) break;
    better += count;
  }
  const need = end - better;
  const above: number[] = [];
  const fresh: number[] = [];
  const stale: number[] = [];
  for (let i = 0; i < total && (above.length < better || fresh.length < need); i++) {
    const s = items[i]!;
    const v = score[s]!;
    if (v > cut) above.push(s);
    else if (v === cut) {
      if (factsAt[s]! >= staleBefore) {
        if (fresh.length < need) fresh.push(s);
      } else if (stale.length < need) stale.push(s);
    }
  }
  return above.sort(cmp).concat(fresh.concat(stale).slice(0, need)).slice(offset, end);
}
