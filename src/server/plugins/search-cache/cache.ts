// Response cache of the search answers (/api/locations, /points, /map; decision 0500): valid while
// the data version (bumped after every write, or by another process's NOTIFY, decision 0204) holds,
// and never longer than TTL_MS, for changes that bypass it (view counts).
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

/** How long an answer may be served without re-checking (bounds view-count staleness). */
export const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 50 * 1024 * 1024;
/** Bodies smaller than this are sent as they are (gzip would not pay for itself). */
const GZIP_MIN_BYTES = 1024;

/** Differs at every start, so an ETag from a previous run never matches the new version 0. */
/** This process among the others sharing a PostgreSQL database (ETags, NOTIFY payloads). */
export const BOOT = crypto.randomBytes(4).toString('hex');
let version = 0;
let enabled = true;

/** Call after anything that can change a search answer (places, tags, links, flags, hiding). */
export function bumpDataVersion(): void {
  version++;
}

export function dataVersion(): number {
  return version;
}

/** The benchmark's lab turns the cache off to time the queries themselves. */
export function setSearchCacheEnabled(on: boolean): void {
  enabled = on;
}

/** Whether answers may be kept (the feeds and the widget keep theirs only then, decision 1001). */
export function searchCacheEnabled(): boolean {
  return enabled;
}

/** The ETag of every answer computed at the current data version (points carry no counters). */
export function versionTag(key: string): string {
  const h = crypto.createHash('sha1').update(key).digest('base64url').slice(0, 12);
  return `"${BOOT}-${version}-${h}"`;
}

export interface CachedAnswer {
  /** The serialised JSON answer, encoded once: every response writes this one buffer to its socket,
   * where a string would be encoded into a new copy per response (32 copies of a 3.4 MB map
   * answer at once, docs/benchmarks.md). */
  body: Buffer;
  /** X-Total-Count of a list answer. */
  total?: number;
  etag: string;
  /** Started by the first request that accepts gzip; the requests that come while it runs share it. */
  gzipped?: Promise<Buffer>;
}

interface Entry {
  answer: CachedAnswer;
  version: number;
  at: number;
  bytes: number;
}

export interface SearchCache {
  /**
   * The cached answer for `key`, or `compute()`'s (then cached). Concurrent misses on the same
   * key share one computation. `compute` must read the database only after this call starts.
   */
  get(key: string, compute: () => Promise<{ body: string; total?: number }>): Promise<CachedAnswer>;
  size(): { entries: number; bytes: number };
}

/** One cache per app (its own database): the version is shared, so a bump empties them all. */
export function createSearchCache(): SearchCache {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };

  const lookup = (key: string): CachedAnswer | undefined => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || Date.now() - e.at > TTL_MS) {
      drop(key);
      return undefined;
    }
    // Least recently used first: move to the end.
    entries.delete(key);
    entries.set(key, e);
    return e.answer;
  };

  const store = (key: string, answer: CachedAnswer, atVersion: number) => {
    // A write finished while this answer was being computed: it may be stale, do not keep it.
    if (atVersion !== version) return;
    drop(key);
    const size = answer.body.length;
    if (size > MAX_BYTES / 4) return;
    entries.set(key, { answer, version: atVersion, at: Date.now(), bytes: size });
    bytes += size;
    for (const k of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(k);
    }
  };

  return {
    size: () => ({ entries: entries.size, bytes }),
    async get(key, compute) {
      if (!enabled) {
        entries.clear();
        bytes = 0;
        const r = await compute();
        return { ...r, body: Buffer.from(r.body), etag: versionTag(key) };
      }
      const hit = lookup(key);
      if (hit) return hit;
      const atVersion = version;
      const flightKey = `${atVersion}|${key}`;
      const pending = inflight.get(flightKey);
      if (pending) return pending;
      const run = (async () => {
        try {
          const etag = versionTag(key);
          const r = await compute();
          const answer: CachedAnswer = { ...r, body: Buffer.from(r.body), etag };
          store(key, answer, atVersion);
          return answer;
        } finally {
          inflight.delete(flightKey);
        }
      })();
      inflight.set(flightKey, run);
      return run;
    },
  };
}

/** The gzip body of an answer (made once per cached answer, off the main thread), or null when
 * the answer is too small to bother. */
export async function gzippedBody(answer: CachedAnswer): Promise<Buffer | null> {
  if (answer.body.length < GZIP_MIN_BYTES) return null;
  answer.gzipped ??= gzip(answer.body, { level: 6 });
  return answer.gzipped;
}

/** Routes (patterns as registered) whose writes never change a search answer: view and click
 * counters (viewCount is covered by TTL_MS instead, so browsing does not empty the cache), the
 * visitor log, translation and geocoding caches. Every other non-GET request under /api bumps the
 * data version, so a new writer is covered without remembering this cache. */
const NON_DATA_WRITES = new Set([
  '/api/locations/:id/view',
  '/api/locations/:id/click',
  // "Is this still correct?": counted apart, never shown in a search answer.
  '/api/locations/:id/confirm',
  '/api/visitors/record',
  '/api/translate',
  '/api/geocode',
]);

export function writeMayChangeSearch(method: string, route: string | undefined): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !(route && NON_DATA_WRITES.has(route));
}
