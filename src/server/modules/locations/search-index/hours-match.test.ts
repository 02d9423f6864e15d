// The index's "open when" test: the same overlap as SQL's `&&` over [start, end) ranges.
import { describe, expect, it } from 'vitest';
import { flatWindows, overlapsAny } from './hours-match.js';

const windows = flatWindows([
  [100, 200],
  [300, 400],
]);
const overlaps = (...pairs: Array<[number, number]>) => overlapsAny(pairs.flat(), 0, pairs.length * 2, windows);

describe('overlapsAny', () => {
  it('finds an interval overlapping any window, in part or whole', () => {
    expect(overlaps([150, 160])).toBe(true);
    expect(overlaps([50, 101])).toBe(true);
    expect(overlaps([399, 500])).toBe(true);
    expect(overlaps([0, 1000])).toBe(true);
    expect(overlaps([10, 20], [250, 260], [350, 360])).toBe(true);
  });

  it('does not count touching ends, gaps between windows, empty ranges or nothing', () => {
    expect(overlaps([50, 100])).toBe(false);
    expect(overlaps([200, 300])).toBe(false);
    expect(overlaps([400, 450])).toBe(false);
    expect(overlaps([150, 150])).toBe(false);
    expect(overlaps()).toBe(false);
    expect(overlapsAny([150, 160], 0, 2, flatWindows([]))).toBe(false);
  });

  it('stops at the first interval after the last window: the later ones start later still', () => {
    expect(overlaps([10, 20], [500, 600], [700, 800])).toBe(false);
  });
});
