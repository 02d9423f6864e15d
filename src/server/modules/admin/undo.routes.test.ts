// One-action undo (decision 0406): a preview, then one action that restores every place of a
// contributor, network group or time window, rejects their held items, releases their slugs, can
// block them, and never gets stuck on an administrator's own reverts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveRoomInWindow } from '../../test/clock.js';
import { injectJson, signInAdmin, useTestApp } from '../../test/test-app.js';

const ADMIN = { username: 'undo-admin', password: 'undo admin password' };
const DAY = 24 * 3_600_000;

let hosts = 0;
const freshUntrusted = () => {
  hosts++;
  return `203.0.${113 + (hosts >> 8)}.${hosts & 255}`;
};

type Place = { id: number; slug: string; name: string; description: string | null; phone: string | null };

// One app and database for the whole file.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
let cookie = '';
beforeEach(async () => {
  leaveRoomInWindow(DAY, 15 * 60_000);
  if (!cookie) cookie = await signInAdmin(t, ADMIN);
});
afterEach(() => vi.useRealTimers());

const as = (address: string, session: string) => ({ remoteAddress: address, headers: { 'x-session-id': session } });
const adminSend = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  injectJson(t.app, method, url, body, { headers: { cookie } });
const publicPlace = async (name: string, extra: Record<string, unknown> = {}): Promise<Place> => {
  const res = await injectJson(
    t.app,
    'POST',
    '/api/locations',
    { name, category: 'resource', tagIds: [], ...extra },
    { headers: { cookie } },
  );
  expect(res.statusCode).toBe(201);
  return res.json();
};
const read = async (id: number): Promise<Place> => (await injectJson(t.app, 'GET', `/api/locations/${id}`)).json();
const patch = (id: number, body: unknown, who: { remoteAddress: string; headers: Record<string, string> }) =>
  injectJson(t.app, 'PATCH', `/api/locations/${id}`, body, who);
/** The network hash the desk shows for a change (the revision list's clientHash). */
const hashOf = async (placeId: number) => {
  const list = (await adminSend('GET', '/api/admin/revisions?limit=200')).json() as {
    items: { entityId: number; clientHash: string | null; actor: string | null }[];
  };
  return list.items.find((r) => r.entityId === placeId && !r.actor)!.clientHash!;
};

describe('undo: a network group, and the administrator’s own reverts', () => {
  it('previews, then restores every place a network group defaced, keeping a later change by someone else', async () => {
    const places = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        publicPlace(`Undo Victim ${n}`, {
          description: `The garden number ${n} grows beans.`,
          phone: '(816) 555-0110',
        }),
      ),
    );
    const vandal = freshUntrusted();
    const codes: number[] = [];
    for (const [i, p] of places.entries()) {
      codes.push(
        (await patch(p.id, { name: `VANDALISED ${i}`, description: 'Spam spam spam spam!' }, as(vandal, `v-${i}`)))
          .statusCode,
      );
    }
    // Three went live, the rest wait (many places by one network).
    expect(codes).toEqual([200, 200, 200, 202, 202]);
    // Someone else fixes the description of the first one meanwhile.
    expect(
      (await patch(places[0]!.id, { description: 'Fixed by a neighbour.' }, as('10.250.9.9', 'good'))).statusCode,
    ).toBe(200);

    const selection = { clientHash: await hashOf(places[1]!.id) };
    const preview = await adminSend('POST', '/api/admin/undo/preview', { selection });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.changes).toBe(3);
    expect(p.pending.edits).toBe(2);
    const first = p.places.find((x: { id: number }) => x.id === places[0]!.id);
    expect(first.fields.map((f: { field: string }) => f.field)).toEqual(['name']);
    expect(first.kept).toEqual([expect.objectContaining({ field: 'description', by: 'contributor' })]);
    // A preview changes nothing.
    expect((await read(places[1]!.id)).name).toBe('VANDALISED 1');

    const done = await adminSend('POST', '/api/admin/undo', { selection });
    expect(done.statusCode).toBe(200);
    expect(done.json().revisionIds).toHaveLength(3);
    expect((await read(places[0]!.id)).name).toBe('Undo Victim 1');
    expect((await read(places[0]!.id)).description).toBe('Fixed by a neighbour.');
    for (const n of [1, 2]) {
      const back = await read(places[n]!.id);
      expect([back.name, back.description]).toEqual([
        `Undo Victim ${n + 1}`,
        `The garden number ${n + 1} grows beans.`,
      ]);
    }
    // The held ones are rejected: the queue no longer holds them.
    const queue = (await adminSend('GET', '/api/admin/pending')).json();
    expect(queue.items.filter((i: { name: string }) => i.name.startsWith('Undo Victim'))).toEqual([]);
    // Undoing again finds nothing left to do.
    expect((await adminSend('POST', '/api/admin/undo/preview', { selection })).json().changes).toBe(0);
  });

  it('never gets stuck on the administrator’s own reverts', async () => {
    const place = await publicPlace('Stuck Chain Garden', { phone: '(816) 555-0120' });
    const who = as(freshUntrusted(), 'chain');
    expect((await patch(place.id, { phone: '(816) 555-0121' }, who)).statusCode).toBe(200);
    expect((await patch(place.id, { phone: '(816) 555-0122' }, who)).statusCode).toBe(200);
    const list = (await adminSend('GET', '/api/admin/revisions?limit=200')).json() as {
      items: { id: number; entityId: number; action: string }[];
    };
    const [later, earlier] = list.items.filter((r) => r.entityId === place.id && r.action === 'update');
    // The later first, then the earlier: the administrator's own revert does not block it.
    expect((await adminSend('POST', `/api/admin/revisions/${later!.id}/revert`)).statusCode).toBe(200);
    expect((await read(place.id)).phone).toBe('(816) 555-0121');
    const second = await adminSend('POST', `/api/admin/revisions/${earlier!.id}/revert`);
    expect(second.statusCode).toBe(200);
    expect((await read(place.id)).phone).toBe('(816) 555-0120');
    // Reverting one again says it is done.
    expect((await adminSend('POST', `/api/admin/revisions/${earlier!.id}/revert`)).statusCode).toBe(409);
  });
});

