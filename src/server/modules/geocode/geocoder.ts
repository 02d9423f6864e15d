// Address -> coordinates for searches and for saved places: a Nominatim-compatible service at
// GEOCODER_URL (`/search?q=<address>, Kansas City&format=json&limit=1&countrycodes=us`), answers
// cached in geocode_cache, and the offline ZIP/town centroid (zip-centroids.ts) when the service
// fails or knows nothing. See docs/decisions/0150-server-geocoding.md. The cache is bounded by age
// and count (decision 0706): an answer older than 90 days is asked again, kept while the service
// fails, and the oldest rows go first past GEOCODE_CACHE_MAX_ENTRIES.
//
// Politeness (Nominatim usage policy): the app names itself in User-Agent, asks at most once per
// second (a slot reserved in the database, so several app processes share the budget), never
// follows redirects and gives up after a few seconds.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { appSettings, geocodeCache } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { centroidForAddress } from './zip-centroids.js';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface Geocoder {
  /** The point of an address in the Kansas City area, or null when nothing is known. */
  geocode(address: string): Promise<GeoPoint | null>;
  /** The same, saying whether the point is a stand-in (the ZIP/town centroid because the service
   * was busy or failing), so the place can be geocoded again later (issue 13, finding 9). */
  locate?(address: string): Promise<Located>;
}

export interface Located {
  point: GeoPoint | null;
  /** True when the service was not asked or did not answer: worth asking again later. */
  approximate: boolean;
}

export interface GeocoderDeps {
  db: Db;
  env: Env;
  fetch: typeof fetch;
  /** Give up on the service after this long (default 4000 ms). */
  timeoutMs?: number;
  /** Minimum gap between two requests to the service (default 1000 ms; 0 for a loopback host). */
  minIntervalMs?: number;
  /** Longest wait for a request slot before falling back (default 3000 ms). */
  maxQueueMs?: number;
  /** Most lookups of this process waiting for the service at once; more get the ZIP/town centroid
   * at once (default 3: with one request a second, nobody waits more than about 3 s). */
  maxWaiting?: number;
  /** Cached answers older than this are asked again (default 90 days). */
  maxAgeMs?: number;
  /** Most cached answers kept (default GEOCODE_CACHE_MAX_ENTRIES). */
  maxEntries?: number;
  /** Least time between two sweeps of the cache by this process (default one minute). */
  sweepIntervalMs?: number;
}

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org';
export const GEOCODER_CITY_SUFFIX = ', Kansas City';
const SLOT_KEY = 'geocoder:next_slot_ms';
const MAX_BODY_CHARS = 256 * 1024;
export const GEOCODE_CACHE_MAX_AGE_MS = 90 * 86_400_000;
/** Rows are ~100 bytes: about 5 MB, far more addresses than the directory and its searches need
 * within 90 days, while a client typing random addresses cannot grow it without end. */
export const GEOCODE_CACHE_MAX_ENTRIES = 50_000;

/** The cache key: trimmed, inner white space collapsed, lower case. */
export function normaliseGeocodeQuery(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase();
}

function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

