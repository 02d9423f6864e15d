// The geocoder is shared fairly between clients (decision 0711): lookups take turns per client, a
// full room answers 429 and a full queue 503, both with Retry-After, and nobody gets "Address not
// found" because of others. The service is a fake that answers only when the test lets it.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveRoomInWindow } from '../../test/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { createGeocoder, MAX_WAITING, PER_CLIENT_WAITING, UNCACHED_PER_MINUTE } from './geocoder.js';

const tick = () => new Promise((r) => setTimeout(r, 2));

/** A geocoding service that records each query and answers one only when released. */
function heldService() {
  const asked: string[] = [];
  const held: Array<() => void> = [];
  let holding = true;
  const fetch = (async (input: string | URL | Request) => {
    asked.push(new URL(String(input)).searchParams.get('q') ?? '');
    if (holding) await new Promise<void>((r) => held.push(r));
    return Response.json([{ lat: '39.1', lon: '-94.5' }]);
  }) as typeof globalThis.fetch;
  return {
    asked,
    fetch,
    /** Waits until `n` queries reached the service. */
    async until(n: number) {
      while (asked.length < n) await tick();
    },
    /** Answers the query the service is holding (waiting for one to arrive). */
    async releaseOne() {
      while (held.length === 0) await tick();
      held.shift()!();
    },
    /** Answers everything from now on. */
    open() {
      holding = false;
      for (const r of held.splice(0)) r();
    },
    close() {
      holding = true;
    },
  };
}

const service = heldService();
const unique = () => Math.random().toString(36).slice(2, 9);

