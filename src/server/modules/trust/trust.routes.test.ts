// Review where it matters (decisions 0403-0405): held places and edits, budgets rotating ids do not
// multiply, standings and earned trust. Requests come from 198.51.100.0/24 or 2001:db8::/32,
// outside the tests' trusted network (env.ts TEST_TRUSTED_NETWORK), unless they say otherwise.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationVerifications, revisions } from '../../db/schema.js';
import { leaveRoomInWindow } from '../../test/clock.js';
import { injectJson, signInAdmin, useTestApp } from '../../test/test-app.js';
import { TRUST_STAND_MS } from './contributor.js';

const ADMIN = { username: 'trust-admin', password: 'trust admin password' };
const DAY = 24 * 3_600_000;

let hosts = 0;
/** A network group nobody else in this file writes from. */
const freshUntrusted = () => {
  hosts++;
  return `198.51.${100 + (hosts >> 8)}.${hosts & 255}`;
};

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
let cookie = '';
beforeEach(async () => {
  leaveRoomInWindow(DAY, 15 * 60_000);
  if (!cookie) cookie = await signInAdmin(t, ADMIN);
});
afterEach(() => vi.useRealTimers());

const as = (address: string, session?: string): { remoteAddress: string; headers: Record<string, string> } => ({
  remoteAddress: address,
  headers: session ? { 'x-session-id': session } : {},
});
const add = (name: string, who: ReturnType<typeof as>, extra: Record<string, unknown> = {}) =>
  injectJson(t.app, 'POST', '/api/locations', { name, category: 'resource', tagIds: [], ...extra }, who);
const patch = (id: number, body: unknown, who: ReturnType<typeof as>) =>
  injectJson(t.app, 'PATCH', `/api/locations/${id}`, body, who);
const adminSend = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectJson(t.app, method, url, body, { headers: { cookie } });
/** A public place, added by the administrator. */
const publicPlace = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await injectJson(
    t.app,
    'POST',
    '/api/locations',
    { name, category: 'resource', tagIds: [], ...extra },
    {
      headers: { cookie },
    },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; slug: string; name: string };
};
const search = (q: string, who = as(freshUntrusted())) =>
  injectJson(t.app, 'GET', `/api/locations?search=${encodeURIComponent(q)}`, undefined, who);
const pendingIds = async () =>
  ((await adminSend('GET', '/api/admin/pending')).json() as { items: { id: number; kind: string; name: string }[] })
    .items;
const decide = (ids: number[], decision: 'approve' | 'reject', force?: boolean) =>
  adminSend('POST', '/api/admin/pending/decide', { ids, decision, ...(force ? { force } : {}) });

