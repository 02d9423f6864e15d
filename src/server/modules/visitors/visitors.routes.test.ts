import { describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';

describe('visitors API', () => {
  const t = useTestApp();

  const total = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/visitors/total' })).json().totalVisitors as number;
  const record = (body: unknown, remoteAddress = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: jsonHeaders,
      payload: JSON.stringify(body),
      remoteAddress,
    });

  it('counts each browser session once, with visitCount starting at 1', async () => {
    const before = await total();
    const first = await record({ sessionId: 'visitor-test-a' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, visitCount: 1 });
    const again = await record({ sessionId: 'visitor-test-a' });
    expect(again.json()).toMatchObject({ visitCount: 2 });
    // Another network group's session (one address counts one visitor a day, decision 0712).
    await record({ sessionId: 'visitor-test-b' }, '10.9.0.2');
    expect(await total()).toBe(before + 2);
  });

  it('rejects a missing or blank sessionId with 400 naming the field', async () => {
    for (const body of [{}, { sessionId: '' }, { sessionId: '   ' }, { sessionId: 42 }]) {
      const res = await record(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('sessionId');
    }
  });

  it('rate limits scripted inflation with 429 and Retry-After', async () => {
    let last = 0;
    let retryAfter: string | undefined;
    for (let i = 0; i < 35; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/visitors/record',
        headers: { ...jsonHeaders, 'x-test': 'rl' },
        remoteAddress: '10.9.9.9',
        payload: JSON.stringify({ sessionId: `flood-${i}` }),
      });
      last = res.statusCode;
      retryAfter = res.headers['retry-after'] as string | undefined;
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
