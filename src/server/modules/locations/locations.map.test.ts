// GET /api/locations/map (decision 0203): every point while there are few, else the view's
// clusters and points, grouped by grid cell. MAP_POINT_LIMIT is 4 here so that a dozen
// places are "many".
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MapAnswer, MapView } from '../../../shared/schemas/location-query.js';
import { MAP_CELL_PX, mercatorLatLng, mercatorPixel } from '../../../shared/map-grid.js';
import { locations } from '../../db/schema.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-env.js';

const ZOOM = 10;

// The middle of the grid cell that holds downtown Kansas City at ZOOM: a group placed within a few
// metres of it shares that cell.
const downtown = mercatorPixel(39.0997, -94.5786, ZOOM);
const cellMiddle = mercatorLatLng(
  (Math.floor(downtown.x / MAP_CELL_PX) + 0.5) * MAP_CELL_PX,
  (Math.floor(downtown.y / MAP_CELL_PX) + 0.5) * MAP_CELL_PX,
  ZOOM,
);
// Two lone places two cells away (one cell is about 10 miles wide at zoom 10).
const EAST = { latitude: cellMiddle.lat, longitude: cellMiddle.lng + 0.4 };
const NORTH = { latitude: cellMiddle.lat + 0.3, longitude: cellMiddle.lng };

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ env: { MAP_POINT_LIMIT: '4' } });
const unique = `m${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

const get = async (qs: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/locations/map?search=${unique}${qs}`, headers });
const answer = async (qs: string): Promise<MapAnswer> => {
  const res = await get(qs);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const viewQuery = (v: MapView) => `&west=${v.west}&south=${v.south}&east=${v.east}&north=${v.north}&zoom=${v.zoom}`;
// A degree around the downtown cell at ZOOM: the crowded cell and both lone places.
const aroundDowntown = {
  west: cellMiddle.lng - 1,
  south: cellMiddle.lat - 1,
  east: cellMiddle.lng + 1,
  north: cellMiddle.lat + 1,
  zoom: ZOOM,
};

beforeAll(async () => {
  const place = async (key: string, category: string, point: { latitude: number; longitude: number } | null) => {
    const res = await injectJson(t.app, 'POST', '/api/locations', {
      name: `${key} ${unique}`,
      category,
      address: category === 'resource' ? '' : '1 Main St',
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
    // Coordinates set directly: the test must not depend on the geocoder.
    await t.database.db
      .update(locations)
      .set(point ?? { latitude: null, longitude: null })
      .where(eq(locations.id, ids[key]!));
  };
  for (let i = 0; i < 8; i++) {
    await place(`Downtown ${i}`, 'farmers-market', {
      latitude: cellMiddle.lat + i * 1e-5,
      longitude: cellMiddle.lng - i * 1e-5,
    });
  }
  await place('East Park', 'park', EAST);
  await place('North Park', 'park', NORTH);
  await place('Seed Library', 'resource', null);
  t.app.dataVersion.bump();
}, 120_000);

describe('map view API: every point, the total and clusters', () => {
  it('answers every point when the matches are within the limit', async () => {
    const parks = await answer('&category=park');
    expect(parks.complete).toBe(true);
    expect(parks.total).toBe(2);
    expect(parks.clusters).toEqual([]);
    expect(parks.points.map((p) => p.id).sort()).toEqual([ids['East Park'], ids['North Park']].sort());
    expect(Object.keys(parks.points[0]!).sort()).toEqual(['category', 'id', 'lat', 'lng', 'name', 'slug']);
    expect(parks.bounds).toEqual({
      west: NORTH.longitude,
      south: EAST.latitude,
      east: EAST.longitude,
      north: NORTH.latitude,
    });
    // A view changes nothing then: the map already has them all.
    expect(
      await answer(`&category=park${viewQuery({ west: -95, south: 38.9, east: -94.9, north: 39, zoom: ZOOM })}`),
    ).toEqual(parks);
  });

  it('answers only the total and the bounds of many matches without a view', async () => {
    const all = await answer('');
    expect(all).toMatchObject({ total: 10, complete: false, points: [], clusters: [] });
    expect(all.bounds!.east).toBeCloseTo(EAST.longitude, 9);
    expect(all.bounds!.north).toBeCloseTo(NORTH.latitude, 9);
    expect(all.bounds!.west).toBeCloseTo(cellMiddle.lng - 7e-5, 9);
  });

  it('groups the view by grid cell: a cluster per crowded cell, lone places as points', async () => {
    const a = await answer(viewQuery(aroundDowntown));
    expect(a.total).toBe(10);
    expect(a.complete).toBe(false);
    expect(a.clusters).toHaveLength(1);
    const [group] = a.clusters;
    expect(group!.count).toBe(8);
    expect(group!.lat).toBeCloseTo(cellMiddle.lat + 3.5e-5, 4);
    expect(group!.west).toBeCloseTo(cellMiddle.lng - 7e-5, 4);
    expect(group!.east).toBeCloseTo(cellMiddle.lng, 4);
    expect(a.points.map((p) => p.name).sort()).toEqual([`East Park ${unique}`, `North Park ${unique}`]);
    const east = a.points.find((p) => p.id === ids['East Park'])!;
    expect(east).toMatchObject({ category: 'park', lat: EAST.latitude, lng: EAST.longitude });
    expect(east.slug).toMatch(/^east-park-/);
  });
});

describe('map view API: points in view, filters, bad views and the ETag', () => {
  it('answers the places in view as points when they are few', async () => {
    const aroundEast = {
      west: EAST.longitude - 0.1,
      south: EAST.latitude - 0.1,
      east: EAST.longitude + 0.1,
      north: EAST.latitude + 0.1,
      zoom: 12,
    };
    const a = await answer(viewQuery(aroundEast));
    expect(a).toMatchObject({ total: 10, complete: false, clusters: [] });
    expect(a.points.map((p) => p.id)).toEqual([ids['East Park']]);
    const empty = { west: -100, south: 30, east: -99.9, north: 30.1, zoom: 12 };
    expect(await answer(viewQuery(empty))).toMatchObject({ total: 10, points: [], clusters: [] });
  });

  it('applies the list filters to the clusters too', async () => {
    const markets = await answer(`&category=farmers-market${viewQuery(aroundDowntown)}`);
    expect(markets.total).toBe(8);
    expect(markets.clusters.map((c) => c.count)).toEqual([8]);
    expect(markets.points).toEqual([]);
    const none = await answer(`&category=community-garden${viewQuery(aroundDowntown)}`);
    expect(none).toEqual({ total: 0, bounds: null, complete: true, points: [], clusters: [] });
  });

  it('refuses a partial, inverted or oversized view with the field named', async () => {
    const cases: [string, string, string][] = [
      ['&west=-95&south=39&east=-94', 'west', 'west, south, east, north and zoom must be given together'],
      ['&west=-94&south=39&east=-95&north=39.5&zoom=10', 'west', 'west must be less than east'],
      ['&west=-95&south=39.5&east=-94&north=39&zoom=10', 'south', 'south must be less than north'],
      ['&west=-180&south=-80&east=180&north=80&zoom=12', 'zoom', 'The map view is too large for its zoom level'],
      ['&west=-95&south=39&east=-94&north=39.5&zoom=21', 'zoom', 'zoom must be 0 to 20'],
      ['&west=-95&south=39&east=-94&north=89&zoom=10', 'north', 'north is above the map'],
      ['&west=abc&south=39&east=-94&north=39.5&zoom=10', 'west', ''],
    ];
    for (const [qs, field, message] of cases) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      const body = res.json();
      expect(Object.keys(body.errors), qs).toContain(field);
      if (message) expect(body.errors[field], qs).toBe(message);
    }
  });

  it.runIf(!testDatabaseUrl)('revalidates with the ETag until something is written', async () => {
    const first = await get('');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('', { 'if-none-match': etag })).statusCode).toBe(304);
    await injectJson(t.app, 'PATCH', `/api/locations/${ids['North Park']}`, { name: `North Park renamed ${unique}` });
    expect((await get('', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});