describe('review of contributions: new places', () => {
  it('holds a new place: its author sees it "pending", nobody else does until it is approved', async () => {
    const home = freshUntrusted();
    const author = as(home, 'author-1');
    const res = await add('Held Orchard Commons', author);
    expect(res.statusCode).toBe(201);
    const place = res.json();
    expect(place.review).toBe('pending');

    // The public: not in search, not by slug or id; the sitemap neither.
    expect((await search('Held Orchard Commons')).json()).toEqual([]);
    expect((await injectJson(t.app, 'GET', `/api/locations/slug/${place.slug}`)).statusCode).toBe(404);
    expect((await injectJson(t.app, 'GET', `/api/locations/${place.id}`)).statusCode).toBe(404);
    // Another session on the same network does not see it either.
    expect(
      (await injectJson(t.app, 'GET', `/api/locations/slug/${place.slug}`, undefined, as(home, 'other'))).statusCode,
    ).toBe(404);

    // Its author does, marked pending, first in a matching search, never in a shared cache.
    const mine = await injectJson(t.app, 'GET', `/api/locations/slug/${place.slug}`, undefined, author);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().review).toBe('pending');
    expect(mine.headers['cache-control']).toContain('no-store');
    const found = await search('Held Orchard', author);
    expect(found.json().map((l: { name: string; review?: string }) => [l.name, l.review])).toEqual([
      ['Held Orchard Commons', 'pending'],
    ]);
    expect((await search('nothing like it', author)).json()).toEqual([]);

    // The author may still fix it: it stays pending.
    const fixed = await patch(place.id, { description: 'Apples and pears.' }, author);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().review).toBe('pending');

    // Approved, it is public.
    const item = (await pendingIds()).find((i) => i.kind === 'place' && i.name === 'Held Orchard Commons')!;
    expect((await decide([item.id], 'approve')).json()).toEqual({ decided: 1, failed: [] });
    const open = await search('Held Orchard Commons');
    expect(open.json().map((l: { name: string }) => l.name)).toEqual(['Held Orchard Commons']);
    expect(open.json()[0].review).toBeUndefined();
    // Deciding it again says so.
    expect((await decide([item.id], 'approve')).json().failed[0].message).toMatch(/already reviewed/);
  });

  it('releases a rejected place’s slug, so a real place added later gets it', async () => {
    const who = as(freshUntrusted(), 'junk');
    const junk = (await add('Sunflower Commons Garden', who)).json();
    expect(junk.slug).toBe('sunflower-commons-garden');
    const item = (await pendingIds()).find((i) => i.kind === 'place' && i.name === 'Sunflower Commons Garden')!;
    expect((await decide([item.id], 'reject')).json().decided).toBe(1);
    const real = await publicPlace('Sunflower Commons Garden');
    expect(real.slug).toBe('sunflower-commons-garden');
    expect((await injectJson(t.app, 'GET', '/api/locations/slug/sunflower-commons-garden')).json().id).toBe(real.id);
  });

  it('never stores invisible characters in a name, and holds look-alikes of a public place even from a trusted network', async () => {
    const park = await publicPlace('Loose Lookalike Park');
    const zeroWidth = await add('Loose\u200b Look\u202ealike Park', as('10.250.200.1', 'z'));
    // 10.250.0.0/16 is trusted in tests: only the look-alike rule can hold it.
    expect(zeroWidth.json().name).toBe('Loose Lookalike Park');
    // An identical name from a trusted contributor is a real second place (decisions 0301, 0404).
    expect(zeroWidth.json().review).toBeUndefined();
    const cyrillic = await add('L\u043e\u043ese Lookalike Park', as('10.250.200.2', 'c'));
    expect(cyrillic.json().review).toBe('pending');
    const fullWidth = await add('\uff2c\uff4f\uff4f\uff53\uff45 Lookalike Park', as('10.250.200.3', 'f'));
    expect(fullWidth.json().name).toBe('Loose Lookalike Park');
    // Renaming a place to look like another is held too.
    const other = await publicPlace('Plain Little Garden');
    const renamed = await patch(other.id, { name: 'Lo\u043ese Lookalike Park' }, as('10.250.200.4', 'r'));
    expect(renamed.statusCode).toBe(202);
    const shown = (await search('Lookalike Park')).json().map((l: { id: number }) => l.id);
    expect(shown).toContain(park.id);
    expect(shown).not.toContain(cyrillic.json().id);
    // A name of nothing but invisible characters is no name.
    const empty = await add('\u200b\u200d\u2066', as(freshUntrusted(), 'e'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe('Name is required');
  });
});

