// Loads the Kansas City sample data (data/seed/, read by seed-files.ts): places, tags, coordinates,
// hours (decision 0800), provenance and benefits (0803, 0804). Seeded rows carry uniqueId
// 'seed:<hash of name and address>', so a reload updates them and never touches people's places.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { TAGS_BECOME_ATTRIBUTES } from '../../shared/place-attributes.js';
import { slugify } from '../../shared/slug.js';
import { centroidForAddress } from '../modules/geocode/zip-centroids.js';
import type { Db } from './connect.js';
import {
  publishedInstant,
  readSeedOpeningHours,
  readSeedProvenance,
  readSeedRows,
  readUsdaListings,
  usdaBenefits,
} from './seed-files.js';
import { locationSlugs, locationTags, locations, tags } from './schema.js';
import { TAG_VOCABULARY } from './seed-vocabulary.js';
import { replaceOpenIntervals, refreshTagText } from '../modules/locations/writes/index.js';
import { storedOpeningHours } from '../modules/locations/writes/place.js';
import { nameSkeleton } from '../lib/name-skeleton.js';

const orNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(locations);
  return (rows[0]?.n ?? 0) === 0;
}

/** Inserts or refreshes the seed places and tags in one transaction; returns the place count. */
export async function seedDatabase(db: Db): Promise<number> {
  const rows = readSeedRows();
  const hoursBySlug = readSeedOpeningHours();
  const provenance = readSeedProvenance();
  const usda = readUsdaListings();
  await db.transaction(async (tx) => {
    await tx
      .insert(tags)
      .values(TAG_VOCABULARY.map((t) => ({ ...t })))
      .onConflictDoNothing();
    const allTags = await tx.select().from(tags);
    const tagByName = new Map(allTags.map((t) => [t.name.toLowerCase(), t]));

    const usedSlugs = new Set((await tx.select({ slug: locations.slug }).from(locations)).map((r) => r.slug));
    for (const r of rows) {
      const listed = r.tags
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean);
      const source = provenance.get(r.name);
      if (!source) throw new Error(`data/seed/provenance.csv has no row for ${r.name}`);
      // The tags that meant a fact become the attribute (decision 0803); the row's own tags, from
      // its curated sources, win over the USDA listing's flags.
      const tagNames = listed.filter((t) => !TAGS_BECOME_ATTRIBUTES[t]);
      const attributes = Object.assign(
        usdaBenefits(source.usdaFmids, usda),
        ...listed.map((t) => TAGS_BECOME_ATTRIBUTES[t] ?? {}),
      );
      for (const name of tagNames) {
        if (!tagByName.has(name)) {
          const [created] = await tx.insert(tags).values({ name, category: 'other' }).returning();
          tagByName.set(name, created!);
        }
      }
      const lat = Number.parseFloat(r.latitude);
      const lng = Number.parseFloat(r.longitude);
      const fallback = Number.isFinite(lat) && Number.isFinite(lng) ? null : centroidForAddress(r.address);
      const base = slugify(r.name);
      const uniqueId = `seed:${crypto.createHash('sha1').update(`${r.name}|${r.address}`).digest('hex').slice(0, 16)}`;
      const values = {
        name: r.name,
        nameSkeleton: nameSkeleton(r.name),
        category: r.category,
        description: orNull(r.description),
        address: orNull(r.address),
        website: orNull(r.website),
        phone: orNull(r.phone),
        operatingHours: orNull(r.operatingHours),
        openingHours: storedOpeningHours(hoursBySlug.get(base)),
        latitude: fallback ? fallback.lat : Number.isFinite(lat) ? lat : null,
        longitude: fallback ? fallback.lng : Number.isFinite(lng) ? lng : null,
        tagText: tagNames.join(' '),
        attributes,
        sourceName: source.sourceName,
        sourceRef: source.sourceRef,
        sourceLicense: source.sourceLicense,
        sourcePublishedAt: publishedInstant(source.sourcePublished),
        pointApproximate: fallback !== null,
        uniqueId,
      };
      const existing = await tx.select({ id: locations.id }).from(locations).where(eq(locations.uniqueId, uniqueId));
      let id: number;
      if (existing[0]) {
        id = existing[0].id;
        await tx
          .update(locations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(locations.id, id));
        await tx.delete(locationTags).where(eq(locationTags.locationId, id));
      } else {
        let slug = base;
        for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
        usedSlugs.add(slug);
        const [inserted] = await tx
          .insert(locations)
          .values({ ...values, slug })
          .returning({ id: locations.id });
        id = inserted!.id;
        await tx.insert(locationSlugs).values({ slug, locationId: id }).onConflictDoNothing();
      }
      const tagIds = [...new Set(tagNames.map((n) => tagByName.get(n)!.id))];
      if (tagIds.length) {
        await tx.insert(locationTags).values(tagIds.map((tagId) => ({ locationId: id, tagId })));
      }
    }
    // Keep tag_text exact for seeded places whose tags were just relinked.
    const ids = (
      await tx.select({ id: locations.id }).from(locations).where(sql`${locations.uniqueId} like 'seed:%'`)
    ).map((r) => r.id);
    await refreshTagText(tx, ids);
    // Their open intervals (decision 0801), for the openNow and inSeason filters.
    await replaceOpenIntervals(tx, ids);
  });
  return rows.length;
}
