// Decisions 0504 and 0513: the index finds exactly the places and count the SQL search finds, on
// the benchmark generator's data, on PGlite or TEST_DATABASE_URL; the order is compared only where
// it does not come from text relevance (each path ranks text matches by its own rule).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_CATEGORIES, generatePlaces, searchPoints, searchTerms } from '../../../../../scripts/bench/synthetic.js';
import type { Database } from '../../../db/connect.js';
import { setClock } from '../../../lib/clock.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { compileOptions, searchLocationsSql } from '../locations.reads.js';
import { buildTextQuery, compileSearch, type SearchFilters } from '../locations.search.js';
import { refreshOpenIntervals } from '../writes/index.js';
import { searchMapJsonSql, searchPointsJsonSql } from '../locations.map.js';
import { mapWithIndex, searchWithIndex } from './index-search.js';
import { SearchIndex } from './sync.js';
import { tileArea } from '../../../../shared/map-grid.js';
import type { MapAnswer } from '../../../../shared/schemas/location-query.js';
import { ACCESS_FILTERS, PAY_FILTERS } from '../../../../shared/place-attributes.js';

// Saturday 13 June 2026, 10:00 in Kansas City.
const NOW = new Date('2026-06-13T15:00:00Z');
type Query = SearchFilters & { limit?: number; offset?: number };
const base = { radius: 5 } as const;

// One database of 3,000 generated places and its index for the whole file; the describes below share them.
let database: Database;
let searchIndex: SearchIndex;
let dispose: () => Promise<void>;
let tagIds: number[] = [];
beforeAll(async () => {
  setClock(NOW);
  ({ database, dispose } = await openTestDatabase());
  const quiet = console.error;
  console.error = () => {};
  try {
    tagIds = await generatePlaces(database.db, 3_000);
  } finally {
    console.error = quiet;
  }
  // Some hidden places, which neither search may find.
  await database.db.execute(sql`update locations set hidden = true where id % 97 = 0`);
  await refreshOpenIntervals(database.db, NOW);
  searchIndex = new SearchIndex(database.db);
  await searchIndex.rebuild();
}, 120_000);
afterAll(async () => {
  setClock(null);
  await dispose();
});

