// The hour bitsets decide "open when" exactly as the intervals do (SQL's `&&`), for windows on the
// hour and off it, and re-anchor when the windows move on.
import { describe, expect, it } from 'vitest';
import { HourBitsets, hasSlot } from './hour-bitsets.js';
import { flatWindows, overlapsAny } from './hours-match.js';

const H = 3_600_000;
const base = Date.UTC(2026, 5, 6, 5, 0); // Saturday 00:00 in Kansas City (CDT)
let seed = 11;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const minutes = (n: number) => Math.floor(random() * n) * 60_000;

/** Random places: up to 6 intervals each within nine days, some empty or none. */
function places(n: number): number[][] {
  return Array.from({ length: n }, () => {
    const list: number[] = [];
    let t = base + minutes(9 * 24 * 60);
    for (let i = 0; i < Math.floor(random() * 7); i++) {
      const start = t + minutes(20 * 60);
      const end = start + minutes(10 * 60);
      list.push(start, end);
      t = end;
    }
    return list;
  });
}

function decide(sets: HourBitsets, all: number[][], windows: Float64Array): boolean[] {
  const sel = sets.select(windows, () => {
    for (const [s, list] of all.entries()) sets.mark(s, list, 0, list.length);
  });
  if (!sel) throw new Error('no selection');
  return all.map((list, s) => {
    if (hasSlot(sel.whole, s)) return true;
    if (!(sel.hasPart && hasSlot(sel.part, s))) return false;
    return overlapsAny(list, 0, list.length, windows);
  });
}

describe('HourBitsets', () => {
  it('selects exactly the places whose intervals overlap the windows', () => {
    const all = places(500);
    const sets = new HourBitsets(all.length);
    for (let trial = 0; trial < 200; trial++) {
      const onHour = trial % 2 === 0;
      const pairs: Array<[number, number]> = [];
      let t = base + (onHour ? Math.floor(random() * 48) * H : minutes(48 * 60));
      for (let i = 0; i < 1 + Math.floor(random() * 4); i++) {
        const end = t + (onHour ? (1 + Math.floor(random() * 5)) * H : 1 + minutes(5 * 60));
        pairs.push([t, end]);
        t = end + (onHour ? 24 * H : minutes(24 * 60) + 60_000);
      }
      const windows = flatWindows(pairs);
      const exact = all.map((list) => overlapsAny(list, 0, list.length, windows));
      expect(decide(sets, all, windows)).toEqual(exact);
    }
  });

  it('marks a place again when its intervals change, and re-anchors for later windows', () => {
    const sets = new HourBitsets(2);
    const all = [[base + 8 * H, base + 12 * H], []];
    const morning = flatWindows([[base + 9 * H, base + 10 * H]]);
    expect(decide(sets, all, morning)).toEqual([true, false]);
    all[1] = [base + 9 * H + 30 * 60_000, base + 9 * H + 40 * 60_000];
    sets.mark(1, all[1]!, 0, 2);
    expect(decide(sets, all, morning)).toEqual([true, true]);
    // Twenty days on, the bitsets move their hours and mark every place again.
    all[0] = [base + 480 * H + 8 * H, base + 480 * H + 12 * H];
    expect(decide(sets, all, flatWindows([[base + 489 * H, base + 490 * H]]))).toEqual([true, false]);
  });

  it('keeps the bits held when it grows, and has no selection for windows wider than it holds', () => {
    const sets = new HourBitsets(1);
    const all = [[base, base + H]];
    expect(decide(sets, all, flatWindows([[base, base + H]]))).toEqual([true]);
    sets.reserve(100);
    all.push(...Array.from({ length: 99 }, () => [base + 2 * H, base + 3 * H]));
    for (let s = 1; s < 100; s++) sets.mark(s, all[s]!, 0, 2);
    const both = decide(sets, all, flatWindows([[base, base + 3 * H]]));
    expect(both.every(Boolean)).toBe(true);
    expect(sets.select(flatWindows([[base, base + 12 * 24 * H]]), () => undefined)).toBeNull();
  });
});
