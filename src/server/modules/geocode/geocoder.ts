// Address -> coordinates for searches and saved places: a Nominatim-compatible service, answers
// cached in geocode_cache, and the offline ZIP/town centroid (decision 0150); the cache is bounded
// by age and count (decision 0706), and clients take turns at the service (decision 0711).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { geocodeCache } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { createWindowCounter } from '../../plugins/rate-limit.js';
import { FairQueue } from './fair-queue.js';
import { createServiceAsker, type Lookup } from './geocode-service.js';
import { centroidForAddress } from './zip-centroids.js';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface Geocoder {
  /** The point of an address in the Kansas City area, or null when nothing is known. */
  geocode(address: string): Promise<GeoPoint | null>;
  /** The same, saying whether the point is a stand-in (the ZIP/town centroid because the service
   * was busy or failing), so the place can be geocoded again later (decision 0150). With a
   * client, the lookup waits in that client's own queue and counts against its allowance. */
  locate?(address: string, options?: LocateOptions): Promise<Located>;
}

interface LocateOptions {
  /** Whose lookup this is (ctx.clientHash); absent for the server's own (saving a place, an import). */
  client?: string;
}

export interface Located {
  point: GeoPoint | null;
  /** True when the service was not asked or did not answer: worth asking again later. */
  approximate: boolean;
  /** Why the service was not asked: this client has as many lookups waiting as it may, or has used
   * its allowance of lookups the cache cannot answer ('client'); the queue is full ('busy'). */
  refused?: 'client' | 'busy';
  /** With `refused`: seconds after which asking again is worth it. */
  retryAfterS?: number;
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
  /** Most lookups of this process waiting for the service at once, the one being asked included;
   * more get the ZIP/town centroid at once (default MAX_WAITING). */
  maxWaiting?: number;
  /** Most lookups of one client waiting at once, the one being asked included (default
   * PER_CLIENT_WAITING). */
  perClientWaiting?: number;
  /** Lookups the cache cannot answer that one client may ask a minute (default UNCACHED_PER_MINUTE,
   * times RATE_LIMIT_SCALE); the server's own lookups are not counted. */
  uncachedPerMinute?: number;
  /** Cached answers older than this are asked again (default 90 days). */
  maxAgeMs?: number;
  /** Most cached answers kept (default GEOCODE_CACHE_MAX_ENTRIES). */
  maxEntries?: number;
  /** Least time between two sweeps of the cache by this process (default one minute). */
  sweepIntervalMs?: number;
}

const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org';
export const GEOCODE_CACHE_MAX_AGE_MS = 90 * 86_400_000;
/** Rows are ~100 bytes: about 5 MB, far more addresses than the directory and its searches need
 * within 90 days, while a client typing random addresses cannot grow it without end. */
export const GEOCODE_CACHE_MAX_ENTRIES = 50_000;
/** Lookups waiting for the service in one process, in all: at one request a second, the last in
 * line waits about 8 s. */
export const MAX_WAITING = 8;
/** Lookups waiting for the service for one client: the one being asked and one more. */
export const PER_CLIENT_WAITING = 2;
/** Addresses the cache does not know that one client may look up a minute: a person types a few. */
export const UNCACHED_PER_MINUTE = 10;
const UNCACHED_WINDOW_MS = 60_000;
/** The lane of the server's own lookups (saving a place, an import): one client among the others,
 * with room for half the queue (they come from many people). */
const SERVER_LANE = 'server';

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

/** The ZIP/town centroid of an address: the stand-in when the service cannot answer. */
function fallback(address: string): GeoPoint | null {
  const c = centroidForAddress(address);
  return c ? { lat: c.lat, lng: c.lng } : null;
}

/** The cached answer for a normalised address, if any, and whether it is younger than the age limit. */
async function readCachedAnswer(db: Db, key: string, maxAgeSecs: number) {
  const cached = await db
    .select({
      latitude: geocodeCache.latitude,
      longitude: geocodeCache.longitude,
      fresh: sql<boolean>`${geocodeCache.createdAt} > now() - make_interval(secs => ${maxAgeSecs})`,
    })
    .from(geocodeCache)
    .where(eq(geocodeCache.query, key))
    .limit(1);
  return cached[0];
}

/** Keeps the service's answer (null: it knows nothing), restarting its age. */
async function storeAnswer(db: Db, key: string, point: GeoPoint | null): Promise<void> {
  const values = { latitude: point?.lat ?? null, longitude: point?.lng ?? null, source: 'geocoder' };
  await db
    .insert(geocodeCache)
    .values({ query: key, ...values })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { ...values, createdAt: sql`now()` } });
}

/** The cache's sweep: drops answers past the age limit, then all but the maxEntries newest (oldest
 * first; rows stored in the same instant may go together), at most once per sweepIntervalMs. */
function createCacheSweep(
  db: Db,
  { maxAgeSecs, maxEntries, sweepIntervalMs }: { maxAgeSecs: number; maxEntries: number; sweepIntervalMs: number },
): () => Promise<void> {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = Date.now();
    if (now - lastSweep < sweepIntervalMs) return;
    lastSweep = now;
    await db.delete(geocodeCache).where(sql`created_at < now() - make_interval(secs => ${maxAgeSecs})`);
    await db
      .delete(geocodeCache)
      .where(
        sql`created_at <= (select created_at from geocode_cache order by created_at desc offset ${maxEntries} limit 1)`,
      );
  };
}

