// The one write path for places: slugs from one allocator, full snapshots from every
// path, reverts that put back only what the reverted change changed (409 when a later change
// edited the same field), and tag deletions that a revert undoes with their links.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locationSlugs, locations, locationTags, revisions, tags } from '../../../db/schema.js';
import { useTestApp } from '../../../test/test-app.js';
import { revertRevision, revertSession } from '../../admin/review.repository.js';
import { createTag, deleteTag, updateTag } from '../../tags/tags.repository.js';
import { allocateSlugs, createLocation, importLocations, SNAPSHOT_FIELDS, updateLocation } from './index.js';

const noGeo = { geocode: async () => null };
const anon = (sessionId: string) => ({ sessionId, clientHash: 'h' });

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp();
const deps = () => ({ db: t.database.db, geocoder: noGeo });

const place = (name: string, extra: Record<string, unknown> = {}) =>
  createLocation(
    deps(),
    { name, category: 'park', address: '1 Main St, Kansas City, MO 64105', tagIds: [], ...extra } as never,
    anon('s-create'),
  );
const lastRevision = async (entityId: number) =>
  (await t.database.db.select().from(revisions).where(eq(revisions.entityId, entityId)).orderBy(revisions.id)).at(-1)!;

describe('the write path for places: slugs, snapshots and the bulk import', () => {
  it('derives the snapshot fields from the schema (every editable column, nothing the system keeps)', () => {
    expect(SNAPSHOT_FIELDS).toEqual(expect.arrayContaining(['name', 'description', 'deadline', 'latitude']));
    expect(SNAPSHOT_FIELDS).not.toContain('slug');
    expect(SNAPSHOT_FIELDS).not.toContain('tagText');
  });

  it('allocates distinct slugs for one place and a whole batch, looking past taken numbers', async () => {
    const db = t.database.db;
    for (const name of ['Slug Lake', 'Slug Lake', 'Slug Lake']) await place(name);
    // slug-lake, slug-lake-2, slug-lake-3 are taken; a batch asking three more gets 4, 5, 6.
    expect(await allocateSlugs(db, [{ name: 'Slug Lake' }, { name: 'slug lake' }, { name: 'SLUG LAKE' }])).toEqual([
      'slug-lake-4',
      'slug-lake-5',
      'slug-lake-6',
    ]);
    // Twelve taken numbers need more than one round of look-ups.
    for (let i = 0; i < 10; i++) await place('Slug Pond');
    expect(await allocateSlugs(db, [{ name: 'Slug Pond' }])).toEqual(['slug-pond-11']);
  });

  it('lets a place take back its own old slug, never another place’s', async () => {
    const a = await place('Boomerang Garden');
    await updateLocation(deps(), a.id, { name: 'Elsewhere Garden' }, anon('s1'));
    const back = await updateLocation(deps(), a.id, { name: 'Boomerang Garden' }, anon('s1'));
    expect(back.slug).toBe('boomerang-garden');
    const b = await place('Elsewhere Garden');
    expect(b.slug).toBe('elsewhere-garden-2'); // a's former slug stays a's
  });

  it('writes full snapshots from the bulk import, with tags in name order in the search text', async () => {
    const n = await importLocations(
      t.database.db,
      [
        {
          name: 'Imported Orchard',
          category: 'farm',
          description: '<p class="fixed inset-0">Apples</p>',
          address: '2 Main St, Kansas City, MO 64105',
          website: '',
          tags: ['Zinnia', 'apples'],
        },
      ],
      new Map(),
      'desk-admin',
    );
    expect(n).toBe(1);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.name, 'Imported Orchard'));
    expect(row!.description).toBe('<p>Apples</p>');
    expect(row!.tagText).toBe('apples Zinnia');
    const rev = await lastRevision(row!.id);
    expect(Object.keys(rev.after as object).sort()).toEqual([...SNAPSHOT_FIELDS, 'slug', 'tagIds'].sort());
  });
});

