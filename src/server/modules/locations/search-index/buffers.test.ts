// The search index's growable buffers (buffers.ts): each slot reads back exactly its latest
// list across growth and a trim, an emptied slot reads empty, and postings survive a trim.
import { describe, expect, it } from 'vitest';
import { PackedLists, Postings } from './buffers.js';

const read = (lists: PackedLists<Float64Array>, slot: number) =>
  Array.from(lists.values.subarray(lists.starts[slot]!, lists.starts[slot]! + lists.lengths[slot]!));

describe('PackedLists', () => {
  it('keeps each slot its latest list while the arrays grow and after a trim', () => {
    const lists = new PackedLists((n) => new Float64Array(n));
    const expected = new Map<number, number[]>();
    for (let slot = 0; slot < 3_000; slot++) {
      const list = Array.from({ length: slot % 7 }, (_, i) => slot * 10 + i + 0.5);
      lists.set(slot, list);
      expected.set(slot, list);
    }
    // Trimmed as a finished build is, then some replaced (longer, shorter, empty).
    lists.trim();
    expect(lists.values.length).toBe([...expected.values()].reduce((n, l) => n + l.length, 0));
    for (const slot of [0, 5, 6, 1_234, 2_999]) {
      const list = slot % 2 ? [] : [slot, slot + 1, slot + 2, slot + 3, slot + 4, slot + 5, slot + 6, slot + 7];
      lists.set(slot, list);
      expected.set(slot, list);
    }
    for (const [slot, list] of expected) expect(read(lists, slot), `slot ${slot}`).toEqual(list);
  });

  it('reads a slot never set as empty', () => {
    const lists = new PackedLists((n) => new Float64Array(n));
    lists.set(5_000, [1, 2]);
    expect(read(lists, 4_999)).toEqual([]);
    expect(read(lists, 5_000)).toEqual([1, 2]);
  });
});

describe('Postings', () => {
  it('keeps its pairs through a trim and grows again after it', () => {
    const p = new Postings();
    for (let i = 0; i < 37; i++) p.push(i, i % 4);
    p.trim();
    expect(p.slots.length).toBe(37);
    p.push(37, 3);
    expect(p.length).toBe(38);
    expect(Array.from(p.slots.subarray(0, p.length))).toEqual(Array.from({ length: 38 }, (_, i) => i));
    expect(Array.from(p.weights.subarray(0, p.length))).toEqual(
      Array.from({ length: 38 }, (_, i) => (i === 37 ? 3 : i % 4)),
    );
  });
});
