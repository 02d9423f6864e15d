import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centroidForAddress } from '../modules/geocode/zip-centroids.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './connect.js';
import { slugify } from '../../shared/slug.js';
import { locationOpenIntervals, locationTags, locations, tags } from './schema.js';
import { seedDatabase } from './seed.js';
import { readSeedOpeningHours, readSeedRows } from './seed-files.js';

describe('seed data', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('loads every Kansas City place of both lists with unique slugs, tags and coordinates', async () => {
    const rows = readSeedRows();
    expect(rows.length).toBe(156);
    expect(await seedDatabase(database.db)).toBe(156);
    const all = await database.db.select().from(locations);
    expect(all).toHaveLength(156);
    expect(new Set(all.map((l) => l.slug)).size).toBe(156);
    // The row's own coordinates win, and are exact.
    const cityMarket = all.find((l) => l.name.startsWith('City Market'))!;
    expect(cityMarket.latitude).toBeCloseTo(39.1086815, 5);
    expect(cityMarket.pointApproximate).toBe(false);
    // Without coordinates: the ZIP centroid of the address, said to be approximate.
    const zipRow = rows.find((r) => !r.latitude && /\b64132\b/.test(r.address))!;
    const zipPlace = all.find((l) => l.name === zipRow.name)!;
    expect(zipPlace.latitude).toBeCloseTo(centroidForAddress('x 64132')!.lat, 5);
    expect(zipPlace.pointApproximate).toBe(true);
    // Every place on the map without its own coordinates is approximate, and only those.
    const own = new Set(rows.filter((r) => r.latitude).map((r) => r.name));
    for (const l of all.filter((p) => p.latitude !== null)) expect(l.pointApproximate, l.name).toBe(!own.has(l.name));
    // Most places end up on the map.
    expect(all.filter((l) => l.latitude !== null).length).toBeGreaterThan(130);
  });

  it('gives every place its provenance: the USDA listing and its update date, a page and its year, or no date', async () => {
    const all = await database.db.select().from(locations);
    expect(all.filter((l) => !l.sourceName)).toEqual([]);
    const byName = (name: string) => all.find((l) => l.name === name)!;
    // A market of the first list, dated by its USDA listing.
    expect(byName("Brookside Farmers' Market")).toMatchObject({
      sourceName: 'USDA Farmers Market Directory',
      sourceLicense: 'Public domain (U.S. Government work, 17 U.S.C. 105)',
      sourcePublishedAt: new Date('2016-05-12T00:00:00Z'),
    });
    // A later market, and an on-farm listing.
    expect(byName("Baldwin City Farmers' Market").sourcePublishedAt).toEqual(new Date('2012-05-17T00:00:00Z'));
    expect(byName('Haines Farms')).toMatchObject({
      sourceName: 'USDA On-Farm Market Directory',
      sourcePublishedAt: new Date('2014-08-27T00:00:00Z'),
    });
    // A page that gives a year only counts from its first day.
    expect(byName('Green Dirt Farm')).toMatchObject({
      sourceName: 'The Kansas City Star',
      sourcePublishedAt: new Date('2016-01-01T00:00:00Z'),
    });
    // A page without a date.
    expect(byName('Loose Park')).toMatchObject({
      sourceRef: 'https://kcparks.org/places/loose-park/',
      sourcePublishedAt: null,
    });
  });

  it("fills a USDA market's benefits from its listing: Y is yes, N is no, WIC cash counts as WIC", async () => {
    const all = await database.db.select().from(locations);
    const byName = (name: string) => all.find((l) => l.name === name)!;
    expect(byName("Cottin's Hardware Farmers Market").attributes).toEqual({
      snap: true,
      wic: true,
      sfmnp: true,
      credit: true,
    });
    expect(byName("Baldwin City Farmers' Market").attributes).toEqual({
      snap: false,
      wic: false,
      sfmnp: false,
      credit: false,
    });
    // A first-list market by its FMID; one market of three listings.
    expect(byName('Lenexa Farmers Market').attributes).toEqual({ snap: true, wic: false, sfmnp: true, credit: true });
    expect(byName('KCK Farmers Market').attributes).toEqual({ snap: true, wic: false, sfmnp: true, credit: true });
    // Not a USDA market: its benefits stay unknown.
    expect(byName('Loose Park').attributes).not.toHaveProperty('snap');
  });

  it('has the tag vocabulary with categories; the tags that meant a fact are attributes instead', async () => {
    const vocab = await database.db.select().from(tags);
    const byName = new Map(vocab.map((t) => [t.name, t.category]));
    expect(byName.get('produce')).toBe('product');
    for (const gone of ['snap-ebt', 'wic', 'double-up-food-bucks', 'free', 'wheelchair-accessible']) {
      expect(byName.has(gone)).toBe(false);
    }
    for (const c of byName.values()) {
      expect(['product', 'amenity', 'accessibility', 'community', 'sustainability', 'other']).toContain(c);
    }
    const brookside = (
      await database.db.select().from(locations).where(eq(locations.slug, 'brookside-farmers-market'))
    )[0]!;
    const links = await database.db.select().from(locationTags).where(eq(locationTags.locationId, brookside.id));
    expect(links.length).toBe(5);
    expect(brookside.tagText.split(' ')).not.toContain('snap-ebt');
    expect(brookside.attributes).toEqual({ snap: true, wic: false, sfmnp: false, credit: true });
  });

  it('gives the converted places their structured hours and open intervals, keeping the text as the note', async () => {
    const hours = readSeedOpeningHours();
    expect(hours.size).toBe(26);
    // Every key names a seed place.
    const slugs = new Set(readSeedRows().map((r) => slugify(r.name)));
    expect([...hours.keys()].filter((k) => !slugs.has(k))).toEqual([]);
    const all = await database.db.select().from(locations);
    const withHours = all.filter((l) => l.openingHours !== null);
    expect(withHours).toHaveLength(26);
    const brookside = all.find((l) => l.slug === 'brookside-farmers-market')!;
    expect(brookside.openingHours).toBe('Apr-Oct Sa 08:00-13:00; Nov Sa 09:00-12:00');
    expect(brookside.operatingHours).toBeTruthy();
    // Open every day of the year: it has intervals in the coming days.
    const loose = all.find((l) => l.slug === 'loose-park')!;
    const intervals = await database.db
      .select()
      .from(locationOpenIntervals)
      .where(eq(locationOpenIntervals.locationId, loose.id));
    expect(intervals.length).toBeGreaterThanOrEqual(8);
  });

  it('reloads in place without duplicating places', async () => {
    await seedDatabase(database.db);
    const n = await database.db.select({ n: sql<number>`count(*)::int` }).from(locations);
    expect(n[0]!.n).toBe(156);
  });
});
