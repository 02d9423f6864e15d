import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from '../../test/test-app.js';
import { createSearchCache, dataVersion, writeMayChangeSearch } from './search-cache.js';

describe('search cache', () => {
  it('shares one computation between concurrent misses and serves hits until the version moves', async () => {
    const cache = createSearchCache();
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return { body: `[${runs}]`, total: runs };
    };
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect((await cache.get('k', compute)).body).toBe('[1]');
    expect(runs).toBe(1);
  });

  it('bumps on writes that can change a search, not on counters', () => {
    expect(writeMayChangeSearch('GET', '/api/locations')).toBe(false);
    expect(writeMayChangeSearch('PATCH', '/api/locations/:id')).toBe(true);
    expect(writeMayChangeSearch('POST', '/api/reports')).toBe(true);
    expect(writeMayChangeSearch('POST', '/api/locations/:id/view')).toBe(false);
    expect(writeMayChangeSearch('POST', undefined)).toBe(true);
  });
});

describe('search answers stay right with the cache', () => {
  let t: TestApp;
  const unique = `c${Date.now().toString(36)}`;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('shows a new or renamed place right after the write, and answers 304 to an unchanged map', async () => {
    const list = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=${unique}` });
      expect(res.statusCode).toBe(200);
      return { names: (res.json() as { name: string }[]).map((l) => l.name), total: res.headers['x-total-count'] };
    };
    expect(await list()).toEqual({ names: [], total: '0' });
    const before = dataVersion();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Cache Garden ${unique}`, category: 'resource', description: 'Beds.', address: '', tagIds: [] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    // The cache (and so the version and the ETag) is used with the embedded database only.
    const cached = t.database.kind === 'pglite';
    if (cached) expect(dataVersion()).toBeGreaterThan(before);
    // Routes of other modules (registered after the hook) bump it too.
    const v = dataVersion();
    const tag = await t.app.inject({ method: 'POST', url: '/api/tags', headers: jsonHeaders, payload: JSON.stringify({ name: `Tag ${unique}` }) });
    expect(tag.statusCode, tag.body).toBe(201);
    if (cached) expect(dataVersion()).toBeGreaterThan(v);
    expect(await list()).toEqual({ names: [`Cache Garden ${unique}`], total: '1' });

    const points = await t.app.inject({ method: 'GET', url: `/api/locations/points?search=${unique}` });
    const etag = (points.headers.etag as string | undefined) ?? '"none"';
    const again = await t.app.inject({ method: 'GET', url: `/api/locations/points?search=${unique}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(cached ? 304 : 200);

    const id = created.json().id as number;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      headers: jsonHeaders,
      payload: JSON.stringify({ name: `Cache Meadow ${unique}` }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list()).names).toEqual([`Cache Meadow ${unique}`]);
    const afterWrite = await t.app.inject({ method: 'GET', url: `/api/locations/points?search=${unique}`, headers: { 'if-none-match': etag } });
    expect(afterWrite.statusCode).toBe(200);

    const zipped = await t.app.inject({ method: 'GET', url: '/api/locations/points', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
  });
});
