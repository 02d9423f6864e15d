import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';
import { LOCATION_LIST_QUERY_FIELDS, locationListQuerySchema } from '../../../shared/schemas/location-query.js';
import zlib from 'node:zlib';
import { DataVersion } from '../../lib/data-version.js';
import { createSearchCache, gzippedBody, writeMayChangeSearch } from './cache.js';
import { searchKey } from './index.js';
import { testDatabaseUrl } from '../../test/test-env.js';

describe('search cache', () => {
  it('shares one computation between concurrent misses and serves hits until the version moves', async () => {
    const cache = createSearchCache(new DataVersion());
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return { body: `[${runs}]`, total: runs };
    };
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect((await cache.get('k', compute)).body.toString()).toBe('[1]');
    expect(runs).toBe(1);
  });

  it('compresses an answer once, for every request that asks for gzip while it runs', async () => {
    const cache = createSearchCache(new DataVersion());
    const body = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `place ${i}` })));
    const answer = await cache.get('big', async () => ({ body }));
    const [a, b] = await Promise.all([gzippedBody(answer), gzippedBody(answer)]);
    expect(a).toBe(b);
    expect(zlib.gunzipSync(a!).toString()).toBe(body);
  });

  it('bumps on writes that can change a search, not on counters', () => {
    expect(writeMayChangeSearch('GET', '/api/locations')).toBe(false);
    expect(writeMayChangeSearch('PATCH', '/api/locations/:id')).toBe(true);
    expect(writeMayChangeSearch('POST', '/api/reports')).toBe(true);
    expect(writeMayChangeSearch('POST', '/api/locations/:id/view')).toBe(false);
    expect(writeMayChangeSearch('POST', '/api/locations/:id/confirm')).toBe(false);
    expect(writeMayChangeSearch('POST', undefined)).toBe(true);
  });
});

describe('the search cache key', () => {
  const key = (q: Record<string, string>) => searchKey('list', locationListQuerySchema.parse(q));
  // One value per filter, each different from the default; lat/lng/radius need a point.
  const point = { lat: '39.1', lng: '-94.6' };
  const samples: Record<string, Record<string, string>> = {
    category: { category: 'park' },
    search: { search: 'roses' },
    tagIds: { tagIds: '3' },
    lat: { lat: '39.2', lng: '-94.6' },
    lng: { lat: '39.1', lng: '-94.5' },
    radius: { ...point, radius: '25' },
    limit: { limit: '5' },
    offset: { offset: '10' },
    openNow: { openNow: 'true' },
    inSeason: { inSeason: 'true' },
    days: { days: 'sat' },
    from: { days: 'sat', from: '08:00', to: '24:00' },
    to: { days: 'sat', from: '00:00', to: '12:00' },
    pay: { pay: 'snap' },
    access: { access: 'wheelchair' },
  };

  it('differs for every filter of the list query, so no new filter can share another answer', () => {
    expect(Object.keys(samples).sort()).toEqual([...LOCATION_LIST_QUERY_FIELDS].sort());
    for (const [field, q] of Object.entries(samples)) {
      const base = field === 'lat' || field === 'lng' || field === 'radius' ? point : {};
      expect(key(q), field).not.toBe(key(base));
    }
  });

  it('is the same for queries that mean the same', () => {
    expect(key({ tagIds: '3,1' })).toBe(key({ tagIds: '1,3,3' }));
    expect(key({ category: 'all' })).toBe(key({}));
    expect(key({ search: '  Roses ' })).toBe(key({ search: 'roses' }));
    expect(key({ radius: '25' })).toBe(key({})); // no point: the radius means nothing
    expect(key({ openNow: 'false', inSeason: 'false' })).toBe(key({})); // false filters nothing
    expect(key({ days: 'sun,sat,sat' })).toBe(key({ days: 'sat,sun' }));
    // The facets in their list's order, whatever the URL's (decision 0803); none is no filter.
    expect(key({ pay: 'wic,SNAP,snap', access: 'free,wheelchair' })).toBe(
      key({ pay: 'snap,wic', access: 'wheelchair,free' }),
    );
    expect(key({ pay: '', access: '' })).toBe(key({}));
  });
});