describe('the write path for places: reverts', () => {
  it('reverts only the fields a change changed, and keeps a later good edit of another field', async () => {
    const p = await place('Revert Meadow', { phone: '816-555-0000' });
    await updateLocation(deps(), p.id, { name: 'Spam Meadow Buy Now' }, anon('vandal'));
    const vandal = await lastRevision(p.id);
    await updateLocation(deps(), p.id, { phone: '816-555-1111' }, anon('good'));
    await revertRevision(t.database.db, vandal.id, 'desk-admin');
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, p.id));
    expect(row).toMatchObject({ name: 'Revert Meadow', phone: '816-555-1111', slug: 'revert-meadow' });
    // The vandal's slug is released (decision 0406): a real place may take it later.
    const slugs = await t.database.db.select().from(locationSlugs).where(eq(locationSlugs.locationId, p.id));
    expect(slugs.map((s) => s.slug).sort()).toEqual(['revert-meadow']);
  });

  it('answers 409 when a later change edited the same field, and writes nothing', async () => {
    const p = await place('Conflict Field');
    await updateLocation(deps(), p.id, { phone: '816-555-2222' }, anon('first'));
    const first = await lastRevision(p.id);
    await updateLocation(deps(), p.id, { phone: '816-555-3333' }, anon('second'));
    await expect(revertRevision(t.database.db, first.id, 'desk-admin')).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('phone'),
    });
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, p.id));
    expect(row!.phone).toBe('816-555-3333');
  });

  it('reverts one session’s several edits of a place together', async () => {
    const p = await place('Session Grove', { phone: '816-555-4444' });
    await updateLocation(deps(), p.id, { phone: '816-555-5555' }, anon('spree'));
    await updateLocation(deps(), p.id, { name: 'Session Grove Spam' }, anon('spree'));
    expect((await revertSession(t.database.db, 'spree', 'desk-admin')).reverted).toBe(1);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, p.id));
    expect(row).toMatchObject({ name: 'Session Grove', phone: '816-555-4444' });
  });

  it('reverts a session only for the client address it came from', async () => {
    const a = await place('Hash Pond A', { phone: '816-555-7000' });
    const b = await place('Hash Pond B', { phone: '816-555-8000' });
    // A vandal and a good neighbour send the same (client-chosen) session id.
    await updateLocation(deps(), a.id, { phone: '816-555-7001' }, { sessionId: 'same-id', clientHash: 'vandal' });
    await updateLocation(deps(), b.id, { phone: '816-555-8001' }, { sessionId: 'same-id', clientHash: 'neighbour' });
    expect((await revertSession(t.database.db, 'same-id', 'desk-admin', 'vandal')).reverted).toBe(1);
    const rows = await t.database.db.select().from(locations).where(eq(locations.name, 'Hash Pond B'));
    expect(rows[0]!.phone).toBe('816-555-8001');
    const [ra] = await t.database.db.select().from(locations).where(eq(locations.id, a.id));
    expect(ra!.phone).toBe('816-555-7000');
  });

  it('undoes a tag deletion with its links and the places’ search text', async () => {
    const db = t.database.db;
    const tag = await createTag(db, { name: 'Pollinators', category: null }, anon('t'));
    const p = await place('Bee Garden', { tagIds: [tag.id] });
    await deleteTag(db, tag.id, anon('vandal'));
    const [gone] = await db.select().from(locations).where(eq(locations.id, p.id));
    expect(gone!.tagText).toBe('');
    const del = await lastRevision(tag.id);
    expect(del).toMatchObject({ entityType: 'tag', action: 'delete' });
    await revertRevision(db, del.id, 'desk-admin');
    const [back] = await db.select().from(tags).where(eq(tags.id, tag.id));
    expect(back!.name).toBe('Pollinators');
    const links = await db.select().from(locationTags).where(eq(locationTags.tagId, tag.id));
    expect(links.map((l) => l.locationId)).toEqual([p.id]);
    const [row] = await db.select().from(locations).where(eq(locations.id, p.id));
    expect(row!.tagText).toBe('Pollinators');
  });

  it('keeps tag order by name in the search text when a tag rename is reverted', async () => {
    const db = t.database.db;
    const a = await createTag(db, { name: 'Alpha Tag', category: null }, anon('t'));
    const m = await createTag(db, { name: 'Middle Tag', category: null }, anon('t'));
    const p = await place('Ordered Tags Place', { tagIds: [m.id, a.id] });
    await updateTag(db, a.id, { name: 'Zulu Tag', category: null }, anon('t2'));
    let [row] = await db.select().from(locations).where(eq(locations.id, p.id));
    expect(row!.tagText).toBe('Middle Tag Zulu Tag');
    const rename = (await db.select().from(revisions).where(eq(revisions.entityId, a.id))).find(
      (r) => r.entityType === 'tag' && r.action === 'update',
    )!;
    await revertRevision(db, rename.id, 'desk-admin');
    [row] = await db.select().from(locations).where(eq(locations.id, p.id));
    expect(row!.tagText).toBe('Alpha Tag Middle Tag');
  });
});
