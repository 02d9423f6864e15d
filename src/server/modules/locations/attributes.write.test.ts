// Place attributes on write (decision 0803): created with a place, a PATCH that gives them replaces
// the whole set, unknown (null or absent) is stored apart from "no", a bad value is a 400 naming
// the nested field, and a revert brings the set back.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations, revisions } from '../../db/schema.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { revertRevision } from '../admin/review.repository.js';

describe('place attributes on write', () => {
  const t = useTestApp();
  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, body?: unknown) => injectJson(t.app, method, url, body);
  const market = (name: string, attributes?: unknown) => ({
    name,
    category: 'farmers-market',
    address: '100 Main St, Kansas City, MO 64105',
    ...(attributes === undefined ? {} : { attributes }),
  });
  const stored = async (id: number) =>
    (await t.database.db.select().from(locations).where(eq(locations.id, id)))[0]!.attributes;

  it('creates a place with its attributes: only the known answers are stored and answered', async () => {
    const res = await send(
      'POST',
      '/api/locations',
      market('Attr Create Market', {
        snap: true,
        wic: false,
        credit: null,
        wheelchair: 'limited',
        eligibility: 'restricted',
        eligibilityNote: ' Residents of Wyandotte County ',
        languages: ['ES', 'vi', 'es'],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const want = {
      snap: true,
      wic: false,
      wheelchair: 'limited',
      eligibility: 'restricted',
      eligibilityNote: 'Residents of Wyandotte County',
      languages: ['es', 'vi'],
    };
    expect(res.json().attributes).toEqual(want);
    expect(await stored(res.json().id)).toEqual(want);
    const read = await send('GET', `/api/locations/${res.json().id}`);
    expect(read.json().attributes).toEqual(want);
    // "No" is answered as false; unknown is absent, never false.
    expect(read.json().attributes).not.toHaveProperty('credit');
    expect(read.json().attributes.wic).toBe(false);
  });

  it('a place created without attributes answers an empty set', async () => {
    const res = await send('POST', '/api/locations', market('Attr None Market'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attributes).toEqual({});
  });

  it('a PATCH with attributes replaces the whole set; without them it keeps it', async () => {
    const res = await send('POST', '/api/locations', market('Attr Patch Market', { snap: true, restroom: true }));
    const id = res.json().id as number;
    const phone = await send('PATCH', `/api/locations/${id}`, { phone: '816-555-0199' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(await stored(id)).toEqual({ snap: true, restroom: true });

    const patched = await send('PATCH', `/api/locations/${id}`, { attributes: { wic: true, restroom: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().attributes).toEqual({ wic: true });
    expect(await stored(id)).toEqual({ wic: true });

    // The note is kept only beside a restricted eligibility.
    await send('PATCH', `/api/locations/${id}`, { attributes: { eligibility: 'everyone', eligibilityNote: 'x' } });
    expect(await stored(id)).toEqual({ eligibility: 'everyone' });

    const cleared = await send('PATCH', `/api/locations/${id}`, { attributes: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(id)).toEqual({});
  });

  it('refuses bad values with 400 naming the nested field, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ snap: 'yes' }, 'attributes.snap'],
      [{ wheelchair: 'partly' }, 'attributes.wheelchair'],
      [{ eligibility: 'members' }, 'attributes.eligibility'],
      [{ eligibilityNote: 'x'.repeat(201) }, 'attributes.eligibilityNote'],
      [{ languages: ['Spanish'] }, 'attributes.languages.0'],
      [{ languages: 'es' }, 'attributes.languages'],
    ];
    for (const [attributes, field] of cases) {
      const res = await send('POST', '/api/locations', market('Attr Bad Market', attributes));
      expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(attributes)).toContain(field);
    }
    const unknownKey = await send('POST', '/api/locations', market('Attr Bad Market', { halal: true }));
    expect(unknownKey.statusCode).toBe(400);
    expect(Object.keys(unknownKey.json().errors)[0]).toMatch(/^attributes/);
    const none = await t.database.db.select().from(locations).where(eq(locations.name, 'Attr Bad Market'));
    expect(none).toEqual([]);
  });

  it('a revert restores the attributes the edit replaced', async () => {
    const res = await send('POST', '/api/locations', market('Attr Revert Market', { snap: true, free: false }));
    const id = res.json().id as number;
    expect((await send('PATCH', `/api/locations/${id}`, { attributes: { snap: false } })).statusCode).toBe(200);
    const [change] = (await t.database.db.select().from(revisions).where(eq(revisions.entityId, id))).filter(
      (r) => r.entityType === 'location' && r.action === 'update',
    );
    expect(change!.before).toMatchObject({ attributes: { snap: true, free: false } });
    expect(change!.after).toMatchObject({ attributes: { snap: false } });
    await revertRevision(t.database.db, change!.id, 'desk-admin');
    expect(await stored(id)).toEqual({ snap: true, free: false });
  });
});
