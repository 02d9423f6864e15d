// How every feed answers (decision 1001): a body made once and kept until a write, a new day or an
// hour (a minute for time-dependent searches), an ETag hashing the body or what it is made of (the
// same on every process and restart) and Last-Modified, so hourly pollers usually get 304 with no work.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { VersionedCache } from '../../lib/versioned-cache.js';

const gzip = promisify(zlib.gzip);

export interface FeedBody {
  /** A Buffer when it is put together from kept bytes (a search's calendar). */
  body: string | Buffer;
  /** The latest change the body shows (second precision in the header). */
  lastModified: Date;
  /** For a body put together from kept parts: what the ETag hashes instead of the body, bytes that
   * change whenever it does and far fewer (the small parts as they are, the others' digests), as
   * hashing 100 KB was 4.5 % of the server's CPU on varied calendars. */
  etagInput?: Buffer;
}

/** The SHA-1 of some bytes: a body's ETag, or a kept part's digest (FeedBody.etagInput). */
export const sha1 = (bytes: Buffer | string) => crypto.createHash('sha1').update(bytes).digest();

interface Kept {
  body: Buffer;
  etag: string;
  lastModified: Date;
  gzipped?: Promise<Buffer>;
}

const MAX_ENTRIES = 2000;
// A search's calendar runs to about 100 KB, a place's to a few: bounded by bytes (the gzipped copy
// made on demand adds about a fifth), so the kept feeds never hold more than this of the server's
// memory budget.
const MAX_BYTES = 8 * 2 ** 20;
const KEEP_MS = 60 * 60_000;
/** Feeds of "open now" or "in season" searches change with the clock, not only with writes. */
export const KEEP_TIMED_MS = 60_000;
const GZIP_MIN_BYTES = 1024;

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (typeof match === 'string') {
    return match
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === etag || t === '*');
  }
  const since = request.headers['if-modified-since'];
  if (typeof since === 'string') {
    const t = Date.parse(since);
    return Number.isFinite(t) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(t / 1000);
  }
  return false;
}

export type FeedSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    key: string;
    type: string;
    /** Headers sent with the body and with 304 (Content-Disposition…). */
    headers?: Record<string, string>;
    keepMs?: number;
    build: () => Promise<FeedBody>;
  },
) => Promise<FastifyReply>;

export function createFeedSender(ctx: AppContext): FeedSender {
  const kept = new VersionedCache<Kept>(ctx.dataVersion, {
    kind: 'feed',
    max: MAX_ENTRIES,
    ttlMs: KEEP_MS,
    maxBytes: MAX_BYTES,
    sizeOf: (k) => k.body.length,
  });
  return async (request, reply, { key, type, headers = {}, keepMs = KEEP_MS, build }) => {
    let entry = kept.get(key);
    if (!entry) {
      const version = ctx.dataVersion.current();
      const made = await build();
      const body = typeof made.body === 'string' ? Buffer.from(made.body) : made.body;
      const digest = sha1(made.etagInput ?? body).toString('base64url');
      const etag = `"${digest.slice(0, 27)}"`;
      entry = { body, etag, lastModified: made.lastModified };
      kept.set(key, entry, version, keepMs);
    }
    reply
      .header('etag', entry.etag)
      .header('last-modified', entry.lastModified.toUTCString())
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'accept-encoding');
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    if (notModified(request, entry.etag, entry.lastModified)) return reply.status(304).send();
    reply.type(type);
    if (entry.body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      entry.gzipped ??= gzip(entry.body, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(await entry.gzipped);
    }
    return reply.send(entry.body);
  };
}

/** The latest of some instants (the epoch when there are none). */
export function latest(...dates: Array<Date | null | undefined>): Date {
  let t = 0;
  for (const d of dates) if (d && d.getTime() > t) t = d.getTime();
  return new Date(t);
}
