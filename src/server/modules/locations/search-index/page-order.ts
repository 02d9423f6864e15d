// A search's page from its matches: the first `end` in order, then from `offset`.

/** The slots of `items[0..total)` from `offset` to `end` in `cmp`'s order. A page near the top of
 * many matches keeps only the best `end` in a sorted buffer (most candidates rejected by one
 * comparison) instead of sorting them all. */
export function pageInOrder(
  items: Int32Array,
  total: number,
  offset: number,
  end: number,
  cmp: (a: number, b: number) => number,
): number[] {
  if (!(end <= 128 && total > 4 * end)) return Array.from(items.subarray(0, total)).sort(cmp).slice(offset, end);
  const best: number[] = [];
  for (let i = 0; i < total; i++) {
    const s = items[i]!;
    if (best.length === end) {
      if (end === 0 || cmp(s, best[end - 1]!) >= 0) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0 && cmp(s, best[at - 1]!) < 0) at--;
    best.splice(at, 0, s);
  }
  return best.slice(offset);
}
