import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.js';
import { injectJson, jsonHeaders, useTestApp } from '../../test/test-app.js';
import { boundingBox, buildTextQuery } from './locations.search.js';

// A point in Kansas City and places set at known distances north of it (1° latitude ≈ 69.05 mi).
const CENTER = { lat: 39.0997, lng: -94.5786 };
const north = (miles: number) => ({ latitude: CENTER.lat + miles / 69.05, longitude: CENTER.lng });

describe('buildTextQuery', () => {
  it('keeps only letters and digits as prefix terms', () => {
    expect(buildTextQuery("Brook's  side!")).toEqual({
      words: ['brook', 'side'],
      anyPrefix: 'brook:* | side:*',
      plain: 'brook s side',
    });
    expect(buildTextQuery("a' | b:* & !c <-> (d)")!.anyPrefix).toBe('a:* | b:* | c:* | d:*');
    expect(buildTextQuery("'); drop table locations; --")!.words).toEqual(['drop', 'table', 'locations']);
    expect(buildTextQuery('   ')).toBeNull();
    expect(buildTextQuery('Café 64110')!.words).toEqual(['café', '64110']);
  });

  it('makes a bounding box that holds the circle', () => {
    const b = boundingBox(CENTER.lat, CENTER.lng, 5);
    expect(b.maxLat - CENTER.lat).toBeGreaterThan(5 / 69.2);
    expect(CENTER.lng - b.minLng).toBeGreaterThan(5 / (69.2 * Math.cos((CENTER.lat * Math.PI) / 180)));
  });
});

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp();
const ids: Record<string, number> = {};
const tagIds: Record<string, number> = {};
const unique = `q${Date.now().toString(36)}`;

