import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { locationEngagement, locations } from '../../db/schema.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';

describe('engagement API (POST /api/locations/{id}/view and /click)', () => {
  const t = useTestApp();
  let id: number;
  beforeAll(async () => {
    const rows = await t.database.db
      .insert(locations)
      .values({
        name: 'Engagement Garden',
        category: 'community-garden',
        slug: `engagement-garden-${Date.now()}`,
        address: '1 Main St',
      })
      .returning({ id: locations.id });
    id = rows[0]!.id;
  });

  const send = (kind: 'view' | 'click', body: unknown, locationId: number | string = id, ip = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/${kind}`,
      headers: jsonHeaders,
      remoteAddress: ip,
      payload: JSON.stringify(body),
    });

  it('keeps one row per location and session, counting a network group once per place and day', async () => {
    const first = await send('view', { sessionId: 'session_eng_a' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, viewCount: 1, clickCount: 0 });
    // The same address again, with the same session or another: answered, not counted.
    expect((await send('view', { sessionId: 'session_eng_a' })).json()).toEqual({
      success: true,
      viewCount: 1,
      clickCount: 0,
    });
    expect((await send('click', { sessionId: 'session_eng_a' })).json()).toEqual({
      success: true,
      viewCount: 1,
      clickCount: 1,
    });
    expect((await send('click', { sessionId: 'session_eng_b' })).json()).toEqual({
      success: true,
      viewCount: 0,
      clickCount: 0,
    });
    // Another address is another network group.
    expect((await send('click', { sessionId: 'session_eng_b' }, id, '10.2.0.2')).json()).toEqual({
      success: true,
      viewCount: 0,
      clickCount: 1,
    });

    const rows = await t.database.db.select().from(locationEngagement).where(eq(locationEngagement.locationId, id));
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.sessionId === 'session_eng_a')!;
    expect(a.lastViewed).toBeInstanceOf(Date);
    expect(a.lastClicked).toBeInstanceOf(Date);
    expect(a.updatedAt.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime());
    const b = rows.find((r) => r.sessionId === 'session_eng_b')!;
    expect(b.lastViewed).toBeNull();
  });

  it('bumps the location view_count on views only, without touching updated_at', async () => {
    const [before] = await t.database.db.select().from(locations).where(eq(locations.id, id));
    await send('view', { sessionId: 'session_eng_c' }, id, '10.2.0.3');
    await send('click', { sessionId: 'session_eng_c' }, id, '10.2.0.3');
    const [after] = await t.database.db.select().from(locations).where(eq(locations.id, id));
    expect(after!.viewCount).toBe(before!.viewCount + 1);
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
  });

  it('answers 404 Location not found for an unknown or hidden id', async () => {
    for (const kind of ['view', 'click'] as const) {
      const res = await send(kind, { sessionId: 'session_eng_a' }, 999999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Location not found' });
    }
    const hidden = await t.database.db
      .insert(locations)
      .values({ name: 'Hidden', category: 'park', slug: `hidden-eng-${Date.now()}`, hidden: true })
      .returning({ id: locations.id });
    expect((await send('view', { sessionId: 's' }, hidden[0]!.id)).statusCode).toBe(404);
  });

  it('answers 400 for a missing or blank sessionId and for a bad id', async () => {
    for (const body of [{}, { sessionId: '' }, { sessionId: '  ' }, { sessionId: 7 }, { sessionId: 'x'.repeat(129) }]) {
      const res = await send('view', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('sessionId');
    }
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await send('click', { sessionId: 's' }, bad)).statusCode).toBe(400);
    }
  });

  it('rate limits one client at 120 a minute', async () => {
    // Fixed one-minute windows: a slow run may cross a boundary, so allow two windows' worth.
    let limited = false;
    for (let batch = 0; batch < 9 && !limited; batch++) {
      const codes = await Promise.all(
        Array.from({ length: 30 }, (_, i) => send('view', { sessionId: `flood-${batch}-${i}` }, id, '10.2.0.99')),
      );
      limited = codes.some((r) => r.statusCode === 429);
    }
    expect(limited).toBe(true);
  }, 120_000);
});
