// The visitor total and a place's view and click counts grow by at most one a day per network group
// (decision 0712), whatever session ids it rotates: 130 rotated ids from one address (or across one
// IPv6 /64) add at most 1 to each. Another group counts on its own, and the next day counts again.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshAddress, jsonHeaders, useTestApp } from '../../test/test-app.js';

const DAY_MS = 24 * 60 * 60_000;
const ROTATIONS = 130;

describe('counted once per network group', () => {
  const t = useTestApp();
  let placeId: number;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: jsonHeaders,
      // From the tests' trusted network: the place must be public, not waiting for review.
      remoteAddress: freshAddress(),
      payload: JSON.stringify({ name: 'Counted Once Garden', category: 'resource' }),
    });
    expect(res.statusCode).toBe(201);
    placeId = (res.json() as { id: number }).id;
  });
  afterEach(() => vi.useRealTimers());

  /** A fresh UTC day for each test: the once-a-day marks of one do not reach the next. */
  const freshDay = (n: number) => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime((Math.floor(Date.now() / DAY_MS) + n) * DAY_MS + 60_000);
  };
  /** As the app sends it: the session id in the body and in X-Session-Id. */
  const post = (url: string, sessionId: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...jsonHeaders, 'x-session-id': sessionId },
      remoteAddress,
      payload: JSON.stringify({ sessionId }),
    });
  const total = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/visitors/total' })).json().totalVisitors as number;
  const engagement = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations/${placeId}`, remoteAddress: '10.80.9.8' });
    return (res.json() as { engagement: { totalViews: number; totalClicks: number } }).engagement;
  };

  it('130 rotated session ids from one address add at most 1 to the visitor total', async () => {
    freshDay(2);
    const before = await total();
    for (let i = 0; i < ROTATIONS; i++) {
      const res = await post('/api/visitors/record', `rotated-visit-${i}`, '10.80.0.1');
      expect([200, 429]).toContain(res.statusCode);
    }
    expect(await total()).toBe(before + 1);
    // The same across one IPv6 /64, every address and session id new.
    for (let i = 0; i < 20; i++) await post('/api/visitors/record', `rotated-v6-${i}`, `2001:db8:80:1::${i + 1}`);
    expect(await total()).toBe(before + 2);
    // Another address is another visitor; the next day, the first address counts again.
    await post('/api/visitors/record', 'other-visitor', '10.80.0.2');
    expect(await total()).toBe(before + 3);
    vi.setSystemTime((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS + 60_000);
    await post('/api/visitors/record', 'rotated-visit-next-day', '10.80.0.1');
    expect(await total()).toBe(before + 4);
  });

  it('130 rotated session ids from one address add at most 1 to a place’s views and 1 to its clicks', async () => {
    freshDay(5);
    const before = await engagement();
    for (let i = 0; i < ROTATIONS; i++) {
      const view = await post(`/api/locations/${placeId}/view`, `rotated-view-${i}`, '10.80.1.1');
      expect(view.statusCode).toBe(200);
      const click = await post(`/api/locations/${placeId}/click`, `rotated-view-${i}`, '10.80.1.1');
      expect(click.statusCode).toBe(200);
    }
    const after = await engagement();
    expect(after.totalViews - before.totalViews).toBe(1);
    expect(after.totalClicks - before.totalClicks).toBe(1);
    // Another network group counts on its own.
    await post(`/api/locations/${placeId}/view`, 'another-group', '10.80.1.2');
    expect((await engagement()).totalViews - before.totalViews).toBe(2);
  }, 120_000); // 260 requests: room for a busy machine
});
