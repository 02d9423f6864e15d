import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centroidForAddress } from '../modules/geocode/zip-centroids.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './connect.js';
import { slugify } from '../../shared/slug.js';
import { locationOpenIntervals, locationTags, locations, tags } from './schema.js';
import { readSeedOpeningHours, readSeedRows, seedDatabase } from './seed.js';

describe('seed data', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('loads every Kansas City place with unique slugs, tags and coordinates', async () => {
    const rows = readSeedRows();
    expect(rows.length).toBe(58);
    expect(await seedDatabase(database.db)).toBe(58);
    const all = await database.db.select().from(locations);
    expect(all).toHaveLength(58);
    expect(new Set(all.map((l) => l.slug)).size).toBe(58);
    // The row's own coordinates win.
    const cityMarket = all.find((l) => l.name.startsWith('City Market'))!;
    expect(cityMarket.latitude).toBeCloseTo(39.1086815, 5);
    // Without coordinates: the ZIP centroid of the address.
    const zipRow = rows.find((r) => !r.latitude && /\b64132\b/.test(r.address))!;
    const zipPlace = all.find((l) => l.name === zipRow.name)!;
    expect(zipPlace.latitude).toBeCloseTo(centroidForAddress('x 64132')!.lat, 5);
    // Most places end up on the map.
    expect(all.filter((l) => l.latitude !== null).length).toBeGreaterThan(45);
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
    expect(brookside.attributes).toEqual({ snap: true });
  });

  it('gives the converted places their structured hours and open intervals, keeping the text as the note', async () => {
    const hours = readSeedOpeningHours();
    expect(hours.size).toBe(20);
    // Every key names a seed place.
    const slugs = new Set(readSeedRows().map((r) => slugify(r.name)));
    expect([...hours.keys()].filter((k) => !slugs.has(k))).toEqual([]);
    const all = await database.db.select().from(locations);
    const withHours = all.filter((l) => l.openingHours !== null);
    expect(withHours).toHaveLength(20);
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
    expect(n[0]!.n).toBe(58);
  });
});