export function createGeocoder(deps: GeocoderDeps): Geocoder {
  const { db, env } = deps;
  const base = env.GEOCODER_URL.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? 4000;
  const minIntervalMs = deps.minIntervalMs ?? (isLoopback(base) ? 0 : 1000);
  const maxQueueMs = deps.maxQueueMs ?? 3000;
  const maxWaiting = deps.maxWaiting ?? MAX_WAITING;
  const perClientWaiting = deps.perClientWaiting ?? PER_CLIENT_WAITING;
  const uncachedPerMinute = Math.ceil((deps.uncachedPerMinute ?? UNCACHED_PER_MINUTE) * env.RATE_LIMIT_SCALE);
  const countUncached = createWindowCounter(db);
  const maxAgeSecs = (deps.maxAgeMs ?? GEOCODE_CACHE_MAX_AGE_MS) / 1000;
  const maxEntries = deps.maxEntries ?? GEOCODE_CACHE_MAX_ENTRIES;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 60_000;
  // Tests never reach the public service: with NODE_ENV=test and the default URL only the offline
  // centroids answer (tests that want the service point GEOCODER_URL at the local fake).
  const offline = env.NODE_ENV === 'test' && base === DEFAULT_GEOCODER_URL;
  const userAgent = `KCGreenDirectory/0.1 (+${env.PUBLIC_URL ?? 'https://github.com/kc-green-directory'})`;
  // One request at a time from this process, clients taking turns; the database slot spaces them
  // across processes.
  // The server's own lookups (places saved by anyone) share one lane, with room for half the queue.
  const queue = new FairQueue<Lookup>({
    maxPending: maxWaiting,
    perLane: (lane) => (lane === SERVER_LANE ? Math.max(1, Math.floor(maxWaiting / 2)) : perClientWaiting),
  });
  const askService = createServiceAsker({
    db,
    fetch: deps.fetch,
    base,
    userAgent,
    timeoutMs,
    minIntervalMs,
    maxQueueMs,
  });
  const inFlight = new Map<string, Promise<Located>>();

  const sweep = createCacheSweep(db, { maxAgeSecs, maxEntries, sweepIntervalMs });

  /** Seconds until a lookup joining the queue now would likely be asked: one per interval. */
  const queueWaitS = () => Math.max(1, Math.ceil(((queue.size + 1) * Math.max(minIntervalMs, 1000)) / 1000));

  async function lookup(address: string, key: string, client: string | undefined): Promise<Located> {
    const hit = await readCachedAnswer(db, key, maxAgeSecs);
    // Without a fresh answer, a stale one beats the centroid; null lat/lng means the service knows
    // nothing, so the ZIP/town is the best we have.
    const known = (): GeoPoint | null =>
      hit && hit.latitude !== null && hit.longitude !== null
        ? { lat: hit.latitude, lng: hit.longitude }
        : fallback(address);
    // What is known stands in for an answer the service did not give: the place is asked again later.
    const standIn = (): Located => ({ point: known(), approximate: !hit });
    if (hit?.fresh || offline) return { point: known(), approximate: false };
    const lane = client ?? SERVER_LANE;
    // A client's own room first: its burst is refused, not queued ahead of other people's lookups.
    if (client !== undefined && queue.pendingOf(lane) >= perClientWaiting) {
      return { ...standIn(), refused: 'client', retryAfterS: queueWaitS() };
    }
    if (client !== undefined) {
      const used = await countUncached(`geocode:uncached:${client}`, UNCACHED_WINDOW_MS);
      if (used.count > uncachedPerMinute) return { ...standIn(), refused: 'client', retryAfterS: used.retryAfterS };
    }
    // A bounded queue: past it the place gets its ZIP/town centroid now instead of waiting behind
    // everyone else; the place is geocoded again later (writes/geocode-later.ts).
    const turn = await queue.run(lane, () => askService(key));
    if ('refused' in turn) {
      const refused = turn.refused === 'lane' && client !== undefined ? 'client' : 'busy';
      return { ...standIn(), refused, retryAfterS: queueWaitS() };
    }
    const answer = turn.value;
    if (answer.kind === 'failed') {
      // Not cached: ask again later. A slot the other processes filled is a full queue too.
      return answer.reason === 'busy' ? { ...standIn(), refused: 'busy', retryAfterS: queueWaitS() } : standIn();
    }
    const point = answer.kind === 'found' ? answer.point : null;
    await storeAnswer(db, key, point);
    await sweep();
    return { point: point ?? fallback(address), approximate: false };
  }

  const locate = async (address: string, options: LocateOptions = {}): Promise<Located> => {
    const key = normaliseGeocodeQuery(address ?? '');
    if (!key) return { point: null, approximate: false };
    // The same address asked twice at once shares one lookup (a refusal is the asker's own).
    const pending = inFlight.get(key);
    if (pending) {
      const shared = await pending;
      if (!shared.refused) return shared;
    }
    const p = lookup(address, key, options.client);
    const shared = p.then(
      (r) => r,
      () => ({ point: null, approximate: true }) as Located,
    );
    inFlight.set(key, shared);
    return p.finally(() => {
      if (inFlight.get(key) === shared) inFlight.delete(key);
    });
  };
  return {
    locate,
    async geocode(address) {
      return (await locate(address)).point;
    },
  };
}
