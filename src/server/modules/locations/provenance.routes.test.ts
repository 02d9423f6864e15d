// Provenance and approximate points in every answer (decision 0804): the place's API answer, the
// map's points, the CSV and GeoJSON exports and the page's JSON-LD say where the facts came from
// (or nothing, for a place a visitor added) and which points stand for an area.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../../shared/schemas/location.js';
import type { LocationPoint } from '../../../shared/schemas/location-query.js';
import { locations } from '../../db/schema.js';
import { injectJson, useTestApp } from '../../test/test-app.js';

const unique = `prov${Date.now().toString(36)}`;
const USDA = {
  sourceName: 'USDA Farmers Market Directory',
  sourceRef: 'github:akschenker/Project1-farmersMarkets@4570b37:farmers_markets.csv#row418 (FMID 1008466)',
  sourceLicense: 'Public domain (U.S. Government work, 17 U.S.C. 105)',
  sourcePublishedAt: new Date('2013-06-25T00:00:00Z'),
};
const PAGE = {
  sourceName: 'KC Parks',
  sourceRef: 'https://kcparks.org/places/loose-park/',
  sourceLicense: 'Facts only from the cited page; no text reused.',
  sourcePublishedAt: null,
};

/** A strict reader for the export's CSV: every cell quoted, CRLF rows. */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

describe('provenance and approximate points in the answers', () => {
  // The page's shell, for its server-rendered <head>.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-prov-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const t = useTestApp(() => ({ env: { PUBLIC_URL: 'https://green.example.org' }, deps: { clientDir } }));
  const ids: Record<'market' | 'park' | 'visitor', number> = { market: 0, park: 0, visitor: 0 };
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    const add = async (key: keyof typeof ids, category: string) => {
      const res = await injectJson(t.app, 'POST', '/api/locations', {
        name: `${key} ${unique}`,
        category,
        address: '1 Main St, Kansas City, MO 64105',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().id;
      slugs[key] = res.json().slug;
    };
    await add('market', 'farmers-market');
    await add('park', 'park');
    await add('visitor', 'community-garden');
    // What the seed writes for its places (src/server/db/seed.ts): a source, and for the market a
    // ZIP centroid standing in for its point.
    const db = t.database.db;
    await db
      .update(locations)
      .set({ ...USDA, latitude: 39.1, longitude: -94.58, pointApproximate: true })
      .where(eq(locations.id, ids.market));
    await db
      .update(locations)
      .set({ ...PAGE, latitude: 39.03, longitude: -94.6 })
      .where(eq(locations.id, ids.park));
    await db.update(locations).set({ latitude: 39.05, longitude: -94.55 }).where(eq(locations.id, ids.visitor));
  });

  it('answers the source of a place, null for a visitor, and whether its point is approximate', async () => {
    const market = (await t.app.inject({ url: `/api/locations/${ids.market}` })).json() as Location;
    expect(market.source).toEqual({
      name: USDA.sourceName,
      ref: USDA.sourceRef,
      license: USDA.sourceLicense,
      publishedAt: '2013-06-25T00:00:00.000Z',
    });
    expect(market.pointApproximate).toBe(true);
    const park = (await t.app.inject({ url: `/api/locations/slug/${slugs.park}` })).json() as Location;
    expect(park.source).toMatchObject({ name: 'KC Parks', ref: PAGE.sourceRef, publishedAt: null });
    expect(park.pointApproximate).toBe(false);
    const list = (await t.app.inject({ url: `/api/locations?search=${unique}` })).json() as Location[];
    const visitor = list.find((l) => l.id === ids.visitor)!;
    expect(visitor.source).toBeNull();
    expect(list.find((l) => l.id === ids.market)!.source?.name).toBe(USDA.sourceName);
  });

  it("says 'approximate' on the map's points only where it holds", async () => {
    const points = (await t.app.inject({ url: `/api/locations/points?search=${unique}` })).json() as LocationPoint[];
    expect(points.find((p) => p.id === ids.market)).toMatchObject({ approximate: true });
    expect(points.find((p) => p.id === ids.park)).not.toHaveProperty('approximate');
    const map = (await t.app.inject({ url: `/api/locations/map?search=${unique}` })).json() as {
      points: LocationPoint[];
    };
    expect(map.points.filter((p) => p.approximate).map((p) => p.id)).toEqual([ids.market]);
  });

  it('exports the provenance columns in the CSV and the GeoJSON', async () => {
    const csv = parseCsv((await t.app.inject({ url: `/api/export/locations.csv?search=${unique}` })).body);
    const header = csv[0]!;
    expect(header.slice(-5)).toEqual([
      'source_name',
      'source_ref',
      'source_license',
      'source_published_at',
      'point_approximate',
    ]);
    const row = (id: number) => csv.find((r) => r[0] === String(id))!;
    const col = (r: string[], name: string) => r[header.indexOf(name)];
    expect(col(row(ids.market), 'source_name')).toBe(USDA.sourceName);
    expect(col(row(ids.market), 'source_ref')).toBe(USDA.sourceRef);
    expect(col(row(ids.market), 'source_published_at')).toBe('2013-06-25T00:00:00Z');
    expect(col(row(ids.market), 'point_approximate')).toBe('true');
    expect(col(row(ids.visitor), 'source_name')).toBe('');
    expect(col(row(ids.visitor), 'point_approximate')).toBe('false');

    const geo = (await t.app.inject({ url: `/api/export/locations.geojson?search=${unique}` })).json();
    const props = (id: number) => geo.features.find((f: { id: number }) => f.id === id).properties;
    expect(props(ids.park)).toMatchObject({
      source_name: 'KC Parks',
      source_ref: PAGE.sourceRef,
      source_license: PAGE.sourceLicense,
      source_published_at: null,
      point_approximate: false,
    });
    expect(props(ids.visitor)).toMatchObject({ source_name: null, source_ref: null });
  });

  it('gives the page JSON-LD a subjectOf CreativeWork for the source, and no coordinates for an approximate point', async () => {
    const jsonLd = async (slug: string) => {
      const html = (await t.app.inject({ url: `/discover/${slug}` })).body;
      return JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    };
    const market = await jsonLd(slugs.market!);
    expect(market.subjectOf).toEqual({
      '@type': 'CreativeWork',
      name: USDA.sourceName,
      identifier: USDA.sourceRef,
      license: USDA.sourceLicense,
      datePublished: '2013-06-25',
    });
    expect(market.geo).toBeUndefined();
    const park = await jsonLd(slugs.park!);
    expect(park.subjectOf).toEqual({
      '@type': 'CreativeWork',
      name: 'KC Parks',
      url: PAGE.sourceRef,
      license: PAGE.sourceLicense,
    });
    expect(park.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 39.03, longitude: -94.6 });
    const visitor = await jsonLd(slugs.visitor!);
    expect(visitor.subjectOf).toBeUndefined();
    expect(visitor.geo).toBeDefined();
  });
});
