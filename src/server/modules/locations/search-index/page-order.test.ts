import { describe, expect, it } from 'vitest';
import { pageInOrder } from './page-order.js';

describe('pageInOrder', () => {
  it('gives the page a full sort gives, for short and long lists, shallow and deep pages, ties included', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
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
      }
    }
  });
});
