// The index's text match on its own (no database): every word of the search must match, up to
// the last of the eight a search keeps.
import { describe, expect, it } from 'vitest';
import { PlaceIndex } from './place-index.js';
import type { IndexedPlace, IndexQuery } from './query.js';

function place(id: number, name: string, words: string[]): IndexedPlace {
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
  };
}

function textQuery(words: string[]): IndexQuery {
  return {
    now: 0,
    seasonEnd: Number.POSITIVE_INFINITY,
    text: { conditions: words.map((prefix) => ({ prefix })), rankItems: words, plain: words.join(' ') },
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