describe('undo: a time window, and the places and slugs a selection added', () => {
  it('undoes a time window on one place only, and can block the network at once', async () => {
    const a = await publicPlace('Window Place A', { phone: '(816) 555-0130' });
    const b = await publicPlace('Window Place B', { phone: '(816) 555-0131' });
    const vandal = freshUntrusted();
    const from = new Date(Date.now() - 1000).toISOString();
    await patch(a.id, { phone: '(816) 555-6666' }, as(vandal, 'w1'));
    await patch(b.id, { phone: '(816) 555-6667' }, as(vandal, 'w2'));
    const to = new Date(Date.now() + 1000).toISOString();
    const onlyA = await adminSend('POST', '/api/admin/undo', { selection: { from, to, locationId: a.id } });
    expect(onlyA.json().places.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await read(a.id)).phone).toBe('(816) 555-0130');
    expect((await read(b.id)).phone).toBe('(816) 555-6667');

    // A time window alone names nobody to block.
    const noOne = await adminSend('POST', '/api/admin/undo', {
      selection: { from, to },
      block: { reason: 'x', hours: 1 },
    });
    expect(noOne.statusCode).toBe(400);
    const blocked = await adminSend('POST', '/api/admin/undo', {
      selection: { clientHash: await hashOf(b.id) },
      block: { reason: 'Phone vandalism', hours: 48 },
    });
    expect(blocked.statusCode).toBe(200);
    expect((await read(b.id)).phone).toBe('(816) 555-0131');
    const refused = await patch(b.id, { phone: '(816) 555-6668' }, as(vandal, 'w3'));
    expect(refused.statusCode).toBe(403);
  });

  it('takes a place the selection added out of view and releases the slugs its renames introduced', async () => {
    const real = await publicPlace('Maple Hollow Orchard');
    const vandal = freshUntrusted();
    // A rename that goes live (a trusted contributor gone bad: its network is trusted here).
    const trustedBad = { remoteAddress: '10.250.77.7', headers: { 'x-session-id': 'gone-bad' } };
    const renamed = await patch(real.id, { name: 'Cedar Grove Market' }, trustedBad);
    expect(renamed.json().slug).toBe('cedar-grove-market');
    const junk = (
      await injectJson(
        t.app,
        'POST',
        '/api/locations',
        { name: 'Cheap Pills Spam', category: 'resource', tagIds: [] },
        as(vandal, 'spam'),
      )
    ).json();

    const list = (await adminSend('GET', '/api/admin/revisions?limit=200')).json() as {
      items: { entityId: number; sessionId: string | null; clientHash: string | null }[];
    };
    const badHash = list.items.find((r) => r.sessionId === 'gone-bad')!.clientHash!;
    const undone = await adminSend('POST', '/api/admin/undo', {
      selection: { sessionId: 'gone-bad', clientHash: badHash },
    });
    expect(undone.statusCode).toBe(200);
    expect((await read(real.id)).name).toBe('Maple Hollow Orchard');
    // The introduced slug answers for nobody; a real place added later gets it clean.
    expect((await injectJson(t.app, 'GET', '/api/locations/slug/cedar-grove-market')).statusCode).toBe(404);
    expect((await publicPlace('Cedar Grove Market')).slug).toBe('cedar-grove-market');
    // The old slug of the restored place still answers for it.
    expect((await injectJson(t.app, 'GET', `/api/locations/slug/${real.slug}`)).json().id).toBe(real.id);

    const spam = await adminSend('POST', '/api/admin/undo', {
      selection: { sessionId: 'spam', clientHash: list.items.find((r) => r.sessionId === 'spam')!.clientHash! },
    });
    expect(spam.json().places).toEqual([expect.objectContaining({ id: junk.id, action: 'remove' })]);
    expect(spam.json().pending.places).toBe(1);
    expect((await publicPlace('Cheap Pills Spam')).slug).toBe('cheap-pills-spam');
  });
});
