// Per-client rate limits kept in the database (fixed windows), so that several app processes
// behind a load balancer count together. Sized by each route so a real person never meets them.
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/connect.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from '../http-error.js';

export interface RateLimitRule {
  /** Name of the counter, e.g. 'locations:write'. */
  bucket: string;
  max: number;
  windowMs: number;
}

export type RateLimiter = (rule: RateLimitRule) => preHandlerAsyncHookHandler;

/** One counted event in a fixed window. */
export interface WindowHit {
  /** Events in this window so far, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterS: number;
  /** Takes this event back out of the count (e.g. a sign-in that turned out right). */
  undo(): Promise<void>;
}

/** Counts events per name in fixed windows of windowMs starting at multiples of it (so every
 * process agrees on them). `now` is the clock; tests pass their own. */
export function createWindowCounter(db: Db, now: () => number = () => Date.now()) {
  let lastSweep = 0;
  return async function hit(name: string, windowMs: number): Promise<WindowHit> {
    const t = now();
    const windowStart = Math.floor(t / windowMs) * windowMs;
    const expiresAt = new Date(windowStart + windowMs);
    const key = `${name}:${windowStart}`;
    const rows = await db
      .insert(rateLimits)
      .values({ key, count: 1, expiresAt })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    if (t - lastSweep > 60_000) {
      lastSweep = t;
      await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(t)));
    }
    return {
      count: rows[0]?.count ?? 1,
      retryAfterS: Math.max(1, Math.ceil((expiresAt.getTime() - t) / 1000)),
      undo: async () => {
        await db
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          .where(eq(rateLimits.key, key));
      },
    };
  };
}

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

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
      const { count, retryAfterS } = await hit(`${rule.bucket}:${clientHash(request)}`, rule.windowMs);
      if (count > Math.ceil(rule.max * scale)) throw tooManyRequests(retryAfterS);
    };
}