describe('review of contributions: edits', () => {
  it('goes live at once when no rule holds it', async () => {
    const place = await publicPlace('Quiet Edit Farm', { description: 'Eggs on Saturdays.' });
    const res = await patch(place.id, { description: 'Eggs on Saturdays and Sundays.' }, as(freshUntrusted(), 'e1'));
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Eggs on Saturdays and Sundays.');
  });

  it('holds blanking most of a field, keeping the accepted version public; approve applies it', async () => {
    const place = await publicPlace('Blank Test Garden', {
      description: 'A long description of the garden, its beds, its tools and its Saturday work days.',
      phone: '(816) 555-0100',
    });
    const who = as(freshUntrusted(), 'blanker');
    const held = await patch(place.id, { description: '' }, who);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({
      held: true,
      message: 'Thank you! Your change will be reviewed before it appears.',
    });
    expect(held.json().location.description).toMatch(/long description/);
    expect((await injectJson(t.app, 'GET', `/api/locations/${place.id}`)).json().description).toMatch(
      /long description/,
    );
    const clearedPhone = await patch(place.id, { phone: '' }, who);
    expect(clearedPhone.statusCode).toBe(202);

    const items = (await pendingIds()).filter((i) => i.kind === 'edit' && i.name === 'Blank Test Garden');
    expect(items).toHaveLength(2);
    expect((await decide([items[0]!.id], 'approve')).json().decided).toBe(1);
    expect((await injectJson(t.app, 'GET', `/api/locations/${place.id}`)).json().description).toBeNull();
    // The second one is rejected: the phone stays.
    expect((await decide([items[1]!.id], 'reject')).json().decided).toBe(1);
    expect((await injectJson(t.app, 'GET', `/api/locations/${place.id}`)).json().phone).toBe('(816) 555-0100');
  });

  it('holds a change of name, website or phone of a place an administrator verified', async () => {
    const place = await publicPlace('Verified Market Square', { phone: '(816) 555-0101' });
    await t.database.db.insert(locationVerifications).values({ locationId: place.id, verifiedBy: ADMIN.username });
    const who = as(freshUntrusted(), 'v');
    expect((await patch(place.id, { phone: '(816) 555-9999' }, who)).statusCode).toBe(202);
    expect((await patch(place.id, { name: 'Verified Market Sq.' }, who)).statusCode).toBe(202);
    // Its description is not protected.
    expect((await patch(place.id, { description: 'Open Saturdays.' }, who)).statusCode).toBe(200);
  });

  it('holds a website on a raw IP address, an international host or a site no place uses', async () => {
    await publicPlace('Known Site Farm', { website: 'https://www.knownfarms.org/a' });
    const place = await publicPlace('Website Rule Farm');
    const who = as(freshUntrusted(), 'w');
    expect((await patch(place.id, { website: 'http://203.0.113.9/login' }, who)).statusCode).toBe(202);
    expect((await patch(place.id, { website: 'https://xn--oogle-qmc.com' }, who)).statusCode).toBe(202);
    expect((await patch(place.id, { website: 'https://never-seen-before.example' }, who)).statusCode).toBe(202);
    expect((await patch(place.id, { website: 'https://knownfarms.org/website-rule' }, who)).statusCode).toBe(200);
    // Even a trusted network cannot point a place at a raw IP without review.
    expect((await patch(place.id, { website: 'http://203.0.113.10/' }, as('10.250.201.1', 't'))).statusCode).toBe(202);
    const items = (await pendingIds()).filter((i) => i.kind === 'edit' && i.name === 'Website Rule Farm');
    expect(items.length).toBe(4);
  });

  it('holds the next place once a network group changed a few within minutes', async () => {
    const places = await Promise.all([1, 2, 3, 4, 5].map((n) => publicPlace(`Velocity Place ${n}`)));
    const network = freshUntrusted();
    const codes: number[] = [];
    for (const [i, p] of places.entries()) {
      codes.push((await patch(p.id, { description: `Changed ${i}` }, as(network, `rotating-${i}`))).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 202, 202]);
  });

  it('refuses an edit made on an old version (412), held or not', async () => {
    const place = await publicPlace('Stale Hold Garden', { description: 'Twenty characters and more here.' });
    const who = as(freshUntrusted(), 's');
    const stale = await injectJson(
      t.app,
      'PATCH',
      `/api/locations/${place.id}`,
      { description: '' },
      {
        ...who,
        headers: { ...who.headers, 'if-match': '"0-0"' },
      },
    );
    expect(stale.statusCode).toBe(412);
  });

  it('asks before approving an edit over a later change of the same field', async () => {
    const place = await publicPlace('Conflict Approve Garden', { phone: '(816) 555-0102' });
    const held = await patch(place.id, { phone: '' }, as(freshUntrusted(), 'c'));
    expect(held.statusCode).toBe(202);
    expect((await patch(place.id, { phone: '(816) 555-0103' }, as('10.250.202.1', 'x'))).statusCode).toBe(200);
    const item = (await pendingIds()).find((i) => i.kind === 'edit' && i.name === 'Conflict Approve Garden')!;
    const asked = (await decide([item.id], 'approve')).json();
    expect(asked.decided).toBe(0);
    expect(asked.failed[0].message).toMatch(/changed since.*phone/);
    expect((await decide([item.id], 'approve', true)).json().decided).toBe(1);
    expect((await injectJson(t.app, 'GET', `/api/locations/${place.id}`)).json().phone).toBeNull();
  });
});

