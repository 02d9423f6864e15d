// Structured opening hours on write (decision 0800): unreadable text is refused with the checker's
// sentence in errors.openingHours, the tidy spelling is stored, '' and null mean none, and a
// revert puts the hours back with the other fields.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_MAX } from '../../../shared/constants.js';
import { OPENING_HOURS_MAX_LENGTH, validateOpeningHours } from '../../../shared/opening-hours.js';
import { locations, revisions } from '../../db/schema.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { revertRevision } from '../admin/review.repository.js';
import { parseImportCsv } from '../bulk-import/bulk-import.csv.js';
import { importLocations } from './writes/index.js';

const UNREADABLE = 'Mo 10:00-12:00 fo';

describe('opening hours on write', () => {
  const t = useTestApp();

  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) => injectJson(t.app, method, url, body);
  const park = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    category: 'park',
    address: '100 Main St, Kansas City, MO 64105',
    ...extra,
  });
  const stored = async (id: number) =>
    (await t.database.db.select().from(locations).where(eq(locations.id, id)))[0]!.openingHours;

  it('keeps the schema cap equal to the checker’s', () => {
    expect(OPENING_HOURS_MAX).toBe(OPENING_HOURS_MAX_LENGTH);
  });

  it('refuses text the library cannot read: 400 naming openingHours with the checker’s sentence', async () => {
    const expected = validateOpeningHours(UNREADABLE);
    expect(expected.ok).toBe(false);
    const res = await send('POST', '/api/locations', park('Unreadable Hours Park', { openingHours: UNREADABLE }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.openingHours).toBe(!expected.ok && expected.error);
    expect(body.errors.openingHours).toMatch(/^The opening hours cannot be read near "Mo 10:00-12:00 fo"/);
    const none = await t.database.db.select().from(locations).where(eq(locations.name, 'Unreadable Hours Park'));
    expect(none).toEqual([]);
  });

  it('refuses over 255 characters, and on PATCH as on POST', async () => {
    const long = `${'Mo 10:00-12:00; '.repeat(20)}Tu 10:00-12:00`;
    expect(long.length).toBeGreaterThan(255);
    const res = await send('POST', '/api/locations', park('Long Hours Park', { openingHours: long }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.openingHours).toBe('The opening hours must be at most 255 characters.');

    const created = await send('POST', '/api/locations', park('Patch Hours Park'));
    expect(created.statusCode, created.body).toBe(201);
    const patched = await send('PATCH', `/api/locations/${created.json().id}`, { openingHours: 'Sa 25:00-26:00 x' });
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(patched.json().errors)).toEqual(['openingHours']);
  });

  it('stores the tidy spelling; empty and null mean none; a PATCH without the field keeps it', async () => {
    const res = await send('POST', '/api/locations', park('Tidy Hours Park', { openingHours: '  Sa 8am-1pm ' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(await stored(id)).toBe('Sa 08:00-13:00');

    expect((await send('PATCH', `/api/locations/${id}`, { phone: '816-555-0101' })).statusCode).toBe(200);
    expect(await stored(id)).toBe('Sa 08:00-13:00');
    expect((await send('PATCH', `/api/locations/${id}`, { openingHours: '' })).statusCode).toBe(200);
    expect(await stored(id)).toBeNull();
    expect((await send('PATCH', `/api/locations/${id}`, { openingHours: 'Mo-Fr 09:00-17:00' })).statusCode).toBe(200);
    expect(await stored(id)).toBe('Mo-Fr 09:00-17:00');
    expect((await send('PATCH', `/api/locations/${id}`, { openingHours: null })).statusCode).toBe(200);
    expect(await stored(id)).toBeNull();
    // The free-text note stays its own field.
    const note = await send('POST', '/api/locations', park('Note Hours Park', { operatingHours: 'Sat 8am-1pm' }));
    expect(await stored(note.json().id)).toBeNull();
  });

  it('a revert puts the opening hours back (they are in every revision)', async () => {
    const res = await send('POST', '/api/locations', park('Revert Hours Park', { openingHours: 'Sa 07:00-12:00' }));
    const id = res.json().id as number;
    expect((await send('PATCH', `/api/locations/${id}`, { openingHours: 'Mo-Su 00:00-24:00' })).statusCode).toBe(200);
    const [change] = await t.database.db
      .select()
      .from(revisions)
      .where(eq(revisions.entityId, id))
      .orderBy(revisions.id)
      .then((r) => r.filter((x) => x.entityType === 'location' && x.action === 'update'));
    expect(change!.before).toMatchObject({ openingHours: 'Sa 07:00-12:00' });
    expect(change!.after).toMatchObject({ openingHours: 'Mo-Su 00:00-24:00' });
    await revertRevision(t.database.db, change!.id, 'desk-admin');
    expect(await stored(id)).toBe('Sa 07:00-12:00');
  });

  it('the bulk import reads an optional openingHours column (row errors for unreadable text)', async () => {
    const csv = [
      'name,category,description,address,website,tags,openingHours',
      'Import Hours One,park,Nice.,1 Main St Kansas City MO,,,Sa 8am-1pm',
      `Import Hours Two,park,Nice.,2 Main St Kansas City MO,,,${UNREADABLE}`,
      'Import Hours Three,park,Nice.,3 Main St Kansas City MO,,,',
    ].join('\n');
    const { rows, errors } = parseImportCsv(Buffer.from(csv));
    expect(rows.map((r) => [r.name, r.openingHours])).toEqual([
      ['Import Hours One', 'Sa 08:00-13:00'],
      ['Import Hours Three', ''],
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Row 2: The opening hours cannot be read/);
    // Without the column nothing changes.
    const plain = parseImportCsv(Buffer.from('name,category,description,address\nNo Hours,park,Nice.,4 Main St\n'));
    expect(plain.rows[0]!.openingHours).toBe('');

    await importLocations(t.database.db, rows, new Map(), 'desk-admin');
    const [one] = await t.database.db.select().from(locations).where(eq(locations.name, 'Import Hours One'));
    const [three] = await t.database.db.select().from(locations).where(eq(locations.name, 'Import Hours Three'));
    expect(one!.openingHours).toBe('Sa 08:00-13:00');
    expect(three!.openingHours).toBeNull();
  });
});
