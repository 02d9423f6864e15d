// The window counters behind every rate limit, on a clock the test holds: fixed windows, the
// previous one weighed in (sliding) so that a burst across a boundary meets the limit too.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect.js';
import { HttpError } from '../http-error.js';
import { openTestDatabase } from '../test/test-app.js';
import { createRateLimiter, createWindowCounter } from './rate-limit.js';

describe('rate limits (fixed windows)', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  const MINUTE = 60_000;
  const base = Math.floor(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
  const request = {} as FastifyRequest;
  /** Runs one limit check: null when let through, else the refusal. */
  const check = async (limit: preHandlerAsyncHookHandler): Promise<HttpError | null> => {
    try {
      await limit.call(undefined as never, request, undefined as never);
      return null;
    } catch (err) {
      if (err instanceof HttpError) return err;
      throw err;
    }
  };

  it('counts within one window, refuses past max with the seconds left, and lets the count slide away', async () => {
    let now = base + 50_000;
    const limit = createRateLimiter(
      database.db,
      () => 'client-a',
      1,
      () => now,
    )({
      bucket: 'test:window',
      max: 10,
      windowMs: MINUTE,
    });
    const run = () => check(limit);
    for (let i = 0; i < 10; i++) expect(await run()).toBeNull();
    now = base + MINUTE - 1; // the window's last millisecond
    const refused = await run();
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers).toEqual({ 'retry-after': '1' });
    // The next window begins with the last one's 11 weighed in whole: still refused.
    now = base + MINUTE;
    expect((await run())?.statusCode).toBe(429);
    // Halfway through it, half of them (6, rounded up) plus its own 2 leave room again.
    now = base + MINUTE + MINUTE / 2;
    expect(await run()).toBeNull();
  });

  it('stops a burst that straddles a boundary at the limit', async () => {
    let now = base + 2 * MINUTE - 5;
    const limit = createRateLimiter(
      database.db,
      () => 'client-b',
      1,
      () => now,
    )({
      bucket: 'test:straddle',
      max: 10,
      windowMs: MINUTE,
    });
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 11; i++) {
      if (i === 5) now += 10;
      codes.push((await check(limit))?.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === undefined)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('scales max, and undo takes one event back out', async () => {
    const now = base + 3 * MINUTE;
    const limit = createRateLimiter(
      database.db,
      () => 'client-c',
      2.5,
      () => now,
    )({
      bucket: 'test:scale',
      max: 2,
      windowMs: MINUTE,
    });
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await check(limit))?.statusCode);
    }
    expect(codes).toEqual([undefined, undefined, undefined, undefined, undefined, 429]);

    const hit = createWindowCounter(database.db, () => now);
    expect((await hit('test:undo', MINUTE)).count).toBe(1);
    const second = await hit('test:undo', MINUTE);
    expect(second.count).toBe(2);
    await second.undo();
    expect((await hit('test:undo', MINUTE)).count).toBe(2);
  });

  it("counts an hour's and a day's window apart, even in the first hour of the day, when both start at midnight", async () => {
    const midnight = Date.UTC(2026, 10, 27, 0, 5);
    const hit = createWindowCounter(database.db, () => midnight);
    for (let i = 0; i < 3; i++) await hit('test:two-windows', 3_600_000);
    expect((await hit('test:two-windows', 86_400_000)).count).toBe(1);
    expect((await hit('test:two-windows', 3_600_000)).count).toBe(4);
  });
});
