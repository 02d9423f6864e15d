// The Discover facets (decision 0803) and fresh facts before stale (0805): each facet alone and
// combined, counted and paged on the list, map and exports; "no" and unknown never match; bad names
// 400; stale places last, through the index and through SQL, on a pinned clock.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factsAge } from '../../../shared/facts-age.js';
import type { PlaceAttributesInput } from '../../../shared/place-attributes.js';
import type { Location } from '../../../shared/schemas/location.js';
import { setClock } from '../../lib/clock.js';
import { injectJson, jsonHeaders, signInAdmin, type TestApp, useTestApp } from '../../test/test-app.js';

// Saturday 13 June 2026, 10:00 in Kansas City (CDT, UTC-5).
const SAT_10AM = new Date('2026-06-13T15:00:00Z');
const ADMIN = { username: 'facets-admin', password: 'correct horse battery' };

/** The places the facet tests search, on the pinned clock; answers the id of their tag. */
async function seedFacetPlaces(t: TestApp): Promise<number> {
  t.app.dataVersion.setCaching(false);
  setClock(SAT_10AM);
  const tagId = (await injectJson(t.app, 'POST', '/api/tags', { name: 'Kiosk', category: 'other' })).json().id;
  const places: Array<[string, string, PlaceAttributesInput, string | null, number]> = [
    [
      'Alpha',
      'park',
      { snap: true, wic: true, wheelchair: 'yes', restroom: true, free: true, eligibility: 'everyone' },
      'Mo-Su 08:00-20:00',
      39.1,
    ],
    ['Bravo', 'farmers-market', { snap: false, wic: true, parking: true, credit: true }, 'Sa 08:00-13:00', 39.11],
    ['Charlie', 'farmers-market', {}, 'Sa 07:00-12:00', 39.12],
    [
      'Delta',
      'farmers-market',
      { snap: true, doubleUp: true, sfmnp: true, wheelchair: 'limited', busStop: true, bikeParking: true },
      null,
      39.13,
    ],
    [
      'Echo',
      'park',
      { snap: true, accessibleRestroom: true, restroom: true, parking: true, eligibility: 'restricted', free: false },
      null,
      39.3,
    ],
    [
      'Foxtrot',
      'community-garden',
      { snap: true, credit: true, wheelchair: 'no', free: true, eligibility: 'everyone' },
      null,
      39.14,
    ],
  ];
  for (const [name, category, attributes, openingHours, latitude] of places) {
    const res = await injectJson(t.app, 'POST', '/api/locations', {
      name: `Facetfilter ${name}`,
      category,
      description: name === 'Alpha' ? 'A rose garden.' : undefined,
      address: '1 Main St, Kansas City, MO 64105',
      latitude,
      longitude: -94.58,
      openingHours,
      attributes,
      tagIds: name === 'Foxtrot' || name === 'Bravo' ? [tagId] : [],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return tagId;
}

describe('pay and access facets', () => {
  const t = useTestApp();
  let tagId = 0;
  beforeAll(async () => {
    tagId = await seedFacetPlaces(t);
  }, 180_000);
  afterAll(() => {
    setClock(null);
    t.app.dataVersion.setCaching(true);
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=facetfilter&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: (res.json() as { name: string }[]).map((l) => l.name.slice(12)),
      total: res.headers['x-total-count'],
    };
  };
  const names = async (query: string) => (await list(query)).names;

  it('a facet matches only a known yes: no and unknown never do', async () => {
    // Bravo said no to SNAP and Charlie never said: neither is a SNAP place.
    expect(await list('pay=snap')).toEqual({ names: ['Alpha', 'Delta', 'Echo', 'Foxtrot'], total: '4' });
    expect(await names('pay=wic')).toEqual(['Alpha', 'Bravo']);
    expect(await names('pay=sfmnp')).toEqual(['Delta']);
    expect(await names('pay=double-up')).toEqual(['Delta']);
    expect(await names('pay=credit')).toEqual(['Bravo', 'Foxtrot']);
    // Wheelchair means yes only: Delta's "limited" and Foxtrot's "no" are not claimed.
    expect(await names('access=wheelchair')).toEqual(['Alpha']);
    expect(await names('access=accessible-restroom')).toEqual(['Echo']);
    expect(await names('access=restroom')).toEqual(['Alpha', 'Echo']);
    expect(await names('access=parking')).toEqual(['Bravo', 'Echo']);
    expect(await names('access=bike-parking')).toEqual(['Delta']);
    expect(await names('access=bus-stop')).toEqual(['Delta']);
    // Echo charges a fee and is restricted: neither free nor open to everyone.
    expect(await names('access=free')).toEqual(['Alpha', 'Foxtrot']);
    expect(await names('access=everyone')).toEqual(['Alpha', 'Foxtrot']);
  });

  it('needs every facet named, in any order and case', async () => {
    expect(await names('pay=snap,wic')).toEqual(['Alpha']);
    expect(await names('pay=WIC, snap,snap')).toEqual(['Alpha']);
    expect(await names('pay=snap&access=free,everyone')).toEqual(['Alpha', 'Foxtrot']);
    expect(await names('pay=snap&access=wheelchair')).toEqual(['Alpha']);
    expect(await names('pay=snap,credit&access=parking')).toEqual([]);
    // An empty list filters nothing.
    expect((await list('pay=&access=')).total).toBe('6');
  });

  it('combines with the category, tags, words, a radius and the hours filters', async () => {
    expect(await names('pay=snap&category=farmers-market')).toEqual(['Delta']);
    expect(await names(`pay=credit&tagIds=${tagId}`)).toEqual(['Bravo', 'Foxtrot']);
    expect(await names(`pay=snap&tagIds=${tagId}`)).toEqual(['Foxtrot']);
    const roses = await t.app.inject({ method: 'GET', url: '/api/locations?search=rose&pay=snap,wic' });
    expect((roses.json() as { name: string }[]).map((l) => l.name)).toEqual(['Facetfilter Alpha']);
    const none = await t.app.inject({ method: 'GET', url: '/api/locations?search=rose&pay=credit' });
    expect(none.json()).toEqual([]);
    // Within 3 miles of Alpha, nearest first: Echo is far away.
    expect(await names('lat=39.1&lng=-94.58&radius=3&pay=snap')).toEqual(['Alpha', 'Delta', 'Foxtrot']);
    expect(await names('lat=39.3&lng=-94.58&radius=2&access=parking')).toEqual(['Echo']);
    // Saturday 10:00: Alpha, Bravo and Charlie are open.
    expect(await names('openNow=true&pay=wic')).toEqual(['Alpha', 'Bravo']);
    expect(await names('openNow=true&pay=snap')).toEqual(['Alpha']);
    expect(await names('days=sat&from=08:00&to=12:00&access=parking')).toEqual(['Bravo']);
    expect(await names('inSeason=true&access=everyone')).toEqual(['Alpha']);
  });

  it('counts every match and pages through them', async () => {
    expect(await list('pay=snap&limit=2')).toEqual({ names: ['Alpha', 'Delta'], total: '4' });
    expect(await list('pay=snap&limit=2&offset=2')).toEqual({ names: ['Echo', 'Foxtrot'], total: '4' });
    expect(await list('pay=snap&limit=2&offset=4')).toEqual({ names: [], total: '4' });
    expect(await list('access=restroom&limit=1&offset=1')).toEqual({ names: ['Echo'], total: '2' });
  });

  it('filters the map points, the map answer and the exports the same way', async () => {
    const q = 'search=facetfilter&pay=snap&access=free';
    const points = await t.app.inject({ method: 'GET', url: `/api/locations/points?${q}` });
    expect((points.json() as { name: string }[]).map((p) => p.name).sort()).toEqual([
      'Facetfilter Alpha',
      'Facetfilter Foxtrot',
    ]);
    const map = await t.app.inject({ method: 'GET', url: `/api/locations/map?${q}` });
    expect(map.json()).toMatchObject({ total: 2, complete: true });
    const csv = await t.app.inject({ method: 'GET', url: `/api/export/locations.csv?${q}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3); // the header and two places
  });

  it('answers 400 naming the field of an unknown facet', async () => {
    for (const [query, field] of [
      ['pay=bitcoin', 'pay'],
      ['pay=snap,bitcoin', 'pay'],
      ['access=ramp', 'access'],
      ['access=wheelchair&pay=snap-ebt', 'pay'],
    ]) {
      for (const path of [
        '/api/locations',
        '/api/locations/points',
        '/api/locations/map',
        '/api/export/locations.csv',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().errors[field], `${path}?${query}`).toMatch(/must be a comma list of/);
      }
    }
  });
});

/** The fresh and stale places of the freshness tests, their ids into `ids`. */
async function seedFreshAndStale(t: TestApp, ids: Record<string, number>): Promise<void> {
  t.app.dataVersion.setCaching(false);
  setClock(SAT_10AM);
  // Two pairs of places share a point, so that only freshness orders them by distance.
  const places: Array<[string, number]> = [
    ['Alpha', 39.1], // added in 2020, never confirmed: stale
    ['Bravo', 39.1], // added in 2020, confirmed last month: fresh
    ['Charlie', 39.2], // a source of 2015: stale
    ['Delta', 39.2], // a source of January 2025: fresh
    ['Echo', 39.35], // a source without a date, never confirmed: unknown, so stale
    ['Foxtrot', 39.45], // added today: fresh
  ];
  for (const [name, latitude] of places) {
    const res = await injectJson(t.app, 'POST', '/api/locations', {
      name: `Freshfacts ${name}`,
      category: 'park',
      address: '1 Main St, Kansas City, MO 64105',
      latitude,
      longitude: -94.58,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  }
  const db = t.database.db;
  await db.execute(
    sql`update locations set created_at = '2020-03-01T00:00:00Z' where id in (${ids.Alpha}, ${ids.Bravo})`,
  );
  const source = (id: number, at: string | null) =>
    db.execute(sql`update locations set source_name = 'USDA Farmers Market Directory',
                       source_published_at = ${at}::timestamptz where id = ${id}`);
  await source(ids.Charlie!, '2015-05-01T00:00:00Z');
  await source(ids.Delta!, '2025-01-15T00:00:00Z');
  await source(ids.Echo!, null);
  // Bravo is confirmed on the review desk, at the request's clock a month ago.
  setClock(new Date('2026-05-13T15:00:00Z'));
  const cookie = await signInAdmin(t, ADMIN);
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/admin/locations/${ids.Bravo}/verify`,
    headers: { cookie, ...jsonHeaders },
    payload: '{}',
  });
  expect(verified.statusCode, verified.body).toBe(201);
  setClock(SAT_10AM);
}

describe('stale facts sort after fresh ones', () => {
  const t = useTestApp({ admin: ADMIN });
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    await seedFreshAndStale(t, ids);
  }, 180_000);
  afterEach(() => {
    t.app.searchIndex.enabled = true;
  });
  afterAll(() => {
    setClock(null);
    t.app.dataVersion.setCaching(true);
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as Location[]).filter((l) => l.name.startsWith('Freshfacts'));
    return { items, names: items.map((l) => l.name.slice(11)), total: res.headers['x-total-count'] };
  };

  // The in-process index answers by default; switched off (SEARCH_INDEX=off), the SQL search does.
  for (const engine of ['index', 'sql'] as const) {
    describe(`through the ${engine}`, () => {
      const use = () => {
        if (engine === 'sql') t.app.searchIndex.enabled = false;
      };

      it('name order: fresh places by name, then stale ones, and the page says which', async () => {
        use();
        const all = await list('');
        expect(all.names).toEqual(['Bravo', 'Delta', 'Foxtrot', 'Alpha', 'Charlie', 'Echo']);
        // The shared rule (src/shared/facts-age.ts) reads the answer the same way.
        expect(all.items.map((l) => factsAge(l, SAT_10AM).stale)).toEqual([false, false, false, true, true, true]);
        expect(all.items.find((l) => l.name.endsWith('Echo'))).toMatchObject({
          source: { name: 'USDA Farmers Market Directory', publishedAt: null },
        });
      });

      it('pages across the fresh and stale groups with the right total', async () => {
        use();
        expect(await list('limit=3')).toMatchObject({ names: ['Bravo', 'Delta', 'Foxtrot'], total: '6' });
        expect(await list('limit=2&offset=2')).toMatchObject({ names: ['Foxtrot', 'Alpha'], total: '6' });
        expect(await list('limit=2&offset=4')).toMatchObject({ names: ['Charlie', 'Echo'], total: '6' });
        expect(await list('limit=5&offset=5')).toMatchObject({ names: ['Echo'], total: '6' });
        expect(await list('limit=5&offset=6')).toMatchObject({ names: [], total: '6' });
      });

      it('after the relevance: equal ranks and equal distances put fresh facts first', async () => {
        use();
        expect((await list('search=freshfacts')).names).toEqual([
          'Bravo',
          'Delta',
          'Foxtrot',
          'Alpha',
          'Charlie',
          'Echo',
        ]);
        // Nearest first; at one point the fresh place comes first whatever its name.
        expect((await list('lat=39.2&lng=-94.58&radius=20')).names).toEqual([
          'Delta',
          'Charlie',
          'Bravo',
          'Alpha',
          'Echo',
          'Foxtrot',
        ]);
      });

      it('goes stale as the clock moves, with no write', async () => {
        use();
        // Two years after Delta's source and Bravo's confirmation, both are stale too.
        setClock(new Date('2028-06-01T15:00:00Z'));
        try {
          expect((await list('')).names).toEqual(['Foxtrot', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
        } finally {
          setClock(SAT_10AM);
        }
      });
    });
  }
});
