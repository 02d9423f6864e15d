// The "open when" test of the in-process index (decision 0802) over a place's packed open
// intervals: the `&&` of its SQL in search-filters.ts, which uses it.

/** The windows as one flat list [start0, end0, start1, end1, …] in time order: made once per
 * search, read for every place without destructuring pairs. */
export function flatWindows(windows: Array<[number, number]>): Float64Array {
  return Float64Array.from(windows.flat());
}

/** Whether one of a place's [start, end) intervals (`length` numbers from `from` in `values`, in
 * order of their starts, as sync.ts loads them) overlaps one of the flat windows (time order): the
 * `&&` of search-filters.ts's SQL. Intervals wholly before the first window are skipped, and once an
 * interval starts after the last window ends, so do all the later ones. */
export function overlapsAny(values: ArrayLike<number>, from: number, length: number, windows: Float64Array): boolean {
  const n = windows.length;
  if (n === 0) return false;
  const first = windows[0]!;
  const last = windows[n - 1]!;
  for (let i = from; i < from + length; i += 2) {
    const a = values[i]!;
    const b = values[i + 1]!;
    // An empty range overlaps nothing.
    if (!(a < b) || b <= first) continue;
    if (a >= last) return false;
    for (let j = 0; j < n; j += 2) {
      if (windows[j]! >= b) break;
      if (a < windows[j + 1]!) return true;
    }
  }
  return false;
}
