// Per-client rate limits kept in the database (fixed windows), so that several app processes
// behind a load balancer count together. Sized by each route so a real person never meets them.
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/connect.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import type { InternalRequests } from '../lib/internal-requests.js';

interface RateLimitRule {
  /** Name of the counter, e.g. 'locations:write'. */
  bucket: string;
  /** Per person: per browser session (X-Session-Id) from one address, or per address without one. */
  max: number;
  windowMs: number;
  /** Per address whatever the sessions, so that a room of people behind one address (a mapping
   * event) can work together while a script rotating session ids still meets a limit. Default
   * ADDRESS_SHARE times max. */
  addressMax?: number;
}

/** Without an explicit addressMax, an address counts as this many people. Routes that a room of
 * volunteers uses together (adding and tagging places) set their own. */
const ADDRESS_SHARE = 4;

export type RateLimiter = (rule: RateLimitRule) => preHandlerAsyncHookHandler;

/** One counted event in a fixed window. */
export interface WindowHit {
  /** Events in this window so far, this one included; with `sliding`, plus the previous window's
   * events weighted by how much of it still lies within one window's length of now. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterS: number;
  /** Takes this event back out of the count (e.g. a sign-in that turned out right). */
  undo(): Promise<void>;
}

/** Counts events per name in fixed windows of windowMs starting at multiples of it (so every
 * process agrees on them). `now` is the clock; tests pass their own. A limit counts `sliding`:
 * a fixed window alone lets a burst straddling its end through twice (max at 0:59, max at 1:00),
 * so the previous window's count is weighed in by the part of it still within a window's length
 * of now (decision 0405). A row is kept one window longer than its own for that. */
export function createWindowCounter(db: Db, now: () => number = () => Date.now()) {
  let lastSweep = 0;
  return async function hit(name: string, windowMs: number, opts: { sliding?: boolean } = {}): Promise<WindowHit> {
    const t = now();
    const windowStart = Math.floor(t / windowMs) * windowMs;
    const windowEnd = windowStart + windowMs;
    // The window's length is part of the key: an hour's and a day's windows both start at midnight.
    const key = `${name}:${windowMs}:${windowStart}`;
    const rows = await db
      .insert(rateLimits)
      .values({ key, count: 1, expiresAt: new Date(windowEnd + windowMs) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    let count = rows[0]?.count ?? 1;
    if (opts.sliding) {
      const [previous] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, `${name}:${windowMs}:${windowStart - windowMs}`));
      count += Math.ceil((previous?.count ?? 0) * (1 - (t - windowStart) / windowMs));
    }
    if (t - lastSweep > 60_000) {
      lastSweep = t;
      await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(t)));
    }
    return {
      count,
      retryAfterS: Math.max(1, Math.ceil((windowEnd - t) / 1000)),
      undo: async () => {
        await db
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          .where(eq(rateLimits.key, key));
      },
    };
  };
}

const SLIDING = { sliding: true } as const;

const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

export const tooManyRequests = (retryAfterS: number) =>
  new HttpError(429, TOO_MANY_REQUESTS_MESSAGE, undefined, { 'retry-after': String(retryAfterS) });

export function createRateLimiter(
  db: Db,
  clientHash: (r: FastifyRequest) => string,
  scale = 1,
  now: () => number = () => Date.now(),
): RateLimiter {
  const hit = createWindowCounter(db, now);
  return (rule) =>
    async function rateLimit(request) {
      const address = clientHash(request);
      const session = sessionOf(request);
      if (session) {
        // One person (a session from this address), and the address as a whole.
        const own = await hit(`${rule.bucket}:${address}:${session}`, rule.windowMs, SLIDING);
        if (own.count > Math.ceil(rule.max * scale)) throw tooManyRequests(own.retryAfterS);
        const all = await hit(`${rule.bucket}:${address}`, rule.windowMs, SLIDING);
        const addressMax = rule.addressMax ?? rule.max * ADDRESS_SHARE;
        if (all.count > Math.ceil(addressMax * scale)) throw tooManyRequests(all.retryAfterS);
        return;
      }
      const { count, retryAfterS } = await hit(`${rule.bucket}:${address}`, rule.windowMs, SLIDING);
      if (count > Math.ceil(rule.max * scale)) throw tooManyRequests(retryAfterS);
    };
}

/** The browser session a request names (X-Session-Id, as sent by the app on every write). */
function sessionOf(request: FastifyRequest): string | null {
  const raw = request.headers?.['x-session-id'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value.slice(0, 128) : null;
}

/**
 * Per-client limits for anonymous reads, so one script cannot take the server from everyone.
 * Counted in this process's memory: a database write per read would cost more than the read.
 * With several processes a client may get up to that many times the limit, which still stops a
 * script. Fixed windows, swept as they end.
 */
export function createReadLimiter(
  clientHash: (r: FastifyRequest) => string,
  scale = 1,
  now: () => number = () => Date.now(),
): RateLimiter {
  const counts = new Map<string, { windowStart: number; count: number }>();
  let lastSweep = 0;
  return (rule) =>
    async function readLimit(request) {
      const t = now();
      const windowStart = Math.floor(t / rule.windowMs) * rule.windowMs;
      if (t - lastSweep > rule.windowMs) {
        lastSweep = t;
        for (const [k, v] of counts) if (v.windowStart < windowStart) counts.delete(k);
      }
      const key = `${rule.bucket}:${clientHash(request)}`;
      const entry = counts.get(key);
      const count = entry && entry.windowStart === windowStart ? entry.count + 1 : 1;
      counts.set(key, { windowStart, count });
      if (count > Math.ceil(rule.max * scale)) {
        throw tooManyRequests(Math.max(1, Math.ceil((windowStart + rule.windowMs - t) / 1000)));
      }
    };
}

/** The same limiter, except that the server's own requests pass without being counted. */
export function exemptInternal(limiter: RateLimiter, internal: InternalRequests): RateLimiter {
  return (rule) => {
    const hook = limiter(rule);
    return async function limitUnlessInternal(this: unknown, request, reply) {
      if (internal.is(request)) return;
      return hook.call(this as never, request, reply);
    };
  };
}