/** Every place the SQL search's condition matches, by id. */
async function sqlMatches(q: Query): Promise<number[]> {
  const s = compileSearch(q, { ...(await compileOptions(database.db, q.search)), now: NOW });
  const found = (await database.db.execute(sql`select l.id from locations l where ${s.where}`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return found.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Compares the index's answer with the SQL search's: the same matches and total, a page of the
 * same size taken from the index's own full order; the same page and distances when neither
 * orders by text. 'sql' when the index left the search to SQL. */
async function compare(q: Query) {
  const page = await searchWithIndex(searchIndex, q, NOW);
  const expected = await searchLocationsSql(database.db, q);
  if (!page) return 'sql';
  const every = await searchWithIndex(searchIndex, { ...q, limit: undefined, offset: 0 }, NOW);
  const matches = await sqlMatches(q);
  expect({ q, ids: [...every!.ids].sort((a, b) => a - b), total: page.total }).toEqual({
    q,
    ids: matches,
    total: expected.total,
  });
  expect(expected.total).toBe(matches.length);
  const end = q.limit === undefined ? undefined : (q.offset ?? 0) + q.limit;
  expect(page.ids).toEqual(every!.ids.slice(q.offset ?? 0, end));
  expect(page.ids.length).toBe(expected.items.length);
  if (buildTextQuery(q.search)) return 'index';
  expect({ q, ids: page.ids }).toEqual({ q, ids: expected.items.map((l) => l.id) });
  expected.items.forEach((l, i) => {
    // JavaScript's libm may differ from the database's in the last bit; answers carry the SQL's.
    if (l.distance != null) expect(page.distances[i] ?? Number.NaN).toBeCloseTo(l.distance, 9);
  });
  return 'index';
}

/** Searches of one to eight words taken from places' own names and descriptions, whole, with the
 * last word cut to a prefix, and with a letter dropped from one word (a typo). */
async function longSearches(): Promise<string[]> {
  const found = (await database.db.execute(
    sql`select name, description from locations where id % 211 = 3 order by id limit 12`,
  )) as unknown as { rows: Array<{ name: string; description: string }> };
  const out: string[] = [];
  for (const [i, r] of found.rows.entries()) {
    const words = `${r.name} ${r.description}`.toLowerCase().match(/[a-z]+/g) ?? [];
    for (let n = 1; n <= 8; n++) {
      const chosen = words.slice(i % 3, (i % 3) + n);
      out.push(chosen.join(' '));
      const last = chosen[chosen.length - 1]!;
      if (last.length > 4) out.push([...chosen.slice(0, -1), last.slice(0, 4)].join(' '));
      const k = (i + n) % chosen.length;
      const w = chosen[k]!;
      if (w.length > 5) out.push(chosen.map((x, j) => (j === k ? w.slice(0, 2) + w.slice(3) : x)).join(' '));
    }
  }
  return out;
}

describe('search index equivalence with the SQL search: text searches and filters', () => {
  it('text searches (words, prefixes, typos, phrases of 1 to 8 words) match and count alike', async () => {
    // The benchmark's terms (words, prefixes, typos, pairs), stop words, a mix of typos and words,
    // typos in other than ASCII letters, and longer searches from the places' own text.
    const terms = [
      ...searchTerms(240),
      'the garden',
      'the',
      'to',
      'brokside',
      'brokside market',
      'gardn markt',
      'of the',
      'jardín',
      'gärdn markt',
      'café',
      ...(await longSearches()),
    ];
    const used = { index: 0, sql: 0 };
    for (const [i, search] of terms.entries()) {
      used[await compare({ ...base, search, limit: 3, offset: i % 4 === 0 ? 3 : 0 })]++;
    }
    // Every search is the index's, typos in any letters included.
    expect(used).toEqual({ index: terms.length, sql: 0 });
  }, 240_000);

  it('category, tags, radius, hours and their combinations, every page size', async () => {
    // The window filter keeps some places and drops others, so comparing its answers says something.
    const all = (await searchLocationsSql(database.db, { ...base, limit: 1 })).total;
    const mornings = (await searchLocationsSql(database.db, { ...base, days: ['sat'], from: 480, to: 720, limit: 1 }))
      .total;
    expect(mornings).toBeGreaterThan(0);
    expect(mornings).toBeLessThan(all);
    const points = searchPoints(40);
    const terms = searchTerms(60);
    const pays = PAY_FILTERS;
    const access = ACCESS_FILTERS;
    // The facets and the freshness split the places, so comparing their answers says something.
    const snap = (await searchLocationsSql(database.db, { ...base, pay: ['snap'], limit: 1 })).total;
    const snapWic = (await searchLocationsSql(database.db, { ...base, pay: ['snap', 'wic'], limit: 1 })).total;
    expect(snap).toBeGreaterThan(snapWic);
    expect(snapWic).toBeGreaterThan(0);
    const [split] = (
      (await database.db.execute(
        sql`select count(*) filter (where facts_at < ${'2024-06-13T15:00:00Z'}::timestamptz)::int as stale,
                   count(*) filter (where facts_at >= ${'2024-06-13T15:00:00Z'}::timestamptz)::int as fresh,
                   count(*) filter (where facts_at is null)::int as unknown
              from locations where not hidden`,
      )) as unknown as { rows: Array<{ stale: number; fresh: number; unknown: number }> }
    ).rows;
    for (const n of Object.values(split!)) expect(Number(n)).toBeGreaterThan(20);
    for (let i = 0; i < 40; i++) {
      const p = points[i]!;
      const cat = BENCH_CATEGORIES[i % BENCH_CATEGORIES.length] as Query['category'];
      const tag = tagIds[(i * 7) % tagIds.length]!;
      const tag2 = tagIds[(i * 3 + 1) % tagIds.length]!;
      const queries: Query[] = [
        { ...base, category: cat, tagIds: [tag, tag2], limit: 3, offset: 0 },
        { ...base, lat: p.lat, lng: p.lng, radius: 1 + (i % 5), limit: 3, offset: i % 3 },
        { ...base, lat: p.lat, lng: p.lng, search: terms[i], category: cat, tagIds: [tag], limit: 3, offset: 0 },
        { ...base, openNow: true, category: cat, limit: 3, offset: 0 },
        { ...base, inSeason: true, lat: p.lat, lng: p.lng, limit: 3, offset: 0 },
        { ...base, openNow: true, search: terms[i + 1], limit: 2 },
        // Open when I can go (decision 0802): today's window half gone, evenings, a whole day.
        { ...base, days: ['sat', 'sun'], from: 8 * 60, to: 12 * 60, category: cat, limit: 3, offset: i % 3 },
        { ...base, days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 17 * 60, to: 21 * 60, search: terms[i + 3] },
        { ...base, days: [(['mon', 'wed', 'sun'] as const)[i % 3]!], lat: p.lat, lng: p.lng, limit: 3 },
        { ...base, days: ['tue'], from: 22 * 60 + 30, to: 24 * 60, inSeason: true, limit: 3 },
        { ...base, category: cat, limit: 100, offset: 20 },
        { ...base, tagIds: [tag], search: terms[i + 2] },
        { ...base, lat: p.lat, lng: p.lng, radius: 2 },
        // The facets (decision 0803), alone and with every other filter; name order pages across
        // the fresh and stale groups (decision 0805).
        { ...base, pay: [pays[i % pays.length]!], limit: 20, offset: (i % 4) * 37 },
        { ...base, access: [access[i % access.length]!, access[(i + 3) % access.length]!], limit: 10 },
        { ...base, pay: ['snap'], access: [access[i % access.length]!], category: cat, limit: 3, offset: i % 3 },
        { ...base, pay: ['credit'], search: terms[i + 4], limit: 5 },
        { ...base, access: ['wheelchair'], lat: p.lat, lng: p.lng, radius: 3, limit: 5, offset: i % 2 },
        { ...base, pay: ['snap'], tagIds: [tag], limit: 3 },
        { ...base, access: ['free', 'everyone'], openNow: true, limit: 3 },
        { ...base, pay: ['wic'], days: ['sat'], from: 8 * 60, to: 12 * 60, limit: 3 },
        { ...base, limit: 25, offset: 1200 + i * 40 },
      ];
      for (const q of queries) await compare(q);
    }
  }, 120_000);
});

describe('search index equivalence with the SQL search: the map, and long searches', () => {
  it("answers the map's points, totals, bounds and clusters as its SQL does", async () => {
    const points = searchPoints(12);
    const terms = searchTerms(12);
    // Some places without coordinates, which the map never shows; some approximate (decision 0804).
    await database.db.execute(sql`update locations set latitude = null, longitude = null where id % 89 = 0`);
    await database.db.execute(sql`update locations set point_approximate = true where id % 7 = 0`);
    let clustered = 0;
    for (let i = 0; i < 12; i++) {
      const p = points[i]!;
      const cat = BENCH_CATEGORIES[i % BENCH_CATEGORIES.length] as Query['category'];
      const filters: SearchFilters[] = [
        { ...base },
        { ...base, category: cat },
        { ...base, search: terms[i], tagIds: [tagIds[i % tagIds.length]!] },
        { ...base, lat: p.lat, lng: p.lng, radius: 2 + (i % 4) },
        { ...base, openNow: true, category: cat },
        { ...base, days: ['sat'], from: 8 * 60, to: 12 * 60, category: cat },
        { ...base, pay: ['snap'], access: ['parking'] },
        { ...base, search: 'the' },
      ];
      for (const f of filters) {
        const bare = await mapWithIndex(searchIndex, f, null, Number.POSITIVE_INFINITY, false);
        expect(JSON.parse(bare!)).toEqual(JSON.parse(await searchPointsJsonSql(database.db, f)));
        for (const [view, limit] of [
          [null, 1000],
          [null, 10],
          [tileArea({ west: p.lng - 0.3, south: p.lat - 0.15, east: p.lng + 0.3, north: p.lat + 0.15 }, 11), 10],
          [
            tileArea(
              { west: p.lng - 0.05, south: p.lat - 0.03, east: p.lng + 0.05, north: p.lat + 0.03 },
              13 + (i % 3),
            ),
            10,
          ],
        ] as const) {
          const got = JSON.parse((await mapWithIndex(searchIndex, f, view, limit))!) as MapAnswer;
          const want = JSON.parse(await searchMapJsonSql(database.db, f, view, limit)) as MapAnswer;
          // A cluster's centre is an average: summed in another order it may differ in the last
          // bit, and so, rarely, in its fifth (rounded) decimal.
          const centres = (a: MapAnswer) => a.clusters.map((c) => [c.lat, c.lng]);
          const rest = (a: MapAnswer) => ({ ...a, clusters: a.clusters.map((c) => ({ ...c, lat: 0, lng: 0 })) });
          expect(rest(got)).toEqual(rest(want));
          centres(got).forEach(([lat, lng], k) => {
            expect(Math.abs(lat! - centres(want)[k]![0]!)).toBeLessThanOrEqual(1.01e-5);
            expect(Math.abs(lng! - centres(want)[k]![1]!)).toBeLessThanOrEqual(1.01e-5);
          });
          if (got.clusters.length) clustered++;
        }
      }
    }
    // The views did cluster (not only lists of points), and approximate points said so.
    expect(clustered).toBeGreaterThan(10);
    const listed = JSON.parse(await searchPointsJsonSql(database.db, base)) as MapAnswer['points'];
    expect(listed.filter((pt) => pt.approximate).length).toBe(listed.filter((pt) => pt.id % 7 === 0).length);
    // At the edge of the points limit: exactly as many places in view as it allows, and one more.
    const p = points[0]!;
    const view = tileArea({ west: p.lng - 0.02, south: p.lat - 0.01, east: p.lng + 0.02, north: p.lat + 0.01 }, 14);
    const inView = (JSON.parse(await searchMapJsonSql(database.db, base, view, 200)) as MapAnswer).points.length;
    expect(inView).toBeGreaterThan(2);
    for (const limit of [inView, inView - 1]) {
      const got = JSON.parse((await mapWithIndex(searchIndex, base, view, limit))!) as MapAnswer;
      expect(got).toEqual(JSON.parse(await searchMapJsonSql(database.db, base, view, limit)));
    }
  }, 120_000);

  it('an eight-word search needs every word, the eighth as much as the first', async () => {
    // One place holds all eight words, another seven of them (not 'loop').
    await database.db.execute(
      sql`update locations set name = 'Quenby Loose Park', description = 'Rose garden, pond and walking loop.' where id = 11`,
    );
    await database.db.execute(
      sql`update locations set name = 'Quenby Loose Park Annex', description = 'Rose garden, pond and walking trail.' where id = 13`,
    );
    // The eighth word of the searches below that is a word some other place holds.
    await database.db.execute(sql`update locations set name = 'Quenby Apples Orchard' where id = 12`);
    const seven = 'quenby loose park rose garden pond walking';
    const eight = `${seven} loop`;
    expect((await searchWithIndex(searchIndex, { ...base, search: eight }, NOW))?.ids).toEqual([11]);
    expect((await searchLocationsSql(database.db, { ...base, search: eight })).items.map((l) => l.id)).toEqual([11]);
    expect(await compare({ ...base, search: eight })).toBe('index');
    const both = await searchWithIndex(searchIndex, { ...base, search: seven }, NOW);
    expect([...both!.ids].sort((a, b) => a - b)).toEqual([11, 13]);
    expect(await compare({ ...base, search: seven })).toBe('index');
    for (const eighth of ['apples', 'zqxvwj']) {
      const search = `${seven} ${eighth}`;
      expect(await compare({ ...base, search })).toBe('index');
      expect((await searchWithIndex(searchIndex, { ...base, search }, NOW))?.ids).toEqual([]);
      expect((await searchLocationsSql(database.db, { ...base, search })).total).toBe(0);
    }
  }, 60_000);
});

describe('search index equivalence with the SQL search: following writes made in SQL', () => {
  it('follows attributes and confirmations written in SQL: facets and freshness move', async () => {
    const [first] = (await searchLocationsSql(database.db, { ...base, limit: 1 })).items;
    const [stale] = (
      (await database.db.execute(
        sql`select id from locations where not hidden and facts_at < ${'2024-06-13T15:00:00Z'}::timestamptz
             order by lower(name), name, id limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    // Confirmed now: its facts are fresh, and in name order it joins the fresh places.
    await database.db.execute(
      sql`insert into location_verifications (location_id, verified_by, at) values (${stale!.id}, 'test', ${NOW.toISOString()}::timestamptz)`,
    );
    await database.db.execute(
      sql`update locations set attributes = '{"sfmnp": true, "bikeParking": true}' where id = ${first!.id}`,
    );
    for (const q of [
      { ...base },
      { ...base, pay: ['sfmnp'], access: ['bike-parking'] } as Query,
      { ...base, pay: ['snap'] } as Query,
    ])
      expect(await compare(q)).toBe('index');
    const page = await searchWithIndex(searchIndex, { ...base, pay: ['sfmnp'], access: ['bike-parking'] }, NOW);
    expect(page?.ids).toContain(first!.id);
    // Deleting the confirmation makes the place stale again.
    await database.db.execute(
      sql`delete from location_verifications where location_id = ${stale!.id} and verified_by = 'test'`,
    );
    expect(await compare({ ...base })).toBe('index');
  }, 60_000);

  it("drops the typos' answers it keeps when a write moves the version", async () => {
    const typo: Query = { ...base, search: 'brokside' };
    const ids = async () => (await searchWithIndex(searchIndex, typo, NOW))!.ids;
    // Asked once, and kept for this version.
    expect(await compare(typo)).toBe('index');
    const before = await ids();
    // A place the typo does not match yet (the generated names are random: not a fixed id).
    const { rows: free } = (await database.db.execute(
      sql`select id from locations where not hidden and id <> all(${`{${before.join(',')}}`}::int[])
           order by id limit 1`,
    )) as unknown as { rows: Array<{ id: number }> };
    const renamed = Number(free[0]!.id);
    expect(before).not.toContain(renamed);
    // That place renamed to a name the typo is like, and one it matched hidden.
    await database.db.execute(sql`update locations set name = 'Brookside Zeta Garden' where id = ${renamed}`);
    if (before.length) await database.db.execute(sql`update locations set hidden = true where id = ${before[0]!}`);
    expect(await compare(typo)).toBe('index');
    const after = await ids();
    expect(after).toContain(renamed);
    if (before.length) expect(after).not.toContain(before[0]);
  }, 60_000);

  it('follows writes made in SQL: renamed, hidden, re-tagged and deleted places', async () => {
    await database.db.execute(sql`update locations set name = 'Aaa Zinnia Garden' where id = 5`);
    await database.db.execute(sql`update locations set hidden = true where id = 6`);
    await database.db.execute(sql`delete from location_tags where location_id = 7`);
    await database.db.execute(sql`delete from locations where id = 8`);
    expect(await compare({ ...base, search: 'zinnia' })).toBe('index');
    const page = await searchWithIndex(searchIndex, { ...base, search: 'zinnia' }, NOW);
    expect(page?.ids).toEqual([5]);
    for (const q of [
      { ...base, search: 'garden', limit: 50 },
      { ...base, tagIds: [tagIds[0]!] },
      { ...base, limit: 40 },
    ])
      expect(await compare(q)).toBe('index');
  }, 60_000);
});
