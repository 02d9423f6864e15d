import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminSessions, flagReports, locations, revisions, users } from '../../db/schema.js';
import { leaveRoomInWindow } from '../../test/clock.js';
import { placeForm } from '../../test/places.js';
import { adminCookieOf, injectJson, signInAdmin, useTestApp } from '../../test/test-app.js';
import { createLocation, updateLocation } from '../locations/writes/index.js';
import { ensureAdminFromEnv } from '../../startup.js';
import { hashPassword, PRODUCTION_SCRYPT, TEST_SCRYPT, verifyPassword } from './password.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sha256 } from './admin.repository.js';

const ADMIN = { username: 'desk-admin', password: 'correct horse battery' };
const noGeo = { geocode: async () => null };

// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
// Each sign-in comes from its own address so the login rate limit is only met where tested.
const login = (body: unknown, remoteAddress?: string) =>
  injectJson(t.app, 'POST', '/api/admin/login', body, { remoteAddress });
const signIn = () => signInAdmin(t, ADMIN);
const adminGet = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const adminSend = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  injectJson(t.app, method, url, body, { headers: { cookie } });

describe('admin API: passwords', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies in constant time', async () => {
    const h = await hashPassword('s3cret-pass', TEST_SCRYPT);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('s3cret-pass', h)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', h)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(PRODUCTION_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('creates the administrator from ADMIN_USERNAME/ADMIN_PASSWORD, and updates it', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, ADMIN.username));
    expect(u?.password.startsWith('scrypt$')).toBe(true);
    expect(u?.password).not.toContain(ADMIN.password);
    await ensureAdminFromEnv(t.database.db, {
      ...t.env,
      ADMIN_USERNAME: 'second-admin',
      ADMIN_PASSWORD: 'first-password',
    });
    await ensureAdminFromEnv(t.database.db, {
      ...t.env,
      ADMIN_USERNAME: 'second-admin',
      ADMIN_PASSWORD: 'other-password',
    });
    expect((await login({ username: 'second-admin', password: 'first-password' })).statusCode).toBe(401);
    expect((await login({ username: 'second-admin', password: 'other-password' })).statusCode).toBe(200);
  });
});

describe('admin API: sign-in', () => {
  it('signs in with a secure cookie and reports the session', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: ADMIN.username });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/kc_admin=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = adminCookieOf(res);
    // Only the sha256 of the id is stored.
    const id = cookie.split('=')[1] as string;
    const stored = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.idHash, sha256(id)));
    expect(stored).toHaveLength(1);
    const session = await adminGet('/api/admin/session', cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ username: ADMIN.username });
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a).not.toBe(b);
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await login({ username: 'nobody-here', password: ADMIN.password });
    const wrong = await login({ username: ADMIN.username, password: 'wrong password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid username or password' });
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('rejects a missing username or password with 400', async () => {
    expect((await login({ username: ADMIN.username })).statusCode).toBe(400);
    expect((await login({ password: 'x' })).statusCode).toBe(400);
  });

  it('rate limits sign-in attempts per client with 429', async () => {
    leaveRoomInWindow(15 * 60_000, 60_000); // all 13 tries in one fixed window
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await login({ username: 'guess', password: `try-${i}` }, '10.66.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Even the right password is refused while the limit holds.
    const right = await login(ADMIN, '10.66.0.1');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    vi.useRealTimers();
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const cookie = await signIn();
    const out = await adminSend('POST', '/api/admin/logout', cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/kc_admin=;/);
    expect((await adminGet('/api/admin/session', cookie)).statusCode).toBe(401);
  });

  it('ends a session idle for more than 30 minutes, and deletes it', async () => {
    const cookie = await signIn();
    const idHash = sha256(cookie.split('=')[1] as string);
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(adminSessions.idHash, idHash));
    const res = await adminGet('/api/admin/session', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sign in required' });
    expect(await t.database.db.select().from(adminSessions).where(eq(adminSessions.idHash, idHash))).toHaveLength(0);
  });

  it('ends a session 12 hours after sign-in even when busy', async () => {
    const cookie = await signIn();
    const idHash = sha256(cookie.split('=')[1] as string);
    await t.database.db
      .update(adminSessions)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - 1000), lastSeenAt: new Date() })
      .where(eq(adminSessions.idHash, idHash));
    expect((await adminGet('/api/admin/session', cookie)).statusCode).toBe(401);
  });

  it('refuses every admin call without a session (401 Sign in required)', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/session'],
      ['POST', '/api/admin/logout'],
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/flag-reports?status=pending'],
      ['GET', '/api/admin/flag-reports/1/screenshot'],
      ['PATCH', '/api/admin/flag-reports/1'],
      ['GET', '/api/admin/revisions'],
      ['POST', '/api/admin/revisions/1/revert'],
      ['POST', '/api/admin/revisions/revert-session'],
      ['GET', '/api/admin/locations'],
      ['PATCH', '/api/admin/locations/1'],
      ['DELETE', '/api/admin/locations/1'],
      ['POST', '/api/admin/bulk-import'],
    ];
    for (const [method, url] of calls) {
      for (const cookie of [undefined, 'kc_admin=forged-value']) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Sign in required' });
      }
    }
  });
});