describe('review of contributions: budgets', () => {
  it('meets a script rotating session ids within a dozen writes, whatever it claims in X-Forwarded-For', async () => {
    const network = freshUntrusted();
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await injectJson(
        t.app,
        'POST',
        '/api/locations',
        { name: `Rotating Spam ${i}`, category: 'resource', tagIds: [] },
        { remoteAddress: network, headers: { 'x-session-id': `bot-${i}`, 'x-forwarded-for': `192.0.2.${i}` } },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 12).every((c) => c === 201)).toBe(true);
    expect(codes.slice(12)).toEqual([429, 429]);
    // Another network is not affected.
    expect((await add('Neighbour Place', as(freshUntrusted(), 'n'))).statusCode).toBe(201);
  });

  it('counts IPv6 addresses of one /48 together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 38; i++) {
      // A new /64 (and session) each time, all inside 2001:db8:48::/48.
      codes.push((await add(`Six Place ${i}`, as(`2001:db8:48:${i.toString(16)}::1`, `six-${i}`))).statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(36);
    expect(codes.at(-1)).toBe(429);
  });

  it('holds new tags from a contributor without trust, and stops a tag flood at five', async () => {
    const network = freshUntrusted();
    const before = (await injectJson(t.app, 'GET', '/api/tags')).json();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await injectJson(
        t.app,
        'POST',
        '/api/tags',
        { name: `flood-tag-${i}`, category: 'other' },
        as(network, `f-${i}`),
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect((await injectJson(t.app, 'GET', '/api/tags')).json()).toEqual(before);
    // Its author sees their proposal, marked pending.
    const own = (await injectJson(t.app, 'GET', '/api/tags', undefined, as(network, 'f-0'))).json();
    expect(own.find((x: { name: string }) => x.name === 'flood-tag-0')).toMatchObject({ pending: true });
    // Approved, it is public.
    const item = (await pendingIds()).find((i) => i.kind === 'tag' && i.name === 'flood-tag-0')!;
    expect((await decide([item.id], 'approve')).json().decided).toBe(1);
    const names = (await injectJson(t.app, 'GET', '/api/tags')).json().map((x: { name: string }) => x.name);
    expect(names).toContain('flood-tag-0');
  });

  it('holds a rename or deletion of a tag by a contributor without trust', async () => {
    const tag = (
      await injectJson(
        t.app,
        'POST',
        '/api/tags',
        { name: 'heirloom-seeds', category: 'product' },
        { headers: { cookie } },
      )
    ).json();
    const who = as(freshUntrusted(), 'tagger');
    const rename = await injectJson(t.app, 'PATCH', `/api/tags/${tag.id}`, { name: 'SPAM', category: 'other' }, who);
    expect(rename.statusCode).toBe(202);
    const removed = await injectJson(t.app, 'DELETE', `/api/tags/${tag.id}`, undefined, who);
    expect(removed.statusCode).toBe(202);
    const names = (await injectJson(t.app, 'GET', '/api/tags')).json().map((x: { name: string }) => x.name);
    expect(names).toContain('heirloom-seeds');
  });
});

describe('review of contributions: trust', () => {
  it('lets an administrator trust or block a contributor or a network, for a time and with a reason', async () => {
    const network = freshUntrusted();
    const who = as(network, 'market-manager');
    // Trusting the contributor: its places go live.
    const hash = (
      await injectJson(t.app, 'POST', '/api/locations', { name: 'Before Trust', category: 'resource', tagIds: [] }, who)
    ).json();
    const [rev] = await t.database.db.select().from(revisions).where(eq(revisions.entityId, hash.id));
    const trust = await adminSend('POST', '/api/admin/standings', {
      kind: 'contributor',
      key: `${rev!.clientHash}:market-manager`,
      standing: 'trusted',
      reason: 'Manager of the City Market',
      hours: null,
    });
    expect(trust.statusCode).toBe(201);
    expect((await add('After Trust Market', who)).json().review).toBeUndefined();
    // Blocking the network: every session of it is refused, with a clear message.
    const block = await adminSend('POST', '/api/admin/standings', {
      kind: 'network',
      key: rev!.clientHash,
      standing: 'blocked',
      reason: 'Spam wave',
      hours: 24,
    });
    expect(block.json().until).not.toBeNull();
    const refused = await add('Blocked Place', as(network, 'anyone'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Changes from your connection are paused by the directory team.');
    // Lifting it lets them write again.
    expect((await adminSend('DELETE', `/api/admin/standings/${block.json().id}`)).statusCode).toBe(204);
    expect((await add('Unblocked Place', as(network, 'anyone'))).statusCode).toBe(201);
    // A standing past its time no longer counts.
    const list = (await adminSend('GET', '/api/admin/standings')).json();
    expect(list.some((s: { reason: string }) => s.reason === 'Manager of the City Market')).toBe(true);
  });

  it('is earned by changes that stood unreverted long enough, not by fresh ones', async () => {
    const who = as(freshUntrusted(), 'steady-hand');
    const places = await Promise.all([1, 2, 3].map((n) => publicPlace(`Earned Trust Place ${n}`)));
    for (const p of places) expect((await patch(p.id, { description: 'Fixed the hours.' }, who)).statusCode).toBe(200);
    expect((await add('Earned Too Soon', who)).json().review).toBe('pending');
    await t.database.db.execute(
      sql`update revisions set created_at = created_at - make_interval(secs => ${(TRUST_STAND_MS + 60_000) / 1000})
             where session_id = 'steady-hand' and action = 'update'`,
    );
    expect((await add('Earned In Time', who)).json().review).toBeUndefined();
  });
});
