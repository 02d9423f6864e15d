// "Is this still correct?": POST /api/locations/{id}/confirm counts a visitor's "Yes"
// once per client, place and day, is rate limited, answers 404 for hidden or unknown places and
// never moves lastVerifiedAt (the administrators' confirmations).
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locationConfirmations, locations, locationVerifications } from '../../db/schema.js';
import { setClock } from '../../lib/clock.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';

describe('POST /api/locations/{id}/confirm', () => {
  const t = useTestApp();
  let id: number;
  let hiddenId: number;
  beforeAll(async () => {
    const stamp = Date.now();
    const rows = await t.database.db
      .insert(locations)
      .values([
        { name: 'Confirm Garden', category: 'community-garden', slug: `confirm-garden-${stamp}`, address: '1 Main St' },
        { name: 'Hidden Garden', category: 'community-garden', slug: `hidden-garden-${stamp}`, hidden: true },
      ])
      .returning({ id: locations.id });
    id = rows[0]!.id;
    hiddenId = rows[1]!.id;
  });
  afterEach(() => setClock(null));

  const confirm = (locationId: number | string = id, ip = '10.3.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/confirm`,
      headers: jsonHeaders,
      remoteAddress: ip,
      payload: '{}',
    });

  it('counts one confirmation per client and place a day, and answers 200 either way', async () => {
    setClock(new Date('2026-05-10T09:00:00Z'));
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ confirmations: 1 });
    expect((await confirm()).json()).toEqual({ confirmations: 1 });
    // Two answers at once still make one row (the unique index, not a read before the write).
    await Promise.all([confirm(id, '10.3.0.2'), confirm(id, '10.3.0.2')]);
    expect((await confirm(id, '10.3.0.2')).json()).toEqual({ confirmations: 2 });

    setClock(new Date('2026-05-11T09:00:00Z'));
    expect((await confirm()).json()).toEqual({ confirmations: 3 });
    const rows = await t.database.db
      .select()
      .from(locationConfirmations)
      .where(eq(locationConfirmations.locationId, id));
    expect(rows).toHaveLength(3);
    // The client is stored as its salted hash, never the address.
    expect(rows.every((r) => !r.clientHash.includes('10.3.0'))).toBe(true);
  });

  it('counts only the last 90 days', async () => {
    setClock(new Date('2026-09-01T09:00:00Z'));
    expect((await confirm(id, '10.3.0.3')).json()).toEqual({ confirmations: 1 });
  });

  it('answers 404 for a hidden or unknown place and records nothing', async () => {
    const hidden = await confirm(hiddenId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Location not found' });
    expect((await confirm(99_999_999)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(locationConfirmations)
      .where(eq(locationConfirmations.locationId, hiddenId));
    expect(rows).toHaveLength(0);
  });

  it('never changes lastVerifiedAt', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/locations/${id}` });
    expect(before.json().lastVerifiedAt).toBeNull();
    await confirm(id, '10.3.0.4');
    expect((await t.app.inject({ method: 'GET', url: `/api/locations/${id}` })).json().lastVerifiedAt).toBeNull();

    await t.database.db
      .insert(locationVerifications)
      .values({ locationId: id, verifiedBy: 'admin', at: new Date('2026-01-02T10:00:00Z') });
    await confirm(id, '10.3.0.5');
    const after = await t.app.inject({ method: 'GET', url: `/api/locations/${id}` });
    expect(after.json().lastVerifiedAt).toBe('2026-01-02T10:00:00.000Z');
  });

  it('rate limits one client at 10 a minute', async () => {
    // Fixed one-minute windows: a slow run may cross a boundary, so allow two windows' worth.
    let limited: { statusCode: number; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await confirm(id, '10.3.0.99');
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
