// The index on its own (no database): every word of the search must match, up to the last of the
// eight a search keeps; text matches rank by relevance.ts's rule; every facet asked must hold;
// stale facts sort after fresh ones.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random.js';
import { facetMask } from '../../../../shared/place-attributes.js';
import { indexFilters } from '../search-filters.js';
import { PlaceIndex } from './place-index.js';
import type { IndexedPlace, IndexQuery, IndexText, TypoMatches } from './query.js';

/** A place holding `words` as lexemes: a bare word in its name (weight A = 3), or [word, class].
 * Its name only labels it here: nameKey, the id, stands for its place in name order. */
function place(
  id: number,
  _name: string,
  words: Array<string | [string, number]>,
  more: Partial<IndexedPlace> = {},
): IndexedPlace {
  return {
    id,
    category: 'park',
    point: null,
    latitude: 0,
    longitude: 0,
    nameKey: id,
    vector: words.map((w) => (typeof w === 'string' ? { lexeme: w, weight: 3 } : { lexeme: w[0], weight: w[1] })),
    tagIds: [],
    intervals: [],
    flags: 0,
    factsAt: null,
    ...more,
  };
}

function textQuery(words: Array<string | { typo: string; matches: TypoMatches }>): IndexQuery {
  const conditions: IndexText['conditions'] = words.map((w) => (typeof w === 'string' ? { prefix: w } : w));
  return {
    filters: [],
    text: { conditions },
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

describe('PlaceIndex relevance', () => {
  const typo = (word: string, pairs: Array<[number, number]>) => ({
    typo: word,
    matches: { ids: Int32Array.from(pairs, (p) => p[0]), similarity: Float64Array.from(pairs, (p) => p[1]) },
  });
  const index = new PlaceIndex();
  // nameKey is the id: without relevance, names order them 1, 2, 3, 4, 5.
  index.upsert(place(1, 'Address Only', [['garden', 0]]));
  index.upsert(
    place(2, 'Described', [
      ['garden', 1],
      ['park', 3],
    ]),
  );
  index.upsert(place(3, 'Tagged Gardening', [['gardening', 3]]));
  index.upsert(place(4, 'The Garden', ['garden', ['park', 2]]));
  index.upsert(place(5, 'Gone', ['garden']));
  index.remove(5);

  it('ranks a word by its best field, then an exact lexeme before a prefix', () => {
    // A name beats the description and the address; the exact 'garden' beats the prefix of 'gardening'.
    expect(index.search(textQuery(['garden']))?.ids).toEqual([4, 3, 2, 1]);
  });

  it('sums the words: a place matching both in better fields comes first', () => {
    expect(index.search(textQuery(['garden', 'park']))?.ids).toEqual([4, 2]);
  });

  it('orders typo-only matches by the similarity the database gave, and skips ids it no longer holds', () => {
    const q = textQuery([
      typo('gardn', [
        [1, 0.7],
        [2, 0.9],
        [5, 1],
        [99, 1],
        [4, 0.7],
      ]),
    ]);
    expect(index.search(q)).toEqual({ ids: [2, 1, 4], distances: [null, null, null], total: 3 });
  });

  it('needs every typo word too, and adds its similarity to the full-text words', () => {
    const q = textQuery([
      'park',
      typo('gardn', [
        [2, 0.6],
        [4, 0.9],
        [3, 1],
      ]),
    ]);
    expect(index.search(q)?.ids).toEqual([2, 4]);
  });
});

describe('PlaceIndex facets and stale facts', () => {
  const index = new PlaceIndex();
  const at = (iso: string) => Date.parse(iso);
  index.upsert(place(1, 'Alpha', [], { flags: facetMask(['snap', 'wic']), factsAt: at('2018-01-01') }));
  index.upsert(place(2, 'Bravo', [], { flags: facetMask(['snap']), factsAt: at('2026-01-01') }));
  index.upsert(place(3, 'Charlie', [], { flags: facetMask(['wic']), factsAt: null }));
  const query = (pay: Array<'snap' | 'wic'>): IndexQuery => ({
    filters: indexFilters({ pay, radius: 10 }, new Date(0)),
    text: null,
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

describe('PlaceIndex built in name order', () => {
  // Ids in another order than the names': the build reserves the slots in name order first.
  const names: Array<[number, number]> = [
    [40, 1],
    [10, 2],
    [30, 3],
    [20, 4],
    [50, 5],
  ];
  const build = () => {
    const index = new PlaceIndex();
    index.reserveInOrder([...names.map(([id]) => id), 60]);
    // Loaded by id, as sync.ts reads the chunks; place 60 was hidden in between: never loaded.
    for (const [id, key] of [...names].sort((a, b) => a[0] - b[0]))
      index.upsert(place(id, `Place ${id}`, ['garden'], { nameKey: key, tagIds: [7], factsAt: id === 30 ? 0 : 1 }));
    index.trim();
    return index;
  };
  const query = (tagIds: number[]): IndexQuery => ({
    filters: indexFilters({ tagIds, radius: 10 }, new Date(0)),
    text: null,
    staleBefore: 1,
    offset: 0,
  });

  it('lists a tag in name order, fresh first, and forgets the slot no place filled', () => {
    const index = build();
    expect(index.size).toBe(5);
    expect(index.search(query([7]))).toEqual({ ids: [40, 10, 20, 50, 30], distances: Array(5).fill(null), total: 5 });
    expect(index.search(query([8])).total).toBe(0);
  });

  it('orders a place added or renamed after the build among the others', () => {
    const index = build();
    index.upsert(place(70, 'Place 70', ['garden'], { nameKey: 2.5, tagIds: [7], factsAt: 1 }));
    index.upsert(place(40, 'Place 40', ['garden'], { nameKey: 6, tagIds: [7], factsAt: 1 }));
    expect(index.search(query([7]))?.ids).toEqual([10, 70, 20, 50, 40, 30]);
    // The text query sets no stale date: relevance ties, then names alone.
    expect(index.search(textQuery(['garden']))?.ids).toEqual([10, 70, 30, 20, 50, 40]);
  });
});

describe('PlaceIndex one-word searches', () => {
  const random = seededRandom(5);
  // Common words (their marks read back by slot) and rare ones (in the order reached).
  const lexemes: Array<[string, number]> = [
    ['garden', 0.4],
    ['gardens', 0.4],
    ['gardening', 0.4],
    ['park', 0.4],
    ['pond', 0.05],
    ['pondside', 0.05],
  ];
  const places = Array.from({ length: 400 }, (_, i) =>
    place(
      i + 1,
      `Place ${i + 1}`,
      lexemes.filter(([, p]) => random() < p).map(([l]): [string, number] => [l, Math.floor(random() * 4)]),
      { nameKey: Math.floor(random() * 1000), factsAt: random() < 0.5 ? 10 : null },
    ),
  );
  const expected = (word: string, offset: number, limit: number) => {
    const best = (p: IndexedPlace) =>
      Math.max(
        0,
        ...p.vector
          .filter((e) => e.lexeme.startsWith(word))
          .map((e) => 2 * (e.weight + 1) + (e.lexeme === word ? 1 : 0)),
      );
    const fresh = (p: IndexedPlace) => ((p.factsAt ?? Number.NaN) >= 5 ? 0 : 1);
    return places
      .filter((p) => best(p) > 0)
      .sort((a, b) => best(b) - best(a) || fresh(a) - fresh(b) || a.nameKey - b.nameKey || a.id - b.id)
      .slice(offset, offset + limit)
      .map((p) => p.id);
  };
  const query = (word: string, offset: number, limit: number): IndexQuery => ({
    ...textQuery([word]),
    staleBefore: 5,
    offset,
    limit,
  });
  // Built as sync.ts builds it (slots in name order).
  const inOrder = new PlaceIndex();
  inOrder.reserveInOrder([...places].sort((a, b) => a.nameKey - b.nameKey || a.id - b.id).map((p) => p.id));
  for (const p of places) inOrder.upsert(p);
  inOrder.trim();
  // Filled in another order, and with enough other places that a rare word's marks are read in
  // the order reached.
  const outOfOrder = new PlaceIndex();
  for (const p of places) outOfOrder.upsert(p);
  for (let id = 1000; id < 4000; id++) outOfOrder.upsert(place(id, 'Other', ['other'], { nameKey: id }));

  it('ranks by the best lexeme, then fresh and name order, one lexeme or several, in slot order or not', () => {
    for (const index of [inOrder, outOfOrder])
      for (const word of ['garden', 'gardeni', 'park', 'gard', 'pond'])
        for (const [offset, limit] of [
          [0, 20],
          [20, 20],
          [0, 500],
        ] as const)
          expect(index.search(query(word, offset, limit)).ids).toEqual(expected(word, offset, limit));
  });
});
