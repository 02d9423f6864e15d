import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { locationSchema } from '../../../shared/schemas/location.js';
import { flagReports, locationEngagement, locationTags, locations, revisions, tags } from '../../db/schema.js';
import { injectJson, useTestApp, writeUntilRefused } from '../../test/test-app.js';
import { writeRevision } from '../revisions/revisions.repository.js';
import { snapshotLocation } from './writes/index.js';

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp();

const send = (method: 'POST' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = {}) =>
  injectJson(t.app, method, url, body, { headers });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const create = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await send('POST', '/api/locations', body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const tag = async (name: string, category?: string) =>
  (await send('POST', '/api/tags', { name, category })).json() as { id: number; name: string };
const park = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  category: 'park',
  address: '100 Main St, Kansas City, MO 64105',
  ...extra,
});

describe('locations API: create and read', () => {
  it('creates a location (201) in the full read shape, readable by id and by slug', async () => {
    const organic = await tag('Organic test', 'product');
    const created = await create({
      name: 'Loose Park Test',
      category: 'park',
      description: '<p>Roses <strong>galore</strong></p>',
      address: '5200 Wornall Rd, Kansas City, MO 64112',
      phone: '816-555-0100',
      website: 'www.kcparks.org',
      operatingHours: '5am - 11pm',
      tagIds: [organic.id],
      status: 'active',
    });
    expect(locationSchema.parse(created)).toBeTruthy();
    expect(created).toMatchObject({
      name: 'Loose Park Test',
      slug: 'loose-park-test',
      category: 'park',
      description: '<p>Roses <strong>galore</strong></p>',
      website: 'www.kcparks.org',
      status: 'active',
      uniqueId: '',
      viewCount: 0,
      flagCount: 0,
      tags: [{ id: organic.id, name: 'Organic test', category: 'product' }],
      deadline: null,
      registrationLink: null,
      faqLink: null,
    });
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const byId = await get(`/api/locations/${created.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ ...created, engagement: { totalViews: 0, totalClicks: 0 } });
    const bySlug = await get('/api/locations/slug/loose-park-test');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual(created);
  });

  it('answers engagement sums, and the pending flag count', async () => {
    const loc = await create(park('Engagement Sums Park'));
    await t.database.db.insert(locationEngagement).values([
      { locationId: loc.id, sessionId: 'a', viewCount: 3, clickCount: 1 },
      { locationId: loc.id, sessionId: 'b', viewCount: 2, clickCount: 4 },
    ]);
    await t.database.db.insert(flagReports).values([
      { locationId: loc.id, flagType: 'duplicate' },
      { locationId: loc.id, flagType: 'outdated' },
      { locationId: loc.id, flagType: 'other', status: 'resolved' },
    ]);
    const res = (await get(`/api/locations/${loc.id}`)).json();
    expect(res.engagement).toEqual({ totalViews: 5, totalClicks: 5 });
    expect(res.flagCount).toBe(2);
  });

  it('answers 404 for unknown ids and slugs, 400 for invalid ids', async () => {
    expect((await get('/api/locations/999999')).json()).toEqual({ message: 'Location not found' });
    expect((await get('/api/locations/999999')).statusCode).toBe(404);
    expect((await get('/api/locations/slug/no-such-place')).statusCode).toBe(404);
    expect((await get('/api/locations/slug/no-such-place')).json()).toEqual({ message: 'Location not found' });
    expect((await get('/api/locations/abc')).statusCode).toBe(400);
    expect((await get('/api/locations/-1')).statusCode).toBe(400);
    const patch = await send('PATCH', '/api/locations/999999', { name: 'x' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: 'Location not found' });
    expect((await send('PATCH', '/api/locations/1.5', { name: 'x' })).statusCode).toBe(400);
  });

  it('leaves hidden places out of every public read', async () => {
    const loc = await create(park('Hidden Hollow Park'));
    await t.database.db.update(locations).set({ hidden: true }).where(eq(locations.id, loc.id));
    expect((await get(`/api/locations/${loc.id}`)).statusCode).toBe(404);
    expect((await get(`/api/locations/slug/${loc.slug}`)).statusCode).toBe(404);
    const list = (await get('/api/locations?search=Hidden%20Hollow')).json();
    expect(list).toEqual([]);
    expect((await send('PATCH', `/api/locations/${loc.id}`, { phone: '1' })).statusCode).toBe(404);
  });
});

describe('locations API: validation (docs/product.md section 5)', () => {
  const errorsOf = async (body: unknown) => {
    const res = await send('POST', '/api/locations', body);
    expect(res.statusCode).toBe(400);
    return res.json() as { message: string; errors: Record<string, string> };
  };

  it('requires a name, at most 255 characters', async () => {
    expect((await errorsOf({ category: 'resource' })).errors.name).toBe(MSG.nameRequired);
    expect((await errorsOf({ name: '   ', category: 'resource' })).errors.name).toBe('Name is required');
    expect((await errorsOf({ name: 'x'.repeat(256), category: 'resource' })).errors.name).toBe(
      'Name must be at most 255 characters',
    );
    await create({ name: 'n'.repeat(255), category: 'resource' });
  });

  it('requires one of the five categories', async () => {
    expect((await errorsOf({ name: 'Cat', category: 'zoo' })).errors.category).toBe('Please select a category');
  });

  it('requires an address except for resources, with the exact message', async () => {
    for (const category of ['farmers-market', 'local-farmer', 'community-garden', 'park']) {
      const body = await errorsOf({ name: 'No address', category, address: '  ' });
      expect(body.errors.address).toBe(
        'Address is required for farmers markets, local farmers, community gardens, and parks',
      );
    }
    const resource = await create({ name: 'Address-free resource', category: 'resource' });
    expect(resource.address).toBeNull();
    expect(resource.latitude).toBeNull();
  });

  it('limits the address to 500 characters', async () => {
    expect((await errorsOf(park('Long address', { address: 'a'.repeat(501) }))).errors.address).toBe(
      'Address must be at most 500 characters',
    );
  });

  it('refuses invalid URLs in website, registrationLink and faqLink', async () => {
    for (const field of ['website', 'registrationLink', 'faqLink']) {
      for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://kc.org/x']) {
        expect((await errorsOf({ name: 'Url', category: 'resource', [field]: bad })).errors[field]).toBe(
          'Please enter a valid URL',
        );
      }
    }
    const ok = await create({
      name: 'Url ok',
      category: 'resource',
      website: 'https://kc.org',
      registrationLink: '',
      faqLink: 'kc.org/faq',
      deadline: '2030-05-01',
    });
    expect(ok).toMatchObject({ website: 'https://kc.org', registrationLink: null, faqLink: 'kc.org/faq' });
    expect(ok.deadline).toBe('2030-05-01T00:00:00.000Z');
  });

  it('refuses unknown tag ids with 400 naming them', async () => {
    const res = await send('POST', '/api/locations', park('Bad tags', { tagIds: [987654, 987655] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown tag id(s): 987654, 987655',
      errors: { tagIds: 'Unknown tag id(s): 987654, 987655' },
    });
    expect((await errorsOf(park('Bad tags 2', { tagIds: ['x'] }))).errors).toHaveProperty('tagIds.0');
  });

  it('refuses a bad status', async () => {
    expect((await errorsOf(park('Status', { status: 'closed' }))).errors.status).toBe(
      'Status must be active or expired',
    );
  });
});

describe('locations API: sanitising', () => {
  it('sanitises descriptions on write', async () => {
    const loc = await create(
      park('Sanitised Park', {
        description:
          '<h2>Hi</h2><script>alert(1)</script><p onclick="x()">Go <a href="javascript:alert(1)">bad</a> <a href="https://kc.org" target="_blank">good</a></p><img src=x onerror=alert(1)>',
      }),
    );
    expect(loc.description).toBe(
      '<h2>Hi</h2><p>Go <a>bad</a> <a href="https://kc.org" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
    const patched = await send('PATCH', `/api/locations/${loc.id}`, {
      description: '<ul><li>a</li></ul><style>x</style>',
    });
    expect(patched.json().description).toBe('<ul><li>a</li></ul>');
  });
});

describe('locations API: PATCH', () => {
  it('merges a partial body with the stored row (200, full read shape)', async () => {
    const a = await tag('Patch tag A');
    const b = await tag('Patch tag B');
    const loc = await create(park('Patch Merge Park', { phone: '111', tagIds: [a.id], website: 'https://a.org' }));
    const res = await send('PATCH', `/api/locations/${loc.id}`, { phone: '222' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '222', website: 'https://a.org', name: 'Patch Merge Park' });
    expect(res.json().tags.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const tagged = await send('PATCH', `/api/locations/${loc.id}`, { tagIds: [b.id, a.id] });
    expect(tagged.json().tags.map((x: { name: string }) => x.name)).toEqual(['Patch tag A', 'Patch tag B']);
    const cleared = await send('PATCH', `/api/locations/${loc.id}`, { tagIds: [], website: '' });
    expect(cleared.json()).toMatchObject({ tags: [], website: null });
    expect(new Date(cleared.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(loc.updatedAt).getTime());
  });

  it('applies the address rule to the merged result', async () => {
    const res = await create({ name: 'Patch Rule Resource', category: 'resource' });
    const toPark = await send('PATCH', `/api/locations/${res.id}`, { category: 'park' });
    expect(toPark.statusCode).toBe(400);
    expect(toPark.json()).toEqual({ message: MSG.addressRequired, errors: { address: MSG.addressRequired } });
    const withAddress = await send('PATCH', `/api/locations/${res.id}`, {
      category: 'park',
      address: '1 Park Ln, Kansas City, MO 64105',
    });
    expect(withAddress.statusCode).toBe(200);
    const clear = await send('PATCH', `/api/locations/${res.id}`, { address: '' });
    expect(clear.json().errors.address).toBe(MSG.addressRequired);
    const validation = await send('PATCH', `/api/locations/${res.id}`, { name: '' });
    expect(validation.json().errors.name).toBe('Name is required');
  });
});

describe('locations API: slugs', () => {
  it('are unique (-2, -3) and stable across renames', async () => {
    const one = await create(park('Twin Oaks Garden'));
    const two = await create(park('Twin Oaks Garden'));
    const three = await create(park('Twin  Oaks garden!'));
    expect([one.slug, two.slug, three.slug]).toEqual(['twin-oaks-garden', 'twin-oaks-garden-2', 'twin-oaks-garden-3']);

    const renamed = await send('PATCH', `/api/locations/${one.id}`, { name: 'Twin Maples Garden' });
    expect(renamed.json().slug).toBe('twin-maples-garden');
    const old = await get('/api/locations/slug/twin-oaks-garden');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ id: one.id, slug: 'twin-maples-garden', name: 'Twin Maples Garden' });

    // The old slug stays with its place: a new place of that name does not take it.
    const four = await create(park('Twin Oaks Garden'));
    expect(four.slug).toBe('twin-oaks-garden-4');
    // Renaming back takes the place's own old slug again.
    const back = await send('PATCH', `/api/locations/${one.id}`, { name: 'Twin Oaks Garden' });
    expect(back.json().slug).toBe('twin-oaks-garden');
    // A rename whose slug is unchanged keeps it.
    const caps = await send('PATCH', `/api/locations/${two.id}`, { name: 'TWIN OAKS GARDEN' });
    expect(caps.json().slug).toBe('twin-oaks-garden-2');
  });
});

describe('locations API: revisions', () => {
  it('records create and update with before/after, session id and client hash', async () => {
    const a = await tag('Revision tag');
    const loc = await create(park('Revision Park', { tagIds: [a.id] }), { 'x-session-id': 'rev-session-1' });
    await send('PATCH', `/api/locations/${loc.id}`, { phone: '555' }, { 'x-session-id': `  ${'s'.repeat(200)} ` });
    await send('PATCH', `/api/locations/${loc.id}`, { phone: '556' });
    const rows = (await t.database.db.select().from(revisions).where(eq(revisions.entityId, loc.id)))
      .filter((r) => r.entityType === 'location')
      .sort((x, y) => x.id - y.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ name: 'Revision Park', category: 'park', tagIds: [a.id], phone: null });
    expect(rows[1]!.before).toMatchObject({ phone: null });
    expect(rows[1]!.after).toMatchObject({ phone: '555', tagIds: [a.id] });
    expect(rows[0]!.sessionId).toBe('rev-session-1');
    expect(rows[1]!.sessionId).toBe('s'.repeat(128));
    expect(rows[2]!.sessionId).toBeNull();
    for (const r of rows) expect(r.clientHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('writes none for a refused write, and rolls back with the change when the write fails', async () => {
    const loc = await create(park('Rollback Park'));
    const count = async () =>
      (await t.database.db.select().from(revisions).where(eq(revisions.entityId, loc.id))).filter(
        (r) => r.entityType === 'location',
      ).length;
    expect(await count()).toBe(1);
    await send('PATCH', `/api/locations/${loc.id}`, { category: 'park', address: '' });
    expect(await count()).toBe(1);

    // writeRevision joins the caller's transaction.
    await expect(
      t.database.db.transaction(async (tx) => {
        await writeRevision(tx, {
          entityType: 'location',
          entityId: loc.id,
          action: 'update',
          before: await snapshotLocation(tx, loc.id),
          after: null,
          sessionId: null,
          clientHash: null,
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(1);

    // A failure while recording the revision undoes the change itself.
    await t.database.db.execute(sql`
        create or replace function refuse_boom_revision() returns trigger language plpgsql as $$
        begin
          if new.after->>'name' = 'Boom Park' then raise exception 'revision refused'; end if;
          return new;
        end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_boom before insert on revisions for each row execute function refuse_boom_revision()`,
    );
    const failed = await send('PATCH', `/api/locations/${loc.id}`, { name: 'Boom Park' });
    expect(failed.statusCode).toBe(500);
    const after = (await get(`/api/locations/${loc.id}`)).json();
    expect(after).toMatchObject({ name: 'Rollback Park', slug: 'rollback-park' });
    expect((await get('/api/locations/slug/boom-park')).statusCode).toBe(404);
    expect(await count()).toBe(1);
    await t.database.db.execute(sql`drop trigger refuse_boom on revisions`);
  });
});

describe('locations API: deletion and rate limits', () => {
  it('cascades: deleting a location row removes its links, engagement, flag reports and slugs', async () => {
    const a = await tag('Cascade tag');
    const loc = await create(park('Cascade Park', { tagIds: [a.id] }));
    const db = t.database.db;
    await db.insert(locationEngagement).values({ locationId: loc.id, sessionId: 'c', viewCount: 1 });
    await db.insert(flagReports).values({ locationId: loc.id, flagType: 'other' });
    await db.delete(locations).where(eq(locations.id, loc.id));
    expect(await db.select().from(locationTags).where(eq(locationTags.locationId, loc.id))).toEqual([]);
    expect(await db.select().from(locationEngagement).where(eq(locationEngagement.locationId, loc.id))).toEqual([]);
    expect(await db.select().from(flagReports).where(eq(flagReports.locationId, loc.id))).toEqual([]);
    expect((await get('/api/locations/slug/cascade-park')).statusCode).toBe(404);
    expect(await db.select().from(tags).where(eq(tags.id, a.id))).toHaveLength(1);
  });

  it('rate limits location writes with 429 and Retry-After', async () => {
    const { status, retryAfter } = await writeUntilRefused(
      t.app,
      '/api/locations',
      (i) => ({ name: `Flood ${i}`, category: 'resource' }),
      { remoteAddress: '10.201.0.1', tries: 70 },
    );
    expect(status).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
