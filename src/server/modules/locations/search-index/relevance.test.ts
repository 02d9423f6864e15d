// Judged relevance (decision 0513): on the app's own seed (the 156 Kansas City places), the place a
// person means comes first on the index path, for words, typos, prefixes and a stop word alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../db/seed.js';
import { useTestApp } from '../../../test/test-app.js';
import { searchLocationsSql } from '../locations.reads.js';
import { searchWithIndex } from './index-search.js';

/** A search and what its first place must be: a name, or a test of the name. */
const JUDGED: Array<[string, string | RegExp]> = [
  ['loose park', 'Loose Park'],
  ['brookside', "Brookside Farmers' Market"],
  // A typo: 'brokside' matches no word, so the names are asked by similarity.
  ['brokside', "Brookside Farmers' Market"],
  ['community garden', /Community Garden$/],
  // A prefix of 'community'.
  ['commun', /Community Garden/],
  ['kansas city community gardens', 'Kansas City Community Gardens (KCCG)'],
  ['dog park', 'River Market Off-Leash Dog Park'],
  // 'powel' is a prefix of Powell; 'gardens' is in the name, not only in the description.
  ['powel gardens', 'Powell Gardens'],
  // A stop word alone matches names holding it (by similarity), as it did before.
  ['the', /\bthe\b/i],
];

describe('judged relevance on the seed data', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedDatabase(t.database.db);
    await t.app.searchIndex.rebuild();
  }, 120_000);

  const first = async (search: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=${encodeURIComponent(search)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ id: number; name: string }>)[0];
  };

  for (const [search, want] of JUDGED) {
    it(`"${search}" puts ${want} first`, async () => {
      // The index answers it (SQL would rank by ts_rank instead).
      const page = await searchWithIndex(t.app.searchIndex, { radius: 5, search, limit: 1 }, new Date());
      expect(page).not.toBeNull();
      const top = await first(search);
      expect(top?.id).toBe(page!.ids[0]);
      if (typeof want === 'string') expect(top?.name).toBe(want);
      else expect(top?.name).toMatch(want);
    });
  }

  it('a lone typo or stop word finds the places SQL finds, in its order: the same similarity ranks both', async () => {
    for (const search of ['the', 'brokside', 'lose']) {
      const page = await searchWithIndex(t.app.searchIndex, { radius: 5, search }, new Date());
      const sql = await searchLocationsSql(t.database.db, { radius: 5, search });
      expect({ search, ids: page?.ids }).toEqual({ search, ids: sql.items.map((l) => l.id) });
    }
  });
});