type Lookup = { kind: 'found'; point: GeoPoint } | { kind: 'none' } | { kind: 'failed'; reason: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createGeocoder(deps: GeocoderDeps): Geocoder {
  const { db, env } = deps;
  const base = env.GEOCODER_URL.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? 4000;
  const minIntervalMs = deps.minIntervalMs ?? (isLoopback(base) ? 0 : 1000);
  const maxQueueMs = deps.maxQueueMs ?? 3000;
  const maxWaiting = deps.maxWaiting ?? 3;
  const maxAgeSecs = (deps.maxAgeMs ?? GEOCODE_CACHE_MAX_AGE_MS) / 1000;
  const maxEntries = deps.maxEntries ?? GEOCODE_CACHE_MAX_ENTRIES;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 60_000;
  let lastSweep = Number.NEGATIVE_INFINITY;
  // Tests never reach the public service: with NODE_ENV=test and the default URL only the offline
  // centroids answer (tests that want the service point GEOCODER_URL at the local fake).
  const offline = env.NODE_ENV === 'test' && base === DEFAULT_GEOCODER_URL;
  const userAgent = `KCGreenDirectory/0.1 (+${env.PUBLIC_URL ?? 'https://github.com/kc-green-directory'})`;
  // One request at a time from this process; the database slot spaces them across processes.
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let lastSentAt = 0;
  const inFlight = new Map<string, Promise<Located>>();

  /** Reserves the next request slot; returns how long to wait for it and the slot's value. */
  async function reserveSlot(): Promise<{ wait: number; slot: string | null }> {
    if (minIntervalMs <= 0) return { wait: 0, slot: null };
    const now = Date.now();
    const rows = await db.execute<{ value: string }>(sql`
      INSERT INTO ${appSettings} (key, value) VALUES (${SLOT_KEY}, ${String(now + minIntervalMs)})
      ON CONFLICT (key) DO UPDATE
        SET value = (greatest(${appSettings.value}::bigint, ${now}::bigint) + ${minIntervalMs}::bigint)::text
      RETURNING value`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ value: string }> }).rows) as Array<{
      value: string;
    }>;
    const slot = list[0]?.value ?? String(now + minIntervalMs);
    return { wait: Math.max(0, Number(slot) - minIntervalMs - now), slot };
  }

  /** Hands back a slot this process reserved but will not use, when no one has reserved after it,
   * so that a refused lookup does not push every later one a second further. */
  async function releaseSlot(slot: string): Promise<void> {
    await db.execute(sql`
      UPDATE ${appSettings} SET value = (${appSettings.value}::bigint - ${minIntervalMs}::bigint)::text
      WHERE key = ${SLOT_KEY} AND value = ${slot}`);
  }

  async function askService(query: string): Promise<Lookup> {
    const { wait, slot } = await reserveSlot();
    if (wait > maxQueueMs) {
      if (slot) await releaseSlot(slot);
      return { kind: 'failed', reason: 'busy' };
    }
    if (wait > 0) await sleep(wait);
    // In this process, measure the gap from the last actual send too (a late timer must not
    // squeeze two requests together).
    const gap = lastSentAt + minIntervalMs - Date.now();
    if (minIntervalMs > 0 && gap > 0) await sleep(gap);
    const params = new URLSearchParams({
      q: `${query}${GEOCODER_CITY_SUFFIX}`,
      format: 'json',
      limit: '1',
      countrycodes: 'us',
    });
    let res: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      lastSentAt = Date.now();
      res = await deps.fetch(`${base}/search?${params}`, {
        headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'en' },
        redirect: 'manual',
        signal,
      });
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        return { kind: 'failed', reason: `redirect ${res.status}` };
      }
      if (!res.ok) return { kind: 'failed', reason: `status ${res.status}` };
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY_CHARS) return { kind: 'failed', reason: 'too large' };
      text = await res.text();
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.name : 'error' };
    }
    if (text.length > MAX_BODY_CHARS) return { kind: 'failed', reason: 'too large' };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { kind: 'failed', reason: 'not json' };
    }
    if (!Array.isArray(body)) return { kind: 'failed', reason: 'not a list' };
    if (body.length === 0) return { kind: 'none' };
    const first = body[0] as { lat?: unknown; lon?: unknown } | null;
    const lat = Number(first?.lat);
    const lng = Number(first?.lon);
    if (
      (typeof first?.lat !== 'string' && typeof first?.lat !== 'number') ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      return { kind: 'failed', reason: 'bad point' };
    }
    return { kind: 'found', point: { lat, lng } };
  }

  function serialised<T>(job: () => Promise<T>): Promise<T> {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  }

  function fallback(address: string): GeoPoint | null {
    const c = centroidForAddress(address);
    return c ? { lat: c.lat, lng: c.lng } : null;
  }

  /** Drops answers past the age limit, then all but the maxEntries newest (oldest first; rows
   * stored in the same instant may go together). */
  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < sweepIntervalMs) return;
    lastSweep = now;
    await db.delete(geocodeCache).where(sql`created_at < now() - make_interval(secs => ${maxAgeSecs})`);
    await db
      .delete(geocodeCache)
      .where(
        sql`created_at <= (select created_at from geocode_cache order by created_at desc offset ${maxEntries} limit 1)`,
      );
  }

  async function lookup(address: string, key: string): Promise<Located> {
    const cached = await db
      .select({
        latitude: geocodeCache.latitude,
        longitude: geocodeCache.longitude,
        fresh: sql<boolean>`${geocodeCache.createdAt} > now() - make_interval(secs => ${maxAgeSecs})`,
      })
      .from(geocodeCache)
      .where(eq(geocodeCache.query, key))
      .limit(1);
    const hit = cached[0];
    // Without a fresh answer, a stale one beats the centroid; null lat/lng means the service knows
    // nothing, so the ZIP/town is the best we have.
    const known = (): GeoPoint | null =>
      hit && hit.latitude !== null && hit.longitude !== null
        ? { lat: hit.latitude, lng: hit.longitude }
        : fallback(address);
    // What is known stands in for an answer the service did not give: the place is asked again later.
    const standIn = (): Located => ({ point: known(), approximate: !hit });
    if (hit?.fresh || offline) return { point: known(), approximate: false };
    // A bounded queue: past it the place gets its ZIP/town centroid now instead of waiting behind
    // everyone else (issue 13, finding 9); the place is geocoded again later (writes/geocode-later.ts).
    if (waiting >= maxWaiting) return standIn();
    waiting++;
    const answer = await serialised(() => askService(key)).finally(() => {
      waiting--;
    });
    if (answer.kind === 'failed') return standIn(); // not cached: ask again later
    const point = answer.kind === 'found' ? answer.point : null;
    const values = { latitude: point?.lat ?? null, longitude: point?.lng ?? null, source: 'geocoder' };
    await db
      .insert(geocodeCache)
      .values({ query: key, ...values })
      .onConflictDoUpdate({ target: geocodeCache.query, set: { ...values, createdAt: sql`now()` } });
    await sweep();
    return { point: point ?? fallback(address), approximate: false };
  }

  const locate = async (address: string): Promise<Located> => {
    const key = normaliseGeocodeQuery(address ?? '');
    if (!key) return { point: null, approximate: false };
    // The same address asked twice at once shares one lookup.
    const pending = inFlight.get(key);
    if (pending) return pending;
    const p = lookup(address, key).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };
  return {
    locate,
    async geocode(address) {
      return (await locate(address)).point;
    },
  };
}