const post = async (url: string, body: unknown) => {
  const res = await injectJson(t.app, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const list = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/locations?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return {
    names: (res.json() as { name: string }[]).map((l) => l.name),
    body: res.json(),
    total: res.headers['x-total-count'],
  };
};

beforeAll(async () => {
  for (const name of ['Pollinator', 'Wheelchair', 'Honey'])
    tagIds[name] = (await post('/api/tags', { name: `${name} ${unique}` })).id;
  const places: [string, string, string, string, number[], { latitude: number; longitude: number } | null][] = [
    [
      'Brookside Community Garden',
      'community-garden',
      'Raised beds for neighbours.',
      '6300 Brookside Blvd, Kansas City, MO 64113',
      [tagIds.Pollinator!, tagIds.Wheelchair!],
      north(3),
    ],
    [
      'City Market',
      'farmers-market',
      'Produce stalls every Saturday, near brookside trails.',
      '20 E 5th St, Kansas City, MO 64106',
      [tagIds.Honey!],
      north(0),
    ],
    [
      'Far Away Farm',
      'local-farmer',
      'Pastured eggs and honey.',
      '1 Rural Rd, Lawrence, KS 66044',
      [tagIds.Honey!, tagIds.Pollinator!],
      north(8),
    ],
    [
      'Swope Park',
      'park',
      'Big park with pollinator meadows.',
      '6900 Swope Pkwy, Kansas City, MO 64132',
      [tagIds.Pollinator!],
      north(4.5),
    ],
    [
      'Seed Library Resource',
      'resource',
      'Borrow seeds.',
      '',
      [tagIds.Pollinator!, tagIds.Wheelchair!, tagIds.Honey!],
      null,
    ],
  ];
  for (const [name, category, description, address, tags, point] of places) {
    const loc = await post('/api/locations', {
      name: `${name} ${unique}`,
      category,
      description,
      address,
      tagIds: tags,
    });
    ids[name] = loc.id;
    // Coordinates set directly: the test must not depend on the geocoder.
    await t.database.db
      .update(locations)
      .set(point ?? { latitude: null, longitude: null })
      .where(eq(locations.id, loc.id));
  }
}, 180_000);

const mine = (names: string[]) => names.filter((n) => n.endsWith(unique)).map((n) => n.slice(0, -unique.length - 1));

describe('locations search API: listing, category and full text', () => {
  it('lists everything without filters (category omitted or all), sorted by name, with X-Total-Count', async () => {
    const all = await list('');
    expect(mine(all.names)).toEqual([
      'Brookside Community Garden',
      'City Market',
      'Far Away Farm',
      'Seed Library Resource',
      'Swope Park',
    ]);
    expect(all.total).toBe(String(all.names.length));
    expect(mine((await list('category=all')).names)).toHaveLength(5);
  });

  it('filters by category', async () => {
    expect(mine((await list('category=park')).names)).toEqual(['Swope Park']);
    expect(mine((await list('category=resource')).names)).toEqual(['Seed Library Resource']);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations?category=zoo' })).statusCode).toBe(400);
  });

  it('finds by full text, by prefix and despite a typo', async () => {
    expect(mine((await list(`search=${unique}`)).names)).toHaveLength(5);
    // Prefix: 'brook' finds Brookside; the name match ranks above the description match.
    expect(mine((await list('search=brook')).names)).toEqual(['Brookside Community Garden', 'City Market']);
    // Typo: 'brokside' is not a prefix of anything, trigram similarity finds it.
    expect(mine((await list('search=brokside')).names)).toContain('Brookside Community Garden');
    // Tags and description and address are searched too.
    expect(mine((await list(`search=wheelchair%20${unique}`)).names).sort()).toEqual([
      'Brookside Community Garden',
      'Seed Library Resource',
    ]);
    // Each word may match with a typo.
    expect(mine((await list(`search=brokside%20${unique}`)).names)).toEqual(['Brookside Community Garden']);
    expect(mine((await list('search=pastured')).names)).toEqual(['Far Away Farm']);
    expect(mine((await list('search=64132')).names)).toEqual(['Swope Park']);
    // Words are ANDed.
    expect(mine((await list(`search=swope%20meadows%20${unique}`)).names)).toEqual(['Swope Park']);
    expect(mine((await list('search=zzzzqqqq')).names)).toEqual([]);
    // Operators and quotes in the text are just text, never a 500.
    for (const q of ["'", '!', '&|', "o'brien:*", '(((', '\\', '<->']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('ranks the best text match first', async () => {
    // 'brookside' is in one name and in another place's description: the name ranks first, on the
    // index (decision 0513) as in SQL (ts_rank, decision 0501), whichever answers.
    expect(mine((await list('search=brookside')).names)).toEqual(['Brookside Community Garden', 'City Market']);
    expect(mine((await list('search=honey')).names)).toHaveLength(3);
  });
});

describe('locations search API: tags, radius, combined filters and paging', () => {
  it('filters by tags: a place must carry all chosen tags', async () => {
    expect(mine((await list(`tagIds=${tagIds.Pollinator}`)).names)).toEqual([
      'Brookside Community Garden',
      'Far Away Farm',
      'Seed Library Resource',
      'Swope Park',
    ]);
    expect(mine((await list(`tagIds=${tagIds.Pollinator},${tagIds.Wheelchair}`)).names)).toEqual([
      'Brookside Community Garden',
      'Seed Library Resource',
    ]);
    expect(mine((await list(`tagIds=${tagIds.Pollinator},${tagIds.Wheelchair},${tagIds.Honey}`)).names)).toEqual([
      'Seed Library Resource',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations?tagIds=1,x' })).statusCode).toBe(400);
  });

  it('filters by radius (default 5 miles), answers distance and orders by it', async () => {
    const near = await list(`lat=${CENTER.lat}&lng=${CENTER.lng}`);
    // 0 mi and 3 mi and 4.5 mi in; 8 mi out; no coordinates out.
    expect(mine(near.names)).toEqual(['City Market', 'Brookside Community Garden', 'Swope Park']);
    const brookside = (near.body as { id: number; distance: number }[]).find(
      (l) => l.id === ids['Brookside Community Garden'],
    );
    expect(brookside!.distance).toBeGreaterThan(2.95);
    expect(brookside!.distance).toBeLessThan(3.05);
    expect(mine((await list(`lat=${CENTER.lat}&lng=${CENTER.lng}&radius=10`)).names)).toContain('Far Away Farm');
    expect(mine((await list(`lat=${CENTER.lat}&lng=${CENTER.lng}&radius=4`)).names)).toEqual([
      'City Market',
      'Brookside Community Garden',
    ]);
    // Text rank first, then distance: the name 3 mi away before the description 0 mi away.
    expect(mine((await list(`search=brookside&lat=${CENTER.lat}&lng=${CENTER.lng}&radius=10`)).names)).toEqual([
      'Brookside Community Garden',
      'City Market',
    ]);
    const noPoint = (await list('category=park')).body[0];
    expect(noPoint).not.toHaveProperty('distance');
    expect((await t.app.inject({ method: 'GET', url: `/api/locations?lat=${CENTER.lat}` })).statusCode).toBe(400);
  });

  it('combines every filter', async () => {
    const res = await list(
      `category=community-garden&search=garden&tagIds=${tagIds.Pollinator}&lat=${CENTER.lat}&lng=${CENTER.lng}&radius=5`,
    );
    expect(mine(res.names)).toEqual(['Brookside Community Garden']);
  });

  it('pages in SQL with limit and offset, the total in X-Total-Count', async () => {
    const q = `search=${unique}`;
    const all = mine((await list(q)).names);
    const p1 = await list(`${q}&limit=2&offset=0`);
    const p2 = await list(`${q}&limit=2&offset=2`);
    const p3 = await list(`${q}&limit=2&offset=4`);
    expect(p1.total).toBe('5');
    expect(p2.total).toBe('5');
    expect([...mine(p1.names), ...mine(p2.names), ...mine(p3.names)]).toEqual(all);
    expect(p3.names).toHaveLength(1);
    const past = await list(`${q}&limit=2&offset=10`);
    expect(past.names).toEqual([]);
    expect(past.total).toBe('5');
    expect((await t.app.inject({ method: 'GET', url: '/api/locations?limit=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations?limit=1000' })).statusCode).toBe(400);
  });
});

describe('locations search API: map points and tag renames', () => {
  it('answers light map points for places with coordinates, with the same filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations/points?search=${unique}` });
    expect(res.statusCode).toBe(200);
    const points = res.json() as Record<string, unknown>[];
    expect(points).toHaveLength(4);
    const brookside = points.find((p) => p.id === ids['Brookside Community Garden'])!;
    expect(Object.keys(brookside).sort()).toEqual(['category', 'id', 'lat', 'lng', 'name', 'slug']);
    expect(brookside).toMatchObject({ category: 'community-garden', lng: CENTER.lng });
    const near = (
      await t.app.inject({
        method: 'GET',
        url: `/api/locations/points?search=${unique}&lat=${CENTER.lat}&lng=${CENTER.lng}`,
      })
    ).json();
    expect(near).toHaveLength(3);
    const tagged = (await t.app.inject({ method: 'GET', url: `/api/locations/points?tagIds=${tagIds.Honey}` })).json();
    expect(tagged.map((p: { id: number }) => p.id).sort()).toEqual([ids['City Market'], ids['Far Away Farm']].sort());
  });

  it('keeps tag search in step with tag renames', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tags/${tagIds.Wheelchair}`,
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Stepfree ${unique}` }),
    });
    expect(mine((await list('search=stepfree')).names).sort()).toEqual([
      'Brookside Community Garden',
      'Seed Library Resource',
    ]);
    expect(mine((await list('search=wheelchair')).names)).toEqual([]);
  });
});
