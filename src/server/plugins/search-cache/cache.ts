// Response cache of the search answers (/api/locations, /points, /map; decision 0500): valid while
// the data version (bumped after every write, or by another process's NOTIFY, decision 0204) holds,
// and never longer than TTL_MS, for changes that bypass it (view counts).
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { DataVersion } from '../../lib/data-version.js';
import { VersionedCache } from '../../lib/versioned-cache.js';

const gzip = promisify(zlib.gzip);

/** How long an answer may be served without re-checking (bounds view-count staleness). */
export const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 50 * 1024 * 1024;
/** Bodies smaller than this are sent as they are (gzip would not pay for itself). */
const GZIP_MIN_BYTES = 1024;

/** The ETag of every answer computed at the current data version (points carry no counters). */
export function versionTag(data: DataVersion, key: string): string {
  const h = crypto.createHash('sha1').update(key).digest('base64url').slice(0, 12);
  return `"${data.boot}-${data.current()}-${h}"`;
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

export interface SearchCache {
  /**
   * The cached answer for `key`, or `compute()`'s (then cached). Concurrent misses on the same
   * key share one computation. `compute` must read the database only after this call starts.
   */
  get(key: string, compute: () => Promise<{ body: string; total?: number }>): Promise<CachedAnswer>;
  size(): { entries: number; bytes: number };
}

/** One cache per app, emptied in effect by every bump of its data version. */
export function createSearchCache(data: DataVersion): SearchCache {
  const kept = new VersionedCache<CachedAnswer>(data, {
    kind: 'search',
    max: MAX_ENTRIES,
    ttlMs: TTL_MS,
    maxBytes: MAX_BYTES,
    sizeOf: (a) => a.body.length,
  });
  const inflight = new Map<string, Promise<CachedAnswer>>();
  return {
    size: () => ({ entries: kept.size, bytes: kept.bytes }),
    async get(key, compute) {
      const hit = kept.get(key);
      if (hit) return hit;
      const atVersion = data.current();
      const flightKey = `${atVersion}|${key}`;
      const pending = data.cachingEnabled('search') ? inflight.get(flightKey) : undefined;
      if (pending) return pending;
      const run = (async () => {
        try {
          const etag = versionTag(data, key);
          const r = await compute();
          const answer: CachedAnswer = { ...r, body: Buffer.from(r.body), etag };
          kept.set(key, answer, atVersion);
          return answer;
        } finally {
          inflight.delete(flightKey);
        }
      })();
      if (data.cachingEnabled('search')) inflight.set(flightKey, run);
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
