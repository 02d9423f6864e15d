// Per-client rate limits kept in the database (fixed windows), so that several app processes
// behind a load balancer count together. Sized by each route so a real person never meets them.
import { lt, sql } from 'drizzle-orm';
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

export function createRateLimiter(db: Db, clientHash: (r: FastifyRequest) => string, scale = 1): RateLimiter {
  let lastSweep = 0;
  return (rule) =>
    async function rateLimit(request) {
      const now = Date.now();
      const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
      const expiresAt = new Date(windowStart + rule.windowMs);
      const key = `${rule.bucket}:${clientHash(request)}:${windowStart}`;
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: 1, expiresAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      const count = rows[0]?.count ?? 1;
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)));
      }
      if (count > Math.ceil(rule.max * scale)) {
        const retryAfter = Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000));
        throw new HttpError(429, 'Too many requests. Please wait a moment and try again.', undefined, {
          'retry-after': String(retryAfter),
        });
      }
    };
}
