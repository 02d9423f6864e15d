import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeGeocoder, startFakeGeocoder } from '../../../../e2e/fakes/fake-geocoder.js';
import { freshAddress, useTestApp } from '../../test/test-app.js';
import { createGeocoder, normaliseGeocodeQuery } from './geocoder.js';

// One fake geocoding service and one app for the whole file; the describes below share them.
let fake: FakeGeocoder;
// Outbound calls time out after 1.5 s here (4 s in the app) so the 'slowpoke' case is fast.
const quickFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(1500) });

// Hooks after run in reverse: the app closes before its geocoder does.
afterAll(() => new Promise((r) => fake.close(r)));
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp(async () => {
  fake = await startFakeGeocoder(0);
  return { env: { GEOCODER_URL: fake.url, PUBLIC_URL: 'https://green.example.org' }, deps: { fetch: quickFetch } };
});

// Each lookup from an address of its own: a client may ask only a few addresses the cache does not
// know a minute (geocoder.fairness.test.ts tests that allowance).
const geocode = (address: string, ip = freshAddress()) =>
  t.app.inject({ method: 'GET', url: `/api/geocode?address=${encodeURIComponent(address)}`, remoteAddress: ip });

describe('geocoding (GET /api/geocode and the geocoder): answers, cache and validation', () => {
  it('answers the first result of the service, asking for the address plus the city, and names the app', async () => {
    const res = await geocode('Union Station');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lat: 39.0849, lng: -94.5858 });
    expect(fake.requests.at(-1)).toBe('union station, kansas city');
    expect(fake.lastUserAgent).toMatch(/^KCGreenDirectory\/0\.1 \(\+https:\/\/green\.example\.org\)$/);
  });

  it('caches answers: the same address (any case or spacing) reaches the service once', async () => {
    const before = fake.requests.length;
    for (const a of ['Country Club Plaza', '  country   CLUB plaza ', 'COUNTRY CLUB PLAZA']) {
      const res = await geocode(a);
      expect(res.json()).toEqual({ lat: 39.0423, lng: -94.5927 });
    }
    expect(fake.requests.length - before).toBe(1);
  });

  it('answers 404 Address not found for an empty answer, and caches the not-found', async () => {
    const before = fake.requests.length;
    const res = await geocode('Nowhere Lane');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Address not found' });
    expect((await geocode('nowhere lane')).statusCode).toBe(404);
    expect(fake.requests.length - before).toBe(1);
  });

  it('uses the ZIP centroid when the service knows nothing but the address has a known ZIP', async () => {
    const res = await geocode('1 Nowhere Lane, Kansas City, MO 64106');
    expect(res.statusCode).toBe(200);
    expect(res.json().lat).toBeCloseTo(39.1, 0);
  });

  it.each([
    ['timeout', 'slowpoke'],
    ['429', 'ratelimited'],
    ['503', 'servererror'],
    ['redirect', 'redirectme'],
    ['garbage', 'garbage'],
    ['not a list', 'notalist'],
  ])('falls back to the ZIP centroid on %s, never a 500, and does not cache the failure', async (_name, word) => {
    const before = fake.requests.length;
    const withZip = await geocode(`100 ${word} St, Kansas City, MO 64106`);
    expect(withZip.statusCode).toBe(200);
    expect(withZip.json()).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    const withoutZip = await geocode(`100 ${word} Road`);
    expect(withoutZip.statusCode).toBe(404);
    // Asked again: the failure was not cached, so the service is tried again.
    await geocode(`100 ${word} Road`);
    expect(fake.requests.length - before).toBe(3);
  });

  it('refuses a missing, blank or over-long address with 400', async () => {
    for (const url of [
      '/api/geocode',
      '/api/geocode?address=',
      '/api/geocode?address=%20%20',
      `/api/geocode?address=${'a'.repeat(501)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.2' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('address');
    }
  });

  it('rate limits a client at 30 a minute', async () => {
    // Fixed one-minute windows: a slow run may cross a boundary, so allow two windows' worth.
    let limited = false;
    for (let i = 0; i < 61 && !limited; i++) limited = (await geocode('Union Station', '10.1.0.99')).statusCode === 429;
    expect(limited).toBe(true);
  });
});

describe('geocoding (GET /api/geocode and the geocoder): pacing, the queue and the cache keys', () => {
  it('spaces requests to the service at least the minimum interval apart', async () => {
    const times: number[] = [];
    const timedFetch: typeof fetch = (input, init) => {
      times.push(Date.now());
      return fetch(input, init);
    };
    const g = createGeocoder({ db: t.database.db, env: t.env, fetch: timedFetch, minIntervalMs: 150 });
    await Promise.all(['loose park 1', 'loose park 2', 'loose park 3'].map((a) => g.geocode(a)));
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(130);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(130);
  });

  it('bounds the queue: past it a lookup gets the ZIP centroid at once instead of waiting', async () => {
    const held: Array<() => void> = [];
    let calls = 0;
    const slowFetch: typeof fetch = async (input, init) => {
      calls++;
      await new Promise<void>((r) => held.push(r));
      return fetch(input, init);
    };
    const g = createGeocoder({ db: t.database.db, env: t.env, fetch: slowFetch, minIntervalMs: 0, maxWaiting: 1 });
    // One lookup waits for the service (the bound is 1); wait until it is really asking, as its
    // cache read comes first and on PostgreSQL reads on other connections may overtake it.
    const first = g.geocode('queue a 64106');
    while (calls < 1) await new Promise((r) => setTimeout(r, 5));
    // The next one is answered from the ZIP code at once, without asking.
    expect(await g.geocode('queue c, Kansas City, MO 64106')).toEqual(
      expect.objectContaining({ lat: expect.any(Number) }),
    );
    expect(calls).toBe(1);
    held.shift()?.();
    await first;
    expect(calls).toBe(1);
  });

  it('gives back a request slot it reserved but did not use', async () => {
    const g = createGeocoder({
      db: t.database.db,
      env: t.env,
      fetch: quickFetch,
      minIntervalMs: 60_000,
      maxQueueMs: 0,
    });
    const slot = async () =>
      (
        (await t.database.db.execute(
          sql`select value from app_settings where key = 'geocoder:next_slot_ms'`,
        )) as unknown as {
          rows: { value: string }[];
        }
      ).rows[0]?.value;
    await g.geocode('slot one, 64106'); // takes the free slot and asks the service
    const after = await slot();
    await g.geocode('slot two, 64106'); // the next slot is a minute away: refused, and handed back
    expect(await slot()).toBe(after);
  });

  it('never calls the public service from tests (default URL + NODE_ENV=test)', async () => {
    let calls = 0;
    const spy: typeof fetch = async () => {
      calls++;
      throw new Error('no network');
    };
    const { testEnv } = await import('../../env.js');
    const g = createGeocoder({ db: t.database.db, env: testEnv(), fetch: spy });
    expect(await g.geocode('1 Main St, Kansas City, MO 64106')).not.toBeNull();
    expect(calls).toBe(0);
  });

  it('normalises cache keys', () => {
    expect(normaliseGeocodeQuery('  Union\tStation  ')).toBe('union station');
  });
});