// The review desk's session, shared by its three describes below: signed in once, before the first
// of them (after the sign-in tests).
let cookie = '';
const deskSession = () =>
  beforeAll(async () => {
    cookie ||= await signIn();
  });
const form = (name: string, description: string) =>
  placeForm({ name, category: 'park', description, address: '2 Park Ave, Kansas City, MO' });

describe('admin API: review desk, flag reports', () => {
  deskSession();

  it('lists pending flag reports newest first and resolves one with notes', async () => {
    const place = await createLocation(
      { db: t.database.db, geocoder: noGeo },
      placeForm({
        name: 'Reported Garden',
        category: 'community-garden',
        description: 'x',
        address: '1 Main St, Kansas City, MO',
      }),
      { sessionId: 's-rep', clientHash: 'h' },
    );
    const [older] = await t.database.db
      .insert(flagReports)
      .values({
        locationId: place.id,
        flagType: 'outdated',
        description: 'old hours',
        reportedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [newer] = await t.database.db
      .insert(flagReports)
      .values({
        locationId: null,
        flagType: 'other',
        description: 'site issue',
        screenshot: 'data:image/png;base64,iVBORw0KGgo=',
      })
      .returning();
    const list = await adminGet('/api/admin/flag-reports?status=pending', cookie);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newer!.id)).toBeLessThan(ids.indexOf(older!.id));
    const item = list.json().items.find((r: { id: number }) => r.id === older!.id);
    expect(item.location).toEqual({ id: place.id, name: 'Reported Garden', slug: place.slug });

    const summary = (await adminGet('/api/admin/summary', cookie)).json();
    expect(summary.pendingReports).toBeGreaterThanOrEqual(2);

    const res = await adminSend('PATCH', `/api/admin/flag-reports/${older!.id}`, cookie, {
      status: 'resolved',
      reviewNotes: 'Hours fixed',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(flagReports).where(eq(flagReports.id, older!.id));
    expect(row?.status).toBe('resolved');
    expect(row?.reviewNotes).toBe('Hours fixed');
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    const after = (await adminGet('/api/admin/flag-reports?status=pending', cookie)).json();
    expect(after.items.map((r: { id: number }) => r.id)).not.toContain(older!.id);

    expect(
      (await adminSend('PATCH', `/api/admin/flag-reports/${older!.id}`, cookie, { status: 'pending' })).statusCode,
    ).toBe(400);
    expect(
      (await adminSend('PATCH', '/api/admin/flag-reports/999999', cookie, { status: 'dismissed' })).statusCode,
    ).toBe(404);
  });
});

describe('admin API: review desk, reverting changes', () => {
  deskSession();
  it('shows an edit as field: old -> new and reverts it to the old text', async () => {
    const deps = { db: t.database.db, geocoder: noGeo };
    const place = await createLocation(deps, form('Revert Park', 'The original text'), {
      sessionId: 'anon-1',
      clientHash: 'h1',
    });
    await updateLocation(deps, place.id, { description: 'Vandalised text' }, { sessionId: 'anon-1', clientHash: 'h1' });
    const list = (await adminGet('/api/admin/revisions?limit=20', cookie)).json();
    const edit = list.items.find(
      (r: { entityId: number; action: string }) => r.entityId === place.id && r.action === 'update',
    );
    expect(edit.entityName).toBe('Revert Park');
    expect(edit.changes).toContainEqual({
      field: 'description',
      before: 'The original text',
      after: 'Vandalised text',
    });

    const res = await adminSend('POST', `/api/admin/revisions/${edit.id}/revert`, cookie);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, place.id));
    expect(row?.description).toBe('The original text');
    const [rev] = await t.database.db.select().from(revisions).where(eq(revisions.revertOf, edit.id));
    expect(rev).toMatchObject({ action: 'revert', actor: ADMIN.username, entityId: place.id });
    const again = (await adminGet('/api/admin/revisions?limit=20', cookie)).json();
    expect(again.items.find((r: { id: number }) => r.id === edit.id).revertedBy).toBe(rev?.id);
  });

  it('reverting a created place hides it', async () => {
    const place = await createLocation({ db: t.database.db, geocoder: noGeo }, form('Spam Place', 'buy now'), {
      sessionId: 'anon-2',
      clientHash: 'h2',
    });
    const [create] = await t.database.db
      .select()
      .from(revisions)
      .where(sql`${revisions.entityId} = ${place.id} and ${revisions.action} = 'create'`);
    expect((await adminSend('POST', `/api/admin/revisions/${create!.id}/revert`, cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, place.id));
    expect(row?.hidden).toBe(true);
  });

  it('reverts every change of one anonymous session in one action', async () => {
    const deps = { db: t.database.db, geocoder: noGeo };
    const victim = await createLocation(deps, form('Victim Park', 'Good description'), {
      sessionId: 'good-session',
      clientHash: 'g',
    });
    const author = { sessionId: 'vandal-session', clientHash: 'v' };
    await updateLocation(deps, victim.id, { description: 'Spam one' }, author);
    await updateLocation(deps, victim.id, { description: 'Spam two', name: 'Spam Park' }, author);
    const spam = await createLocation(deps, form('Vandal Place', 'spam'), author);
    const res = await adminSend('POST', '/api/admin/revisions/revert-session', cookie, {
      sessionId: 'vandal-session',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reverted).toBe(2);
    const [v] = await t.database.db.select().from(locations).where(eq(locations.id, victim.id));
    expect(v).toMatchObject({ name: 'Victim Park', description: 'Good description', hidden: false });
    const [s] = await t.database.db.select().from(locations).where(eq(locations.id, spam.id));
    expect(s?.hidden).toBe(true);
    expect(
      (await adminSend('POST', '/api/admin/revisions/revert-session', cookie, { sessionId: 'nobody' })).statusCode,
    ).toBe(404);
  });
});

describe('admin API: review desk, hiding and deleting places', () => {
  deskSession();
  it('hides, shows and deletes a place, recording each', async () => {
    const place = await createLocation({ db: t.database.db, geocoder: noGeo }, form('Hide Me Park', 'x'), {
      sessionId: 'x',
      clientHash: 'x',
    });
    const hide = await adminSend('PATCH', `/api/admin/locations/${place.id}`, cookie, { hidden: true });
    expect(hide.statusCode).toBe(200);
    const hiddenList = (await adminGet('/api/admin/locations?hidden=true', cookie)).json();
    expect(hiddenList.map((l: { id: number }) => l.id)).toContain(place.id);
    expect((await adminSend('PATCH', `/api/admin/locations/${place.id}`, cookie, { hidden: false })).statusCode).toBe(
      200,
    );
    expect((await adminSend('PATCH', `/api/admin/locations/${place.id}`, cookie, { hidden: 'yes' })).statusCode).toBe(
      400,
    );
    const del = await adminSend('DELETE', `/api/admin/locations/${place.id}`, cookie);
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(locations).where(eq(locations.id, place.id))).toHaveLength(0);
    const actions = (await t.database.db.select().from(revisions).where(eq(revisions.entityId, place.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['hide', 'show', 'delete']));
    expect((await adminSend('DELETE', `/api/admin/locations/${place.id}`, cookie)).statusCode).toBe(404);
  });
});
