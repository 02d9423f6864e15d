// The attributes in the open data (decision 0803): CSV columns after the older ones (yes/no/empty,
// wheelchair's three answers, languages joined by a space) that the bulk import reads back the
// same, GeoJSON `attributes`, the OpenAPI description, and the place page's JSON-LD.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_IMPORT_SAMPLE_CSV } from '../../../shared/bulk-import-sample.js';
import { ATTRIBUTE_CSV_COLUMNS } from '../../../shared/place-attributes-csv.js';
import { locations } from '../../db/schema.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { parseImportCsv } from '../bulk-import/bulk-import.csv.js';
import { importLocations } from '../locations/writes/index.js';
import { CSV_COLUMNS } from './exports.routes.js';

const ADMIN = { username: 'attr-export-admin' };
const KNOWN = {
  snap: true,
  wic: false,
  wheelchair: 'limited',
  restroom: true,
  free: true,
  eligibility: 'restricted',
  eligibilityNote: 'Seniors, 60 and over',
  languages: ['es', 'vi'],
};

/** Cells of a CSV line whose every cell is quoted (the export's). */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

// One app and database for the whole file; the describes below share it.
// The page template the app serves place pages from (their JSON-LD is checked below).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-attr-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ env: { PUBLIC_URL: 'https://green.example.org' }, deps: { clientDir } });
const slugs: Record<string, string> = {};

beforeAll(async () => {
  for (const [name, attributes] of [
    ['Attrexport Known Market', KNOWN],
    ['Attrexport Unknown Market', {}],
  ] as const) {
    const res = await injectJson(t.app, 'POST', '/api/locations', {
      name,
      category: 'farmers-market',
      description: 'Fresh food.',
      address: '20 E 5th St, Kansas City, MO 64106',
      attributes,
    });
    expect(res.statusCode, res.body).toBe(201);
    slugs[name] = res.json().slug;
  }
});

const csv = async () => {
  const res = await t.app.inject({ url: '/api/export/locations.csv?search=attrexport' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('attributes in the CSV export and the bulk import', () => {
  it('writes one CSV column per attribute after the older columns', async () => {
    const [header, ...lines] = (await csv()).trim().split('\r\n');
    const names = cells(header!);
    expect(names).toEqual(CSV_COLUMNS);
    // Right after lastVerifiedAt; the provenance columns follow (provenance.routes.test.ts).
    const first = names.indexOf('lastVerifiedAt') + 1;
    expect(names.slice(first, first + ATTRIBUTE_CSV_COLUMNS.length)).toEqual([...ATTRIBUTE_CSV_COLUMNS]);
    const row = (name: string) => {
      const r = cells(lines.find((l) => l.includes(name))!);
      return Object.fromEntries(ATTRIBUTE_CSV_COLUMNS.map((c) => [c, r[names.indexOf(c)]]));
    };
    expect(row('Attrexport Known Market')).toMatchObject({
      snap: 'yes',
      wic: 'no',
      credit: '',
      wheelchair: 'limited',
      restroom: 'yes',
      parking: '',
      free: 'yes',
      eligibility: 'restricted',
      eligibilityNote: 'Seniors, 60 and over',
      languages: 'es vi',
    });
    expect(Object.values(row('Attrexport Unknown Market')).every((v) => v === '')).toBe(true);
  });

  it('the bulk import reads the exported columns back to the same attributes', async () => {
    const { rows, errors } = parseImportCsv(Buffer.from(await csv()));
    expect(errors).toEqual([]);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.attributes]));
    expect(byName['Attrexport Known Market']).toEqual(KNOWN);
    expect(byName['Attrexport Unknown Market']).toEqual({});
  });

  it('the bulk import dialog’s sample file shows the attribute columns and imports without a row error', () => {
    expect(BULK_IMPORT_SAMPLE_CSV.split('\r\n')[0]).toContain(ATTRIBUTE_CSV_COLUMNS.join(','));
    const { rows, errors } = parseImportCsv(Buffer.from(BULK_IMPORT_SAMPLE_CSV));
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.name, r.attributes.snap, r.attributes.wheelchair])).toEqual([
      ['City Market Farmers Market', true, 'yes'],
      ['Loose Park', undefined, 'limited'],
    ]);
  });
});

