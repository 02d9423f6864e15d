// The geocoding cache's bounds (decision 0706): an answer older than 90 days is asked again (and
// still used while the service fails), expired rows are dropped, and at most maxEntries rows stay,
// oldest first.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { geocodeCache } from '../../db/schema.js';
import { testEnv } from '../../env.js';
import { openTestDatabase } from '../../test/test-app.js';
import { createGeocoder, GEOCODE_CACHE_MAX_AGE_MS, GEOCODE_CACHE_MAX_ENTRIES } from './geocoder.js';

describe('geocoding cache bounds', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let asked: string[] = [];
  let answer: () => Response;
  const spot = { lat: '39.1', lon: '-94.5' };
  const fakeFetch = (async (url: string) => {
    asked.push(new URL(url).searchParams.get('q') ?? '');
    return answer();
  }) as unknown as typeof fetch;
  const make = (maxEntries?: number) =>
    createGeocoder({
      db: database.db,
      env: testEnv({ GEOCODER_URL: 'http://127.0.0.1:9' }),
      fetch: fakeFetch,
      minIntervalMs: 0,
      sweepIntervalMs: 0,
      ...(maxEntries ? { maxEntries } : {}),
    });
  const age = (days: number, query?: string) =>
    database.db
      .update(geocodeCache)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(query ? eq(geocodeCache.query, query) : undefined);
  const keys = async () => (await database.db.select().from(geocodeCache)).map((r) => r.query).sort();

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await database.db.delete(geocodeCache);
    asked = [];
    answer = () => Response.json([spot]);
  });

  it('keeps answers 90 days, then asks the service again and stores the new answer', async () => {
    expect(GEOCODE_CACHE_MAX_AGE_MS).toBe(90 * 86_400_000);
    expect(GEOCODE_CACHE_MAX_ENTRIES).toBeGreaterThanOrEqual(10_000);
    const g = make();
    expect(await g.geocode('1 Main St')).toEqual({ lat: 39.1, lng: -94.5 });
    await age(89);
    await g.geocode('1 Main St');
    expect(asked).toHaveLength(1);
    await age(91);
    answer = () => Response.json([{ lat: '39.2', lon: '-94.6' }]);
    expect(await g.geocode('1 Main St')).toEqual({ lat: 39.2, lng: -94.6 });
    expect(asked).toHaveLength(2);
    const [row] = await database.db.select().from(geocodeCache);
    expect(row!.latitude).toBe(39.2);
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(86_400_000);
  });

  it('uses a stale answer while the service fails to refresh it', async () => {
    const g = make();
    await g.geocode('2 Oak St');
    await age(120);
    answer = () => new Response('down', { status: 503 });
    expect(await g.geocode('2 Oak St')).toEqual({ lat: 39.1, lng: -94.5 });
    expect(asked).toHaveLength(2);
  });

  it('drops answers older than 90 days and keeps at most maxEntries rows, oldest first', async () => {
    const g = make(3);
    await g.geocode('old place');
    await age(200);
    await g.geocode('new place');
    expect(await keys()).toEqual(['new place']);
    await database.db.delete(geocodeCache);
    for (const [i, a] of ['a st', 'b st', 'c st', 'd st'].entries()) {
      await g.geocode(a);
      await database.db
        .update(geocodeCache)
        .set({ createdAt: sql`now() - make_interval(secs => ${10 - i})` })
        .where(eq(geocodeCache.query, a));
    }
    await g.geocode('e st');
    expect(await keys()).toEqual(['c st', 'd st', 'e st']);
  });
});
