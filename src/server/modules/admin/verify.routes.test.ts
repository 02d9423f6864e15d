// Freshness: an administrator confirms a place (a history, never overwritten), read
// answers carry the latest confirmation as lastVerifiedAt, and the review desk lists the places
// not confirmed for 12 months, the oldest first.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locations, locationVerifications } from '../../db/schema.js';
import { setClock } from '../../lib/clock.js';
import { jsonHeaders, signInAdmin, useTestApp } from '../../test/test-app.js';
import { createLocation } from '../locations/writes/index.js';

const ADMIN = { username: 'fresh-admin', password: 'correct horse battery' };
const noGeo = { geocode: async () => null };

// One app and database for the whole file: the review desk tests see the places the earlier tests made.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
let cookie = '';
beforeAll(async () => {
  cookie = await signInAdmin(t, ADMIN);
});
afterEach(() => setClock(null));

const place = async (name: string) =>
  createLocation(
    { db: t.database.db, geocoder: noGeo },
    { name, category: 'park', address: '1 Main St, Kansas City, MO 64105', tagIds: [] } as never,
    { sessionId: 's', clientHash: 'h' },
  );
const verify = (id: number, body: unknown, withCookie = cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/locations/${id}/verify`,
    headers: withCookie ? { cookie: withCookie, ...jsonHeaders } : jsonHeaders,
    payload: JSON.stringify(body),
  });
const needsCheck = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/locations/needs-check${query}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      id: number;
      name: string;
      lastVerifiedAt: string | null;
      visitorConfirmations: number;
      source: { name: string; publishedAt: string | null } | null;
    }[];
    total: number;
  };
};

describe('verifying places', () => {
  it('needs an administrator session, and a place that exists', async () => {
    const p = await place('Verify Session Park');
    expect((await verify(p.id, {}, '')).statusCode).toBe(401);
    expect((await verify(999_999, {})).statusCode).toBe(404);
    const tooLong = await verify(p.id, { note: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.note).toBe('The note must be at most 2000 characters');
  });

  it('keeps every confirmation and answers the latest as lastVerifiedAt', async () => {
    const p = await place('Verify History Park');
    expect(p.lastVerifiedAt).toBeNull();
    setClock(new Date('2026-03-01T12:00:00Z'));
    const first = await verify(p.id, { note: 'Called them: hours unchanged.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      locationId: p.id,
      verifiedBy: ADMIN.username,
      at: '2026-03-01T12:00:00.000Z',
      note: 'Called them: hours unchanged.',
    });
    setClock(new Date('2026-06-01T12:00:00Z'));
    expect((await verify(p.id, {})).statusCode).toBe(201);
    const history = await t.database.db
      .select()
      .from(locationVerifications)
      .where(eq(locationVerifications.locationId, p.id));
    expect(history.map((h) => h.note)).toEqual(['Called them: hours unchanged.', null]);
    const read = await t.app.inject({ method: 'GET', url: `/api/locations/${p.id}` });
    expect(read.json().lastVerifiedAt).toBe('2026-06-01T12:00:00.000Z');
    const list = await t.app.inject({ method: 'GET', url: '/api/locations?search=verify%20history%20park' });
    expect(list.json()[0].lastVerifiedAt).toBe('2026-06-01T12:00:00.000Z');
  });
});

describe('the review desk of places due a check', () => {
  it('lists places not confirmed for 12 months, never confirmed first, then the oldest', async () => {
    const recent = await place('Needs Check Recent');
    const old = await place('Needs Check Old');
    const older = await place('Needs Check Older');
    setClock(new Date('2025-01-10T12:00:00Z'));
    await verify(older.id, {});
    setClock(new Date('2025-03-10T12:00:00Z'));
    await verify(old.id, {});
    setClock(new Date('2026-05-01T12:00:00Z'));
    await verify(recent.id, {});
    // A year after 2025-03-10 plus a day: old and older are due, recent is not.
    setClock(new Date('2026-03-11T12:00:00Z'));
    const { items, total } = await needsCheck('?limit=200');
    const ids = items.map((i) => i.id);
    expect(ids).not.toContain(recent.id);
    const never = items.filter((i) => i.lastVerifiedAt === null);
    expect(items.slice(0, never.length)).toEqual(never); // never confirmed come first
    expect(ids.slice(never.length)).toEqual([older.id, old.id]);
    expect(total).toBe(items.length);
    // Paging.
    const page = await needsCheck(`?limit=1&offset=${never.length + 1}`);
    expect(page.items.map((i) => i.id)).toEqual([old.id]);
    expect(page.total).toBe(total);
  });

  it("carries each due place's source, and among the never checked puts the oldest facts first", async () => {
    const undated = await place('Needs Check Undated Source');
    const old = await place('Needs Check 2013 Listing');
    const newer = await place('Needs Check 2018 Listing');
    const source = (at: string | null) => ({
      sourceName: 'USDA Farmers Market Directory',
      sourcePublishedAt: at === null ? null : new Date(at),
    });
    await t.database.db.update(locations).set(source(null)).where(eq(locations.id, undated.id));
    await t.database.db.update(locations).set(source('2013-06-26T00:00:00Z')).where(eq(locations.id, old.id));
    await t.database.db.update(locations).set(source('2018-07-31T00:00:00Z')).where(eq(locations.id, newer.id));
    const { items } = await needsCheck('?limit=200');
    const mine = items.filter((i) => [undated.id, old.id, newer.id].includes(i.id));
    expect(mine.map((i) => i.id)).toEqual([undated.id, old.id, newer.id]);
    expect(mine[1]).toMatchObject({
      source: { name: 'USDA Farmers Market Directory', publishedAt: '2013-06-26T00:00:00.000Z' },
    });
    // Sourced places come before the places visitors added, whose facts are as new as the place.
    const visitorPlace = items.findIndex((i) => i.source === null);
    expect(items.findIndex((i) => i.id === newer.id)).toBeLessThan(visitorPlace);
  });

  it('shows the visitors who said a due place is still correct in the last 90 days, never as a check', async () => {
    const p = await place('Needs Check Visitors');
    // One answer per client (its address) and day: three addresses make three answers.
    const confirm = (client: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/locations/${p.id}/confirm`,
        headers: jsonHeaders,
        remoteAddress: `10.9.0.${client}`,
        payload: '{}',
      });
    setClock(new Date('2026-01-05T12:00:00Z'));
    expect((await confirm(1)).statusCode).toBe(200); // outside the window by the time of the list
    setClock(new Date('2026-04-01T12:00:00Z'));
    expect((await confirm(2)).statusCode).toBe(200);
    expect((await confirm(3)).statusCode).toBe(200);
    setClock(new Date('2026-04-20T12:00:00Z'));
    const { items } = await needsCheck('?limit=200');
    const item = items.find((i) => i.id === p.id);
    expect(item).toMatchObject({ lastVerifiedAt: null, visitorConfirmations: 2 });
  });
});