describe('a fair geocoder', () => {
  const t = useTestApp({ env: { GEOCODER_URL: 'http://127.0.0.1:9' }, deps: { fetch: service.fetch } });
  afterEach(() => {
    service.open();
    vi.useRealTimers();
  });

  /** Waits until `n` clients (or, with 'lookups', n lookups in all) have counted a lookup the cache
   * did not know in this window: each counts just before it joins the queue, so once its count is
   * seen its lookup is queued. */
  const untilCounted = async (n: number, prefix = 'geocode:uncached:', what: 'clients' | 'lookups' = 'clients') => {
    for (;;) {
      const res = (await t.database.db.execute(
        what === 'clients'
          ? sql`select count(*)::int as n from rate_limits where key like ${`${prefix}%`}`
          : sql`select coalesce(sum(count), 0)::int as n from rate_limits where key like ${`${prefix}%`}`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (Number(res.rows[0]?.n) >= n) return;
      await tick();
    }
  };

  const lookup = (address: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/geocode?address=${encodeURIComponent(address)}`, remoteAddress });

  it('takes turns between clients: a burst waits behind other people’s lookups', async () => {
    leaveRoomInWindow(60_000, 30_000);
    const local = heldService();
    const g = createGeocoder({ db: t.database.db, env: t.env, fetch: local.fetch, minIntervalMs: 0 });
    const locate = g.locate!;
    const id = unique();
    const [A, B, C] = ['A', 'B', 'C'].map((c) => `turns-${id}-${c}`);
    const a1 = locate(`turn a1 ${unique()}`, { client: A });
    await local.until(1);
    const a2 = locate(`turn a2 ${unique()}`, { client: A });
    // A has its one lookup being asked and one waiting: a third is refused at once, not queued.
    const a3 = await locate(`turn a3 ${unique()}`, { client: A });
    expect(a3.refused).toBe('client');
    expect(a3.retryAfterS).toBeGreaterThan(0);
    const b1 = locate(`turn b1 ${unique()}`, { client: B });
    await untilCounted(2, `geocode:uncached:turns-${id}-`);
    const c1 = locate(`turn c1 ${unique()}`, { client: C });
    await untilCounted(3, `geocode:uncached:turns-${id}-`);
    for (let i = 0; i < 4; i++) await local.releaseOne();
    const answers = await Promise.all([a1, a2, b1, c1]);
    expect(local.asked.map((q) => q.split(' ')[1])).toEqual(['a1', 'b1', 'c1', 'a2']);
    for (const a of answers) expect(a).toEqual({ point: { lat: 39.1, lng: -94.5 }, approximate: false });
  });

  it('answers 429 with Retry-After to a client past its room, and serves others before its burst', async () => {
    leaveRoomInWindow(60_000, 30_000);
    service.close();
    await t.database.db.execute(sql`delete from rate_limits where key like 'geocode:uncached:%'`);
    const before = service.asked.length;
    const burst = Array.from({ length: 4 }, (_, i) => lookup(`burst ${i} ${unique()} road`, '10.60.0.1'));
    const settled: number[] = [];
    burst.forEach((p, i) => void p.then(() => settled.push(i)));
    await service.until(before + 1);
    // Two of the burst are held (one asked, one waiting); the other two are refused at once.
    while (settled.length < 4 - PER_CLIENT_WAITING) await tick();
    const other = lookup(`someone else ${unique()} road`, '10.60.0.2');
    await untilCounted(2);
    await service.releaseOne();
    await service.until(before + 2);
    // The other person's lookup was asked right after the burst's first, before its second.
    expect(service.asked.slice(before, before + 2).map((q) => q.split(' ')[0])).toEqual(['burst', 'someone']);
    service.open();
    const answers = await Promise.all(burst);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(PER_CLIENT_WAITING);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(4 - PER_CLIENT_WAITING);
    for (const r of refused) {
      expect(r.headers['retry-after']).toMatch(/^\d+$/);
      expect(r.json().message).toBe('Too many requests. Please wait a moment and try again.');
    }
    const res = await other;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lat: 39.1, lng: -94.5 });
  });

  it('answers 503 with Retry-After, not "not found", when the whole queue is full', async () => {
    leaveRoomInWindow(60_000, 30_000);
    service.close();
    await t.database.db.execute(sql`delete from rate_limits where key like 'geocode:uncached:%'`);
    const before = service.asked.length;
    const clients = Math.ceil(MAX_WAITING / PER_CLIENT_WAITING);
    const filling = [];
    for (let c = 0; c < clients; c++) {
      for (let i = 0; i < PER_CLIENT_WAITING; i++)
        filling.push(lookup(`fill ${c} ${i} ${unique()} road`, `10.61.0.${c + 1}`));
    }
    await service.until(before + 1);
    await untilCounted(clients * PER_CLIENT_WAITING, 'geocode:uncached:', 'lookups');
    const late = await lookup(`latecomer ${unique()} road`, '10.61.1.1');
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toMatch(/^\d+$/);
    expect(late.json().message).toBe('The address lookup is busy right now: try again in a moment');
    service.open();
    for (const r of await Promise.all(filling)) expect(r.statusCode).toBe(200);
  });

  it('allows each client a few addresses the cache does not know a minute; known ones stay free', async () => {
    service.open();
    leaveRoomInWindow(60_000, 30_000);
    const client = '10.62.0.1';
    const known = `known place ${unique()}`;
    expect((await lookup(known, '10.62.0.9')).statusCode).toBe(200);
    let last = 0;
    for (let i = 0; i < UNCACHED_PER_MINUTE; i++) {
      last = (await lookup(`fresh ${i} ${unique()}`, client)).statusCode;
      expect(last).toBe(200);
    }
    const over = await lookup(`fresh over ${unique()}`, client);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // What the cache knows costs the service nothing: still answered.
    expect((await lookup(known, client)).statusCode).toBe(200);
    // Another client is not affected.
    expect((await lookup(`fresh other ${unique()}`, '10.62.0.2')).statusCode).toBe(200);
  });

  it('keeps the server’s own lookups (saving a place) out of the clients’ allowances', async () => {
    service.open();
    const g = createGeocoder({ db: t.database.db, env: t.env, fetch: service.fetch, minIntervalMs: 0 });
    for (let i = 0; i < UNCACHED_PER_MINUTE + 2; i++) {
      expect(await g.locate!(`server own ${i} ${unique()}`)).toEqual({
        point: { lat: 39.1, lng: -94.5 },
        approximate: false,
      });
    }
  });
});
