// The opening hours tests of the in-process index (decisions 0801 and 0802) over a place's
// packed open intervals: the same range tests as locations.search.ts's SQL.
import type { IndexQuery } from './query.js';

/** "Open now" (`@> now`) or "in season" (`&& [now, seasonEnd)`) over a place's [start, end)
 * intervals (`length` numbers from `from` in `values`). */
export function openWithin(
  values: ArrayLike<number>,
  from: number,
  length: number,
  q: Pick<IndexQuery, 'openNow' | 'now' | 'seasonEnd'>,
): boolean {
  for (let i = from; i < from + length; i += 2) {
    const a = values[i]!;
    const b = values[i + 1]!;
    if (q.openNow ? a <= q.now && q.now < b : a < b && a < q.seasonEnd && q.now < b) return true;
  }
  return false;
}

/** Whether one of a place's [start, end) intervals (`length` numbers from `from` in `values`)
 * overlaps one of the windows, which are in time order: the `&&` of locations.search.ts. */
export function overlapsAny(
  values: ArrayLike<number>,
  from: number,
  length: number,
  windows: Array<[number, number]>,
): boolean {
  for (let i = from; i < from + length; i += 2) {
    const a = values[i]!;
    const b = values[i + 1]!;
    // An empty range overlaps nothing.
    if (!(a < b)) continue;
    for (const [ws, we] of windows) {
      if (ws >= b) break;
      if (a < we) return true;
    }
  }
  return false;
}
