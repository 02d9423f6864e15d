// The index's replicas of ts_rank (rank.ts) and word_similarity (trigram.ts) against the database's
// own functions, on the test run's database (PGlite, or TEST_DATABASE_URL): equal to the last bit
// (both answer a float4, which arrives as its shortest decimal text).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/connect.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { addTerm, entryContribution, finishRank, parseTsvector } from './rank.js';
import { wordSimilarity } from './trigram.js';

describe('ts_rank and word_similarity replicas', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

  it('ranks weighted vectors against prefix queries exactly like ts_rank', async () => {
    const docs = [
      [
        'Brookside Farmers Market',
        'Organic Honey',
        'Fresh garden produce every Saturday at the market.',
        '100 Main St',
      ],
      ['Garden Gardens Gardening', '', 'A garden of gardens; gardeners garden here, garden garden.', 'Garden Rd'],
      ["Ben's Café", 'Coffee', 'Café near the park', '5 Troost Ave, Kansas City, 64110'],
      [
        'Swope Park',
        'Trails Playground',
        'Trails, trails and more trails through the park and the parkway.',
        'Swope Pkwy',
      ],
    ];
    const queries = [
      'gard:*',
      'garden:*',
      'park:* | trail:*',
      'market:* | organ:* | saturday:*',
      'caf:* | ben:*',
      'x:*',
    ];
    for (const [name, tags, description, address] of docs) {
      for (const q of queries) {
        const [r] = await rows<{ v: string; rank: number }>(
          sql`select v::text as v, ts_rank(v, to_tsquery('english', ${q})) as rank from (select
                setweight(to_tsvector('english', ${name}), 'A') || setweight(to_tsvector('english', ${tags}), 'B')
                || setweight(to_tsvector('english', ${description}), 'C') || setweight(to_tsvector('english', ${address}), 'D') as v) s`,
        );
        const [parsed] = await rows<{ items: string }>(sql`select to_tsquery('english', ${q})::text as items`);
        const items = [...new Set([...(parsed!.items.matchAll(/'([^']+)':\*/g) ?? [])].map((m) => m[1]!))].sort();
        let res = 0;
        const entries = parseTsvector(r!.v);
        for (const item of items)
          for (const e of entries) if (e.lexeme.startsWith(item)) res = addTerm(res, entryContribution(e.weights));
        const mine = items.length ? finishRank(res, items.length) : 0;
        expect({ name, q, rank: mine }).toEqual({ name, q, rank: Math.fround(Number(r!.rank)) });
      }
    }
  });

  it('computes word_similarity like pg_trgm', async () => {
    const words = ['brokside', 'gardn', 'marke', 'swop', 'the', 'kansas city', 'hyde prk', 'aaa', 'rosedale garden'];
    const names = [
      'brookside farmers market',
      'hyde park neighborhood garden',
      'swope park',
      'the garden at 5th and main',
      'rosedale rosedale garden garden',
      'aa aaa aaaa',
      'kc_community garden-plot #3',
      '',
    ];
    for (const w of words)
      for (const n of names) {
        const [r] = await rows<{ s: number; op: boolean }>(
          sql`select word_similarity(${w}, ${n}) as s, ${w} <% ${n} as op`,
        );
        expect({ w, n, s: wordSimilarity(w, n) }).toEqual({ w, n, s: Math.fround(Number(r!.s)) });
        expect(wordSimilarity(w, n) >= 0.6).toBe(r!.op);
      }
  });
});
