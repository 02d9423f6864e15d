// Limits sized for people (issue 13, findings 4 and 14): anonymous reads are limited per client,
// the unpaged list is capped, a tag filter names at most 20 tags, and writes count per person
// (browser session) and per address, so a room of volunteers is not refused while a script is.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_LIST_MAX, TAG_FILTER_MAX } from '../../shared/constants.js';
import { leaveRoomInWindow } from '../test/clock.js';
import { jsonHeaders, useTestApp } from '../test/test-app.js';

describe('limits that fit real people', () => {
  // Scale 0.1: reads 60 a minute, place writes 3 a minute per person and 12 per address.
  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
  // Every test counts against one-minute windows: none may straddle a boundary.
  beforeEach(() => leaveRoomInWindow(60_000, 20_000));
  afterEach(() => vi.useRealTimers());

  const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
  const add = (n: number, remoteAddress: string, session?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/locations',
      remoteAddress,
      headers: { ...jsonHeaders, ...(session ? { 'x-session-id': session } : {}) },
      payload: JSON.stringify({
        name: `Limit Place ${remoteAddress} ${session} ${n}`,
        category: 'resource',
        tagIds: [],
      }),
    });

  it('limits one client’s searches (429 + Retry-After), not another’s', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await get('/api/locations?limit=1', '10.7.0.1')).statusCode;
    expect(last).toBe(429);
    const refused = await get('/api/locations?limit=1', '10.7.0.1');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/api/locations?limit=1', '10.7.0.2')).statusCode).toBe(200);
  });

  it('answers at most LOCATION_LIST_MAX places without a limit, and counts them all', async () => {
    await t.database.db.execute(sql`
      insert into locations (name, category, slug)
      select 'Bulk Cap ' || g, 'resource', 'bulk-cap-' || g from generate_series(1, ${LOCATION_LIST_MAX + 1}) g`);
    const res = await get('/api/locations?search=Bulk%20Cap', '10.7.1.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(LOCATION_LIST_MAX);
    expect(Number(res.headers['x-total-count'])).toBe(LOCATION_LIST_MAX + 1);
  });

  it(`refuses a tag filter of more than ${TAG_FILTER_MAX} tags, naming the field`, async () => {
    const ids = Array.from({ length: TAG_FILTER_MAX + 1 }, (_, i) => i + 1).join(',');
    const res = await get(`/api/locations?tagIds=${ids}`, '10.7.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.tagIds).toBe(`tagIds may name at most ${TAG_FILTER_MAX} tags`);
  });

  it('lets several people behind one address add places, and stops a script rotating sessions', async () => {
    const room = '10.7.3.1';
    // Three people, three places each: all accepted.
    for (const person of ['ana', 'ben', 'cy']) {
      for (let n = 0; n < 3; n++) expect((await add(n, room, person)).statusCode).toBe(201);
    }
    // One person's fourth in the minute is refused; the others are not affected.
    expect((await add(3, room, 'ana')).statusCode).toBe(429);
    expect((await add(0, room, 'dee')).statusCode).toBe(201);
    // A script with a new session each time meets the address's limit (12 a minute).
    const codes: number[] = [];
    for (let n = 0; n < 5; n++) codes.push((await add(n, room, `bot-${n}`)).statusCode);
    expect(codes).toContain(429);
    // Without a session, one address is one person.
    const alone = '10.7.4.1';
    for (let n = 0; n < 3; n++) expect((await add(n, alone)).statusCode).toBe(201);
    expect((await add(3, alone)).statusCode).toBe(429);
  });
});
