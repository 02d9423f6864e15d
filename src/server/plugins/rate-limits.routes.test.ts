// Limits sized for people: anonymous reads are limited per client, the unpaged list is capped and a
// tag filter names at most 20 tags. Contributors' write budgets are modules/trust's (trust tests).
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_LIST_MAX, TAG_FILTER_MAX } from '../../shared/constants.js';
import { leaveRoomInWindow } from '../test/clock.js';
import { useTestApp } from '../test/test-app.js';

describe('limits that fit real people', () => {
  // Scale 0.1: reads 60 a minute, place writes 3 a minute per person and 12 per address.
  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
  // Every test counts against one-minute windows: none may straddle a boundary.
  beforeEach(() => leaveRoomInWindow(60_000, 20_000));
  afterEach(() => vi.useRealTimers());

  const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
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
});
