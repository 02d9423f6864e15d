// An administrator's bulk import in ONE transaction (decision 0402): tags reused (any case) or
// made, places in batches with slugs from the one allocator, their tag links and search text, and
// one 'create' revision each with the full snapshot. Any failure leaves nothing.
import { inArray, sql } from 'drizzle-orm';
import type { PlaceAttributes } from '../../../../shared/place-attributes.js';
import type { Db } from '../../../db/connect.js';
import { locations, locationSlugs, locationTags, revisions, tags } from '../../../db/schema.js';
import { sanitizeDescription } from '../../../lib/sanitize-description.js';
import type { GeoPoint } from '../../geocode/geocoder.js';
import { nameSkeleton } from '../../../lib/name-skeleton.js';
import { replaceOpenIntervals } from './open-intervals.js';
import { storedOpeningHours } from './place.js';
import { allocateSlugs } from './slugs.js';
import { toSnapshot } from './snapshot.js';
import { refreshTagText } from './tag-links.js';

const BATCH = 500;

/** One place of an import, as the CSV reader checked it. */
export interface ImportPlace {
  name: string;
  category: string;
  description: string | null;
  address: string;
  website: string;
  tags: string[];
  /** Already checked and tidied by the CSV reader (decision 0800); '' or absent for none. */
  openingHours?: string;
  /** Already checked by the CSV reader: only known answers (decision 0803). */
  attributes?: PlaceAttributes;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Finds or creates every tag named in the rows; answers lower-case name -> tag. */
async function tagsByName(tx: Db, rows: ImportPlace[]) {
  const wanted = new Map<string, string>();
  for (const r of rows) for (const t of r.tags) if (!wanted.has(t.toLowerCase())) wanted.set(t.toLowerCase(), t);
  const byKey = new Map<string, { id: number; name: string }>();
  const lowerNames = [...wanted.keys()];
  for (const part of chunks(lowerNames, BATCH)) {
    const found = await tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(sql`lower(${tags.name})`, part));
    for (const t of found) byKey.set(t.name.toLowerCase(), t);
  }
  const toCreate = lowerNames.filter((k) => !byKey.has(k));
  for (const part of chunks(toCreate, BATCH)) {
    const created = await tx
      .insert(tags)
      .values(part.map((k) => ({ name: wanted.get(k) as string, category: null })))
      .returning({ id: tags.id, name: tags.name });
    for (const t of created) byKey.set(t.name.toLowerCase(), t);
  }
  return byKey;
}

export async function importLocations(
  db: Db,
  rows: ImportPlace[],
  points: Map<string, GeoPoint | null>,
  actor: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const tagByKey = await tagsByName(tx, rows);
    const slugs = await allocateSlugs(
      tx,
      rows.map((r) => ({ name: r.name })),
    );
    let inserted = 0;
    for (const [n, part] of chunks(rows, BATCH).entries()) {
      const partSlugs = slugs.slice(n * BATCH, n * BATCH + part.length);
      const rowTags = part.map((r) =>
        [...new Set(r.tags.map((t) => tagByKey.get(t.toLowerCase())).filter((t) => t !== undefined))].map((t) => t.id),
      );
      const created = await tx
        .insert(locations)
        .values(
          part.map((r, i) => {
            const p = points.get(r.address) ?? null;
            return {
              name: r.name,
              nameSkeleton: nameSkeleton(r.name),
              category: r.category,
              description: r.description ? sanitizeDescription(r.description) || null : null,
              address: r.address || null,
              website: r.website || null,
              openingHours: storedOpeningHours(r.openingHours),
              attributes: r.attributes ?? {},
              latitude: p?.lat ?? null,
              longitude: p?.lng ?? null,
              // An address the import's geocoding budget did not reach is geocoded later.
              geocodePending: Boolean(r.address) && !points.has(r.address),
              slug: partSlugs[i]!,
            };
          }),
        )
        .returning();
      await tx.insert(locationSlugs).values(created.map((c) => ({ slug: c.slug, locationId: c.id })));
      const links = created.flatMap((c, i) => (rowTags[i] ?? []).map((tagId) => ({ locationId: c.id, tagId })));
      for (const l of chunks(links, BATCH * 4)) await tx.insert(locationTags).values(l).onConflictDoNothing();
      await refreshTagText(
        tx,
        created.filter((_, i) => rowTags[i]?.length).map((c) => c.id),
      );
      await replaceOpenIntervals(
        tx,
        created.filter((c) => c.openingHours).map((c) => c.id),
      );
      await tx.insert(revisions).values(
        created.map((c, i) => ({
          entityType: 'location',
          entityId: c.id,
          action: 'create',
          before: null,
          after: toSnapshot(c, rowTags[i] ?? []),
          actor,
        })),
      );
      inserted += created.length;
    }
    return inserted;
  });
}
