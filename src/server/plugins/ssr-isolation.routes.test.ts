// No visitor can break pages for another (decision 0707): render reads are not charged to the
// visitor, only whole well-rendered pages are kept, and a failed read gives an honest 503 page (in
// English or Spanish) that nothing keeps; an unknown place still gets its 404.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveRoomInWindow } from '../test/clock.js';
import { INTERNAL_HEADER } from '../lib/internal-requests.js';
import { PAGE_RENDER_LIMIT } from './pages.js';
import { injectJson } from '../test/test-app.js';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe('server rendering and the visitor who spent their reads', () => {
  const t = useRenderedPagesApp();
  afterEach(() => vi.useRealTimers());

  const page = (url: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });

  const createPlace = async (name: string) => {
    const res = await injectJson(t.app, 'POST', '/api/locations', {
      name,
      category: 'park',
      address: '5200 Wornall Rd, Kansas City, MO 64112',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };

  it('renders whole pages for a client past its read limits, and keeps only those for others', async () => {
    const name = `Loose Park ${unique()}`;
    const place = await createPlace(name);
    leaveRoomInWindow(60_000, 40_000);
    const spender = '10.77.0.1';
    // Spend the list and place read allowances (600 a minute each).
    let list = 0;
    let read = 0;
    for (let i = 0; i < 605; i++) {
      list = (await page('/api/locations?limit=1', spender)).statusCode;
      read = (await page(`/api/locations/slug/${place.slug}`, spender)).statusCode;
    }
    expect([list, read]).toEqual([429, 429]);

    const mine = await page(`/discover/${place.slug}`, spender);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(name);
    const home = await page('/', spender);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(name);
    expect(home.body).toMatch(/\d+ - \d+ of \d+ Results/);

    // Another visitor gets the same whole pages (from the shared cache: the same ETag).
    const other = await page(`/discover/${place.slug}`, '10.77.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain(name);
    expect(other.headers.etag).toBe(mine.headers.etag);
    const otherHome = await page('/', '10.77.0.2');
    expect(otherHome.statusCode).toBe(200);
    expect(otherHome.body).toContain(name);

    // The spender's own API reads are still limited: rendering did not refill them either.
    expect((await page(`/api/locations/slug/${place.slug}`, spender)).statusCode).toBe(429);
  }, 120_000);

  it('still answers a place that does not exist with its 404 page', async () => {
    const res = await page(`/discover/no-such-place-${unique()}`, '10.77.0.3');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Location not found');
  });

  it('answers 503 with Retry-After, uncached and in the visitor’s language, when a read inside the render fails', async () => {
    const name = `Broken Read Park ${unique()}`;
    const place = await createPlace(name);
    // The place read fails inside the render (its SQL meets a missing table): a 500 from the API.
    await t.database.db.execute(sql.raw('alter table location_slugs rename to location_slugs_away'));
    try {
      const en = await page(`/discover/${place.slug}`, '10.77.0.4');
      expect(en.statusCode).toBe(503);
      expect(en.headers['retry-after']).toMatch(/^\d+$/);
      expect(en.headers['cache-control']).toBe('no-store');
      expect(en.headers.etag).toBeUndefined();
      expect(en.body).toContain('<html lang="en"');
      expect(en.body).toContain('The directory is busy right now');
      expect(en.body).not.toContain('Location not found');
      expect(en.body).not.toMatch(/<script/i);

      const es = await page(`/discover/${place.slug}`, '10.77.0.5', 'lang=es');
      expect(es.statusCode).toBe(503);
      expect(es.body).toContain('<html lang="es"');
      expect(es.body).toContain('El directorio está ocupado en este momento');
    } finally {
      await t.database.db.execute(sql.raw('alter table location_slugs_away rename to location_slugs'));
    }
    // Nothing kept the failure: the next visitor gets the place.
    const after = await page(`/discover/${place.slug}`, '10.77.0.6');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(name);
  });

  it('answers 503 rather than a home page without places when the list read fails', async () => {
    const name = `Listed Park ${unique()}`;
    await createPlace(name);
    await t.database.db.execute(sql.raw('alter table tags rename to tags_away'));
    try {
      // A search the cache has not kept yet, so the render must read.
      const res = await page(`/?q=${unique()}`, '10.77.0.7');
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await t.database.db.execute(sql.raw('alter table tags_away rename to tags'));
    }
  });

  it('limits the pages one client makes the server render, with a 429 page no one keeps', async () => {
    leaveRoomInWindow(PAGE_RENDER_LIMIT.windowMs, 40_000);
    const client = '10.77.0.8';
    let last = await page(`/?q=render-${unique()}`, client);
    for (let i = 0; i < PAGE_RENDER_LIMIT.max && last.statusCode === 200; i++) {
      last = await page(`/?q=render-${i}-${unique()}`, client);
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.headers['cache-control']).toBe('no-store');
    expect(last.body).toContain('Too many requests');
    // Another visitor is not affected.
    expect((await page(`/?q=render-${unique()}`, '10.77.0.9')).statusCode).toBe(200);
  }, 120_000);

  it('counts a request that only claims to be the server’s own like any other', async () => {
    leaveRoomInWindow(60_000, 40_000);
    const client = '10.77.0.10';
    let status = 0;
    for (let i = 0; i < 605 && status !== 429; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/locations?limit=1',
        remoteAddress: client,
        headers: { [INTERNAL_HEADER]: i % 2 ? 'guess' : 'x'.repeat(43) },
      });
      status = res.statusCode;
    }
    expect(status).toBe(429);
  });
});
