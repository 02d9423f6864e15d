import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random.js';
import { pageByScoreInNameOrder, pageInNameOrder, pageInOrder } from './page-order.js';

describe('pageInOrder', () => {
  it('gives the page a full sort gives, for short and long lists, shallow and deep pages, ties included', () => {
    const random = seededRandom(7);
    for (const total of [0, 1, 5, 40, 300, 3000]) {
      const keys = Array.from({ length: total }, () => Math.floor(random() * 50));
      // Ties on the key are broken by the slot, as the index's order ends on the id.
      const cmp = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
      const items = Int32Array.from(Array.from({ length: total }, (_, i) => i).sort(() => random() - 0.5));
      const sorted = Array.from(items).sort(cmp);
      for (const [offset, limit] of [
        [0, 3],
        [0, 50],
        [100, 50],
        [200, 50],
        [0, 0],
        [2990, 50],
      ] as const) {
        const end = Math.min(total, offset + limit);
        expect(pageInOrder(items, total, offset, end, cmp)).toEqual(sorted.slice(offset, end));
        // The same with the first key given apart (higher first: the negated key).
        const first = Float64Array.from(keys, (k) => -k);
        expect(pageInOrder(items, total, offset, end, cmp, first)).toEqual(sorted.slice(offset, end));
      }
    }
  });
});

describe('pageInNameOrder', () => {
  // Slots 0..5 in name order (keys 1..6, slot 3 tied with slot 2 on its key and after it by id);
  // slots 1 and 4 stale.
  const order = {
    nameKey: Float64Array.from([1, 2, 3, 3, 5, 6]),
    ids: Int32Array.from([10, 11, 12, 13, 14, 15]),
    factsAt: Float64Array.from([9, 1, 9, 9, Number.NaN, 9]),
    staleBefore: 5,
  };
  const cmp = (a: number, b: number) =>
    (order.factsAt[a]! >= 5 ? 0 : 1) - (order.factsAt[b]! >= 5 ? 0 : 1) ||
    order.nameKey[a]! - order.nameKey[b]! ||
    order.ids[a]! - order.ids[b]!;

  it('gives the page the comparison gives, fresh places first, without sorting', () => {
    const items = Int32Array.from([0, 1, 2, 3, 4, 5]);
    for (const [offset, end] of [
      [0, 6],
      [0, 2],
      [3, 6],
      [5, 6],
      [0, 0],
    ] as const) {
      const sorted = Array.from(items).sort(cmp).slice(offset, end);
      expect(pageInNameOrder(items, items.length, offset, end, order)).toEqual(sorted);
    }
  });

  it('declines slots out of name order, ties on the key included, for a sort to order them', () => {
    expect(pageInNameOrder(Int32Array.from([0, 2, 1]), 3, 0, 3, order)).toBeNull();
    expect(pageInNameOrder(Int32Array.from([3, 2]), 2, 0, 2, order)).toBeNull();
  });
});

describe('pageByScoreInNameOrder', () => {
  const random = seededRandom(11);
  // Slots in name order (key = slot, a few tied keys broken by id), some stale, scores of a few values.
  const total = 2000;
  const order = {
    nameKey: Float64Array.from({ length: total }, (_, s) => Math.floor(s / 2)),
    ids: Int32Array.from({ length: total }, (_, s) => 1000 + s),
    factsAt: Float64Array.from({ length: total }, () => (random() < 0.3 ? Number.NaN : 9)),
    staleBefore: 5,
  };
  const score = Float64Array.from({ length: total }, () => [3, 5, 8, 9, 17][Math.floor(random() ** 3 * 5)]!);
  const cmp = (a: number, b: number) =>
    score[b]! - score[a]! ||
    (order.factsAt[a]! >= 5 ? 0 : 1) - (order.factsAt[b]! >= 5 ? 0 : 1) ||
    order.nameKey[a]! - order.nameKey[b]! ||
    order.ids[a]! - order.ids[b]!;

  it('gives the page the comparison gives, for shallow and deep pages, when the matches run in name order', () => {
    const items = Int32Array.from({ length: total }, (_, s) => s).filter(() => random() < 0.7);
    const sorted = Array.from(items).sort(cmp);
    for (const [offset, limit] of [
      [0, 1],
      [0, 50],
      [50, 50],
      [700, 50],
      [0, 0],
      [items.length - 10, 50],
    ] as const) {
      const end = Math.min(items.length, offset + limit);
      expect(pageByScoreInNameOrder(items, items.length, offset, end, score, cmp, order)).toEqual(
        sorted.slice(offset, end),
      );
    }
  });

  it('declines matches out of name order, and relevance of many values', () => {
    const shuffled = Int32Array.from({ length: total }, (_, s) => s).sort(() => random() - 0.5);
    expect(pageByScoreInNameOrder(shuffled, total, 0, 50, score, cmp, order)).toBeNull();
    const many = Float64Array.from({ length: total }, (_, s) => s % 40);
    expect(pageByScoreInNameOrder(Int32Array.from([0, 1, 2]), 3, 0, 3, many, cmp, order)).not.toBeNull();
    const items = Int32Array.from({ length: 100 }, (_, s) => s);
    expect(pageByScoreInNameOrder(items, 100, 0, 10, many, cmp, order)).toBeNull();
  });
});