describe('search answers stay right with the cache', () => {
  const t = useTestApp();
  const unique = `c${Date.now().toString(36)}`;

  it('shows a new or renamed place right after the write, and answers 304 to an unchanged map', async () => {
    const list = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=${unique}` });
      expect(res.statusCode).toBe(200);
      return { names: (res.json() as { name: string }[]).map((l) => l.name), total: res.headers['x-total-count'] };
    };
    expect(await list()).toEqual({ names: [], total: '0' });
    const before = t.app.dataVersion.current();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: jsonHeaders,
      payload: JSON.stringify({
        name: `Cache Garden ${unique}`,
        category: 'resource',
        description: 'Beds.',
        address: '',
        tagIds: [],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(t.app.dataVersion.current()).toBeGreaterThan(before);
    // Routes of other modules (registered after the hook) bump it too.
    const v = t.app.dataVersion.current();
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Tag ${unique}` }),
    });
    expect(tag.statusCode, tag.body).toBe(201);
    expect(t.app.dataVersion.current()).toBeGreaterThan(v);
    // A refused write (400, 415) changed nothing and leaves the cache as it is.
    const refusedAt = t.app.dataVersion.current();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: jsonHeaders,
      payload: JSON.stringify({ name: '' }),
    });
    expect(refused.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(t.app.dataVersion.current()).toBe(refusedAt);
    expect(await list()).toEqual({ names: [`Cache Garden ${unique}`], total: '1' });

    const points = await t.app.inject({ method: 'GET', url: `/api/locations/points?search=${unique}` });
    const etag = (points.headers.etag as string | undefined) ?? '"none"';
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/locations/points?search=${unique}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const id = created.json().id as number;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Cache Meadow ${unique}` }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list()).names).toEqual([`Cache Meadow ${unique}`]);
    const afterWrite = await t.app.inject({
      method: 'GET',
      url: `/api/locations/points?search=${unique}`,
      headers: { 'if-none-match': etag },
    });
    expect(afterWrite.statusCode).toBe(200);

    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/locations/points',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
  });
});

// PostgreSQL: another process's write reaches this one's cache through NOTIFY (decision 0204).
describe.runIf(testDatabaseUrl)('search cache shared by processes on PostgreSQL', () => {
  const t = useTestApp();
  let other: pg.Client;
  const unique = `n${Date.now().toString(36)}`;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
  });
  afterAll(() => other.end());

  const names = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=${unique}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { name: string }[]).map((l) => l.name);
  };

  it('serves its cached answer until another process announces a write, then the new data', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Shared Garden ${unique}`, category: 'resource', address: '' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await names()).toEqual([`Shared Garden ${unique}`]);

    // A write by "another process" that does not announce itself: this one's answer is cached.
    await other.query('update locations set name = $1 where id = $2', [`Shared Meadow ${unique}`, created.json().id]);
    expect(await names()).toEqual([`Shared Garden ${unique}`]);

    // Announced (as every app process does after a write): the next answers are fresh.
    await other.query(`select pg_notify('kc_search_changed', '')`);
    await expect.poll(names, { timeout: 5_000 }).toEqual([`Shared Meadow ${unique}`]);

    // Its LISTEN connection cut (a server restart, a proxy): the cache goes off, so even an
    // unannounced write shows (a cached answer would stay 10 s).
    const cut = await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    expect(cut.rowCount).toBe(1);
    await other.query('update locations set name = $1 where id = $2', [`Shared Orchard ${unique}`, created.json().id]);
    await expect.poll(names, { timeout: 5_000 }).toEqual([`Shared Orchard ${unique}`]);
  });
});