describe('attributes in GeoJSON, OpenAPI, imports by column name and JSON-LD', () => {
  it('gives each GeoJSON feature its attributes', async () => {
    const res = await t.app.inject({ url: '/api/export/locations.geojson?search=attrexport' });
    const features = res.json().features as { properties: { name: string; attributes: unknown } }[];
    const of = (name: string) => features.find((f) => f.properties.name === name)!.properties.attributes;
    expect(of('Attrexport Known Market')).toEqual(KNOWN);
    expect(of('Attrexport Unknown Market')).toEqual({});
  });

  it('describes the attributes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const answer = doc.paths['/api/locations/{id}'].get.responses['200'].content['application/json'].schema;
    expect(answer.properties.attributes.description).toMatch(/absent key is unknown/);
    expect(answer.properties.attributes.properties.wheelchair.enum).toEqual(['yes', 'limited', 'no']);
    const body = doc.paths['/api/locations'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties.attributes.properties)).toContain('snap');
    expect(doc.paths['/api/export/locations.csv'].get.description).toContain('eligibilityNote');
    expect(doc.paths['/api/export/locations.geojson'].get.description).toContain('`attributes`');
  });

  it('imports attribute columns by name (any case or separator); a bad value is a row error naming its column', async () => {
    const file = [
      'name,category,description,address,SNAP,wheelchair,Eligibility,eligibility_note,languages,double_up',
      'Attrimport Good,farmers-market,Food.,1 Main St,Yes,limited,restricted,Members,"es, vi",no',
      'Attrimport Bad Flag,farmers-market,Food.,2 Main St,maybe,,,,,',
      'Attrimport Bad Wheelchair,farmers-market,Food.,3 Main St,,ramp,,,,',
      'Attrimport Bad Language,farmers-market,Food.,4 Main St,,,,,Spanish,',
      'Attrimport Lonely Note,farmers-market,Food.,5 Main St,,,everyone,Members,,',
      'Attrimport Empty,farmers-market,Food.,6 Main St,,,,,,',
    ].join('\r\n');
    const { rows, errors } = parseImportCsv(Buffer.from(file));
    expect(errors).toEqual([
      'Row 2: Column snap must be yes, no or empty',
      'Row 3: Column wheelchair must be yes, limited, no or empty',
      'Row 4: Column languages: Languages must be language codes such as en, es or vi',
      'Row 5: Column eligibilityNote needs eligibility restricted',
    ]);
    expect(await importLocations(t.database.db, rows, new Map(), ADMIN.username)).toBe(2);
    const stored = async (name: string) =>
      (await t.database.db.select().from(locations).where(eq(locations.name, name)))[0]?.attributes;
    expect(await stored('Attrimport Good')).toEqual({
      snap: true,
      doubleUp: false,
      wheelchair: 'limited',
      eligibility: 'restricted',
      eligibilityNote: 'Members',
      languages: ['es', 'vi'],
    });
    expect(await stored('Attrimport Empty')).toEqual({});
    expect(await stored('Attrimport Bad Flag')).toBeUndefined();
  });

  it('puts known facts in the page JSON-LD: amenityFeature, isAccessibleForFree, paymentAccepted', async () => {
    const ld = async (name: string) => {
      const html = (await t.app.inject({ url: `/discover/${slugs[name]}` })).body;
      return JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    };
    const known = await ld('Attrexport Known Market');
    expect(known.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Accepts SNAP/EBT', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Accepts WIC', value: false },
      { '@type': 'LocationFeatureSpecification', name: 'Restroom', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Partly wheelchair accessible', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Open to everyone', value: false },
    ]);
    expect(known.isAccessibleForFree).toBe(true);
    expect(known.paymentAccepted).toBe('SNAP/EBT');
    const unknown = await ld('Attrexport Unknown Market');
    for (const key of ['amenityFeature', 'isAccessibleForFree', 'paymentAccepted'])
      expect(unknown).not.toHaveProperty(key);
  });
});
