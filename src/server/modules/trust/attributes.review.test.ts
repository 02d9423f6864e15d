// Attribute edits at the review desk (decision 0803): making most of many known facts unknown at
// once is held like blanking a field, while changing them or blanking a few goes live; the held
// edit and the revision history show one change per fact ('attributes.snap': true -> null).
import { describe, expect, it } from 'vitest';
import { injectJson, signInAdmin, useTestApp } from '../../test/test-app.js';

const ADMIN = { username: 'attr-admin', password: 'attribute admin password' };

let hosts = 0;
/** A network group outside the tests' trusted one, nobody else's in this file. */
const untrusted = () => {
  hosts++;
  return { remoteAddress: `198.51.100.${hosts}`, headers: { 'x-session-id': `attr-${hosts}` } };
};

type Change = { field: string; before: unknown; after: unknown };

describe('attribute edits under review', () => {
  const t = useTestApp({ admin: ADMIN });
  const place = async (name: string, attributes: Record<string, unknown>) => {
    const cookie = await signInAdmin(t, ADMIN);
    const res = await injectJson(
      t.app,
      'POST',
      '/api/locations',
      { name, category: 'farmers-market', address: '1 Main St, Kansas City, MO 64105', attributes },
      { headers: { cookie } },
    );
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, cookie };
  };
  const FOUR = { snap: true, wic: true, restroom: true, wheelchair: 'yes' };

  it('holds blanking most of many known facts; changing them, or a place with few, goes live', async () => {
    const many = await place('Attr Blank Market', FOUR);
    const patch = (id: number, attributes: unknown) =>
      injectJson(t.app, 'PATCH', `/api/locations/${id}`, { attributes }, untrusted());
    // Three of four made unknown: held, the public keeps the four.
    const held = await patch(many.id, { snap: true });
    expect(held.statusCode, held.body).toBe(202);
    expect((await injectJson(t.app, 'GET', `/api/locations/${many.id}`)).json().attributes).toEqual(FOUR);
    // Answers changed (yes -> no) are not blanking: live.
    const changed = await patch(many.id, { snap: false, wic: false, restroom: false, wheelchair: 'no' });
    expect(changed.statusCode, changed.body).toBe(200);
    // Half kept is not "most" gone: live.
    const half = await patch(many.id, { snap: false, wic: false });
    expect(half.statusCode, half.body).toBe(200);

    const few = await place('Attr Few Market', { snap: true, wic: true });
    expect((await patch(few.id, {})).statusCode).toBe(200);

    // The held edit reads as one change per fact.
    const pending = (
      await injectJson(t.app, 'GET', '/api/admin/pending', undefined, { headers: { cookie: many.cookie } })
    ).json() as { items: { kind: string; name: string; changes: Change[] }[] };
    const item = pending.items.find((i) => i.kind === 'edit' && i.name === 'Attr Blank Market')!;
    expect(item.changes).toEqual([
      { field: 'attributes.restroom', before: true, after: null },
      { field: 'attributes.wheelchair', before: 'yes', after: null },
      { field: 'attributes.wic', before: true, after: null },
    ]);
  });

  it('on a place an administrator confirmed, a known payment changed or made unknown is held; a new one is not', async () => {
    const p = await place('Attr Verified Market', { snap: true, restroom: true });
    const verified = await injectJson(
      t.app,
      'POST',
      `/api/admin/locations/${p.id}/verify`,
      {},
      {
        headers: { cookie: p.cookie },
      },
    );
    expect(verified.statusCode, verified.body).toBeLessThan(300);
    const patch = (attributes: unknown) =>
      injectJson(t.app, 'PATCH', `/api/locations/${p.id}`, { attributes }, untrusted());
    const flipped = await patch({ snap: false, restroom: true });
    expect(flipped.statusCode, flipped.body).toBe(202);
    const forgotten = await patch({ restroom: true });
    expect(forgotten.statusCode, forgotten.body).toBe(202);
    expect((await injectJson(t.app, 'GET', `/api/locations/${p.id}`)).json().attributes).toEqual({
      snap: true,
      restroom: true,
    });
    // A payment learnt, or another fact changed, goes live.
    const added = await patch({ snap: true, wic: true, restroom: false });
    expect(added.statusCode, added.body).toBe(200);
    const pending = (
      await injectJson(t.app, 'GET', '/api/admin/pending', undefined, { headers: { cookie: p.cookie } })
    ).json() as { items: { kind: string; name: string; reasons: string[] }[] };
    const held = pending.items.filter((i) => i.kind === 'edit' && i.name === 'Attr Verified Market');
    expect(held.map((i) => i.reasons)).toEqual([['verified-field'], ['verified-field']]);
  });

  it('the revision history shows attribute changes fact by fact', async () => {
    const p = await place('Attr History Market', { snap: true, languages: ['es'] });
    const res = await injectJson(
      t.app,
      'PATCH',
      `/api/locations/${p.id}`,
      { attributes: { snap: false, languages: ['es', 'vi'], free: true } },
      { headers: { cookie: p.cookie } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      await injectJson(t.app, 'GET', '/api/admin/revisions?limit=50', undefined, { headers: { cookie: p.cookie } })
    ).json() as { items: { entityId: number; action: string; changes: Change[] }[] };
    const update = list.items.find((r) => r.entityId === p.id && r.action === 'update')!;
    expect(update.changes).toEqual([
      { field: 'attributes.free', before: null, after: true },
      { field: 'attributes.languages', before: ['es'], after: ['es', 'vi'] },
      { field: 'attributes.snap', before: true, after: false },
    ]);
  });
});
