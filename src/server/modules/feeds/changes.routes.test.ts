// Change feeds (decision 1002), read back with a feed parser: a search's and a place's additions,
// edits and confirmations, newest first, each saying what changed; a removal without the place's
// details; hidden places' details nowhere; 304 while nothing changed; nothing about who changed it.
import { parseFeed } from '@rowanmanning/feed-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectJson, jsonHeaders, signInAdmin, useTestApp } from '../../test/test-app.js';

const ADMIN = { username: 'changes-admin', password: 'correct horse battery' };
const SESSION = 'changes-feed-session-1';

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
let cookie = '';
const ids: Record<string, { id: number; slug: string }> = {};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const admin = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
  t.app.inject({ method, url, headers: { cookie, ...jsonHeaders }, payload: JSON.stringify(body) });
const feedOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  return { res, feed: parseFeed(res.body) };
};

beforeAll(async () => {
  cookie = await signInAdmin(t, ADMIN);
  for (const [name, category] of [
    ['Changefeed Orchard Garden', 'community-garden'],
    ['Changefeed Secret Garden', 'community-garden'],
    ['Changefeed River Park', 'park'],
  ] as const) {
    const res = await injectJson(
      t.app,
      'POST',
      '/api/locations',
      { name, category, address: '1 Main St, Kansas City, MO 64105', latitude: 39.1, longitude: -94.58 },
      { headers: { 'x-session-id': SESSION } },
    );
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = { id: res.json().id, slug: res.json().slug };
  }
  const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Changefeed Orchard Garden']!.id}`, {
    openingHours: 'Sa 08:00-12:00',
    phone: '816-555-0199',
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const verify = await admin('POST', `/api/admin/locations/${ids['Changefeed Orchard Garden']!.id}/verify`, {
    note: 'Called them',
  });
  expect(verify.statusCode, verify.body).toBe(201);
  const hide = await admin('PATCH', `/api/admin/locations/${ids['Changefeed Secret Garden']!.id}`, { hidden: true });
  expect(hide.statusCode, hide.body).toBe(200);
}, 180_000);

describe('change feeds: what they list, and what they keep out', () => {
  it("lists a search's addition, edit and verification newest first, each saying what changed", async () => {
    const { feed } = await feedOf('/changes.atom?q=changefeed&category=community-garden');
    expect(feed.title).toBe('Changes: Community gardens matching “changefeed” | KC Green Directory');
    const titles = feed.items.map((i) => i.title);
    expect(titles).toEqual([
      'A community garden was removed',
      'Checked: Changefeed Orchard Garden',
      'Changed: Changefeed Orchard Garden',
      'Added: Changefeed Orchard Garden',
    ]);
    const [removed, checked, changed, added] = feed.items;
    expect(changed!.description).toBe(
      'Changed: phone, opening hours. Opening hours (Kansas City time): Sa 08:00-12:00',
    );
    expect(added!.description).toBe('A new community garden is in the directory.');
    expect(checked!.url).toMatch(new RegExp(`/discover/${ids['Changefeed Orchard Garden']!.slug}$`));
    // The removal links to the search, not to the hidden place.
    expect(removed!.url).toMatch(/\/discover\?q=changefeed&category=community-garden$/);
    const dates = feed.items.map((i) => i.updated!.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(4);
    expect(feed.items.every((i) => i.id?.startsWith('urn:uuid:'))).toBe(true);
  });

  it('keeps the hidden place, and who made any change, out of every feed', async () => {
    for (const url of ['/changes.atom', '/changes.atom?q=changefeed', '/changes.atom?category=community-garden']) {
      const { res } = await feedOf(url);
      expect(res.body, url).not.toContain('Secret');
      expect(res.body, url).not.toContain(SESSION);
      expect(res.body, url).not.toContain(ADMIN.username);
      expect(res.body, url).not.toContain('Called them');
    }
    expect((await get(`/discover/${ids['Changefeed Secret Garden']!.slug}/changes.atom`)).statusCode).toBe(404);
    // A park search never saw the garden: no removal there.
    const parks = await feedOf('/changes.atom?q=changefeed&category=park');
    expect(parks.feed.items.map((i) => i.title)).toEqual(['Added: Changefeed River Park']);
  });

  it("gives a place's own changes, in Spanish on request", async () => {
    const { feed } = await feedOf(`/discover/${ids['Changefeed Orchard Garden']!.slug}/changes.atom?lang=es`);
    expect(feed.language).toBe('es');
    expect(feed.items.map((i) => i.title)).toEqual([
      'Verificado: Changefeed Orchard Garden',
      'Cambios en Changefeed Orchard Garden',
      'Nuevo: Changefeed Orchard Garden',
    ]);
    expect(feed.items[1]!.description).toBe('Cambió: teléfono, horario. Horario (hora de Kansas City): Sa 08:00-12:00');
  });
});

describe('change feeds: conditional requests, bad queries and places held for review', () => {
  it('answers 304 while nothing changed, then shows a new change first', async () => {
    const url = '/changes.atom?q=changefeed&category=park';
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Changefeed River Park']!.id}`, {
      website: 'https://river.example.org',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parseFeed(after.body).items[0]!.title).toBe('Changed: Changefeed River Park');
  });

  it('refuses a bad query naming the field', async () => {
    const res = await get('/changes.atom?season=2');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['season']);
  });

  it('lists a place held for review only once approved, added when approved; a rejected one never', async () => {
    const untrusted = { remoteAddress: '198.51.100.77', headers: { 'x-session-id': 'held-feed-author' } };
    const held = await injectJson(
      t.app,
      'POST',
      '/api/locations',
      { name: 'Changefeed Held Meadow', category: 'park', address: '2 Main St, Kansas City, MO 64105' },
      untrusted,
    );
    expect(held.json().review).toBe('pending');
    await injectJson(
      t.app,
      'POST',
      '/api/locations',
      { name: 'Changefeed Junk Meadow', category: 'park', address: '3 Main St, Kansas City, MO 64105' },
      { ...untrusted, remoteAddress: '198.51.100.78' },
    );
    const titles = async () => (await feedOf('/changes.atom?q=changefeed%20meadow')).feed.items.map((i) => i.title);
    expect(await titles()).toEqual([]);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/pending', headers: { cookie } })).json() as {
      items: { id: number; name: string }[];
    };
    const idOf = (name: string) => queue.items.find((i) => i.name === name)!.id;
    expect(
      (await admin('POST', '/api/admin/pending/decide', { ids: [idOf('Changefeed Held Meadow')], decision: 'approve' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin('POST', '/api/admin/pending/decide', { ids: [idOf('Changefeed Junk Meadow')], decision: 'reject' }))
        .statusCode,
    ).toBe(200);
    expect(await titles()).toEqual(['Added: Changefeed Held Meadow']);
  });
});
