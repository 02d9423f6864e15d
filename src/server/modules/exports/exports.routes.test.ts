import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, locationTags, locationVerifications, tags } from '../../db/schema.js';
import { setClock } from '../../lib/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { csvCell, csvRow } from './csv.js';
import { CSV_COLUMNS } from './exports.routes.js';

/** A strict RFC 4180 reader for the test: every cell quoted. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let cell = '';
    i++;
    for (;;) {
      if (text[i] === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (text[i] === '"') {
        i++;
        break;
      } else cell += text[i++];
    }
    row.push(cell);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else throw new Error(`unexpected ${text[i]} at ${i}`);
  }
  return rows;
}

describe('open data exports', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://green.example.org' } });
  const suffix = Date.now();
  beforeAll(async () => {
    const db = t.database.db;
    const [tagA, tagB] = await db
      .insert(tags)
      .values([
        { name: `Organic ${suffix}`, category: 'product' },
        { name: `Accessible ${suffix}`, category: 'accessibility' },
      ])
      .returning();
    const inserted = await db
      .insert(locations)
      .values([
        {
          name: '=HYPERLINK("http://evil.example","click")',
          category: 'park',
          slug: `evil-${suffix}`,
          address: '+1 Main St',
          description: 'Line one\nline "two", with comma',
          latitude: 39.1,
          longitude: -94.58,
        },
        {
          name: 'Plain Garden',
          category: 'community-garden',
          slug: `plain-${suffix}`,
          address: '@home',
          description: '-minus',
          latitude: null,
          longitude: null,
        },
        {
          name: 'Secret Hidden Place',
          category: 'park',
          slug: `hidden-${suffix}`,
          hidden: true,
          latitude: 39,
          longitude: -94,
        },
      ])
      .returning();
    await db.insert(locationTags).values([
      { locationId: inserted[0]!.id, tagId: tagA!.id },
      { locationId: inserted[0]!.id, tagId: tagB!.id },
    ]);
  });

  it('CSV: every public place with tags, quoted cells, formula cells neutralised, hidden ones left out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="kc-green-directory-locations.csv"');
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['id', 'name', 'category']);
    const col = (r: string[], name: string) => r[header.indexOf(name)];
    const evil = rows.find((r) => col(r, 'slug') === `evil-${suffix}`)!;
    expect(col(evil, 'name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(col(evil, 'address')).toBe("'+1 Main St");
    expect(col(evil, 'description')).toBe('Line one\nline "two", with comma');
    expect(col(evil, 'longitude')).toBe('-94.58'); // numbers are not prefixed
    expect(col(evil, 'tags')).toBe(`Accessible ${suffix}, Organic ${suffix}`);
    expect(col(evil, 'url')).toBe(`https://green.example.org/discover/evil-${suffix}`);
    const plain = rows.find((r) => col(r, 'slug') === `plain-${suffix}`)!;
    expect(col(plain, 'address')).toBe("'@home");
    expect(col(plain, 'description')).toBe("'-minus");
    expect(col(plain, 'latitude')).toBe('');
    expect(res.body).not.toContain('Secret Hidden Place');
    expect(res.body).toContain('"=HYPERLINK'.replace('"=', `"'=`));
  });

  it('GeoJSON: a FeatureCollection with [lng, lat] points, tags, null geometry without coordinates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.geojson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const body = res.json();
    expect(body.type).toBe('FeatureCollection');
    const evil = body.features.find((f: { properties: { slug: string } }) => f.properties.slug === `evil-${suffix}`);
    expect(evil.geometry).toEqual({ type: 'Point', coordinates: [-94.58, 39.1] });
    expect(evil.properties.name).toBe('=HYPERLINK("http://evil.example","click")');
    expect(evil.properties.tags).toEqual([`Accessible ${suffix}`, `Organic ${suffix}`]);
    const plain = body.features.find((f: { properties: { slug: string } }) => f.properties.slug === `plain-${suffix}`);
    expect(plain.geometry).toBeNull();
    expect(res.body).not.toContain('Secret Hidden Place');
  });

  it('streams more than one page of rows in id order', async () => {
    const many = Array.from({ length: 1205 }, (_, i) => ({
      name: `Bulk ${i}`,
      category: 'park',
      slug: `bulk-${suffix}-${i}`,
    }));
    await t.database.db.insert(locations).values(many);
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.geojson' });
    const ids = res.json().features.map((f: { id: number }) => f.id);
    expect(ids.length).toBeGreaterThanOrEqual(1207);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the CSV writer', () => {
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(-1.5)).toBe('"-1.5"');
    expect(csvRow(['a', 1])).toBe('"a","1"\r\n');
  });
});

// The open data carries the structured hours, whether the place is open when the file
// was made, and when an administrator last confirmed it; the list's filters narrow an export.
describe('open data exports: opening hours and freshness', () => {
  const t = useTestApp();
  const SAT_10AM = new Date('2026-06-13T15:00:00Z');
  beforeAll(async () => {
    setClock(SAT_10AM);
    const db = t.database.db;
    const [open, closed] = await db
      .insert(locations)
      .values([
        { name: 'Export Hours Open', category: 'park', slug: 'export-hours-open', openingHours: 'Sa 08:00-13:00' },
        { name: 'Export Hours Closed', category: 'park', slug: 'export-hours-closed', openingHours: 'Su 08:00-13:00' },
        { name: 'Export Hours None', category: 'park', slug: 'export-hours-none' },
      ])
      .returning();
    await db.insert(locationVerifications).values({ locationId: open!.id, verifiedBy: 'desk', at: SAT_10AM });
    expect(closed).toBeTruthy();
  });
  afterAll(() => setClock(null));

  it('CSV: openingHours, openNow and lastVerifiedAt after the older columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.csv' });
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    // The attribute and provenance columns follow them (exports.attributes.test.ts, provenance.routes.test.ts).
    expect(header.slice(19, 22)).toEqual(['openingHours', 'openNow', 'lastVerifiedAt']);
    expect(header.slice(0, 19)).toEqual([...CSV_COLUMNS].slice(0, 19));
    const col = (r: string[], name: string) => r[header.indexOf(name)];
    const bySlug = (slug: string) => rows.find((r) => col(r, 'slug') === slug)!;
    expect(col(bySlug('export-hours-open'), 'openingHours')).toBe('Sa 08:00-13:00');
    expect(col(bySlug('export-hours-open'), 'openNow')).toBe('true');
    expect(col(bySlug('export-hours-open'), 'lastVerifiedAt')).toBe('2026-06-13T15:00:00Z');
    expect(col(bySlug('export-hours-closed'), 'openNow')).toBe('false');
    expect(col(bySlug('export-hours-none'), 'openNow')).toBe('');
    expect(col(bySlug('export-hours-none'), 'lastVerifiedAt')).toBe('');
  });

  it('GeoJSON: the same three properties', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.geojson' });
    const props = (slug: string) =>
      res.json().features.find((f: { properties: { slug: string } }) => f.properties.slug === slug).properties;
    expect(props('export-hours-open')).toMatchObject({
      openingHours: 'Sa 08:00-13:00',
      openNow: true,
      lastVerifiedAt: '2026-06-13T15:00:00Z',
    });
    expect(props('export-hours-none')).toMatchObject({ openingHours: null, openNow: null, lastVerifiedAt: null });
  });

  it('takes the list’s filters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export/locations.geojson?search=export%20hours%20none',
    });
    expect(res.json().features.map((f: { properties: { slug: string } }) => f.properties.slug)).toEqual([
      'export-hours-none',
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/export/locations.csv?category=nowhere' });
    expect(bad.statusCode).toBe(400);
  });
});
