// The index on its own (no database): every word of the search must match, up to the last of the
// eight a search keeps; every facet asked must hold; stale facts sort after fresh ones.
import { describe, expect, it } from 'vitest';
import { facetBits, facetMask } from '../../../../shared/place-attributes.js';
import { PlaceIndex } from './place-index.js';
import type { IndexedPlace, IndexQuery } from './query.js';

function place(id: number, name: string, words: string[], more: Partial<IndexedPlace> = {}): IndexedPlace {
  return {
    id,
    lowerName: name.toLowerCase(),
    category: 'park',
    point: null,
    latitude: 0,
    longitude: 0,
    nameKey: id,
    vector: words.map((lexeme) => ({ lexeme, weights: [3] })),
    tagIds: [],
    intervals: [],
    facets: 0,
    factsAt: null,
    ...more,
  };
}

function textQuery(words: string[]): IndexQuery {
  return {
    now: 0,
    seasonEnd: Number.POSITIVE_INFINITY,
    text: { conditions: words.map((prefix) => ({ prefix })), rankItems: words, plain: words.join(' ') },
    facetMask: 0,
    staleBefore: 0,
    offset: 0,
  };
}

describe('PlaceIndex text search', () => {
  const seven = ['loos', 'park', 'rose', 'garden', 'pond', 'walk', 'loop'];
  const index = new PlaceIndex();
  index.upsert(place(1, 'Loose Park', seven));
  // Another place holds the eighth word, so it is a word the index knows (not a typo).
  index.upsert(place(2, 'Apple Orchard', ['appl', 'orchard']));
  index.upsert(place(3, 'Rose Garden Orchard', [...seven, 'appl']));

  it('finds a place only when all eight words match', () => {
    expect(index.search(textQuery([...seven, 'appl']))?.ids).toEqual([3]);
  });

  it('finds nothing when only the eighth word is missing', () => {
    const only = new PlaceIndex();
    only.upsert(place(1, 'Loose Park', seven));
    only.upsert(place(2, 'Apple Orchard', ['appl', 'orchard']));
    expect(only.search(textQuery([...seven, 'appl']))).toEqual({ ids: [], distances: [], total: 0 });
  });
});

describe('PlaceIndex facets and stale facts', () => {
  const index = new PlaceIndex();
  const at = (iso: string) => Date.parse(iso);
  index.upsert(place(1, 'Alpha', [], { facets: facetBits({ snap: true, wic: true }), factsAt: at('2018-01-01') }));
  index.upsert(place(2, 'Bravo', [], { facets: facetBits({ snap: true }), factsAt: at('2026-01-01') }));
  index.upsert(place(3, 'Charlie', [], { facets: facetBits({ snap: false, wic: true }), factsAt: null }));
  const query = (facets: Parameters<typeof facetMask>[0]): IndexQuery => ({
    now: 0,
    seasonEnd: 0,
    text: null,
    facetMask: facetMask(facets),
    staleBefore: at('2024-06-13'),
    offset: 0,
  });

  it('needs every facet asked; a no is never a match', () => {
    expect(index.search(query(['snap']))?.ids).toEqual([2, 1]);
    expect(index.search(query(['snap', 'wic']))?.ids).toEqual([1]);
    // Charlie's facts are of unknown age, so stale like Alpha's: the two in name order.
    expect(index.search(query(['wic']))?.ids).toEqual([1, 3]);
  });

  it('puts stale places after fresh ones, and unknown dates among the stale', () => {
    expect(index.search(query([]))?.ids).toEqual([2, 1, 3]);
  });
});
