// Writes an import in ONE transaction (docs/architecture.md, Conventions): tags created as needed (reusing any
// existing tag whatever its case), places inserted in batches with unique slugs, their tag links
// and one 'create' revision each with the administrator as actor. Any failure leaves nothing.
import { inArray, sql } from 'drizzle-orm';
import { slugify } from '../../../shared/slug.js';
import type { Db } from '../../db/connect.js';
import { locations, locationSlugs, locationTags, revisions, tags } from '../../db/schema.js';
import type { GeoPoint } from '../geocode/geocoder.js';
import type { ImportRow } from './bulk-import.csv.js';

const BATCH = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function writeImport(
  db: Db,
  rows: ImportRow[],
  points: Map<string, GeoPoint | null>,
  actor: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Tags: reuse case-insensitively, create the rest.
    const wanted = new Map<string, string>();
    for (const r of rows) for (const t of r.tags) if (!wanted.has(t.toLowerCase())) wanted.set(t.toLowerCase(), t);
    const tagIdByKey = new Map<string, { id: number; name: string }>();
    const lowerNames = [...wanted.keys()];
    for (const part of chunks(lowerNames, BATCH)) {
      const found = await tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(sql`lower(${tags.name})`, part));
      for (const t of found) tagIdByKey.set(t.name.toLowerCase(), t);
    }
    const toCreate = lowerNames.filter((k) => !tagIdByKey.has(k));
    for (const part of chunks(toCreate, BATCH)) {
      const created = await tx
        .insert(tags)
        .values(part.map((k) => ({ name: wanted.get(k) as string, category: null })))
        .returning({ id: tags.id, name: tags.name });
      for (const t of created) tagIdByKey.set(t.name.toLowerCase(), t);
    }

    // Slugs: every slug in use (current or former) is taken; add -2, -3 … as needed.
    const taken = new Set<string>();
    const existing = await tx.execute<{ slug: string }>(
      sql`select slug from ${locations} union select slug from ${locationSlugs}`,
    );
    for (const r of (existing as unknown as { rows: { slug: string }[] }).rows) taken.add(r.slug);
    const slugFor = (name: string) => {
      const base = slugify(name);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      return slug;
    };

    let inserted = 0;
    for (const part of chunks(rows, BATCH)) {
      const values = part.map((r) => {
        const p = points.get(r.address) ?? null;
        const rowTags = r.tags.map((t) => tagIdByKey.get(t.toLowerCase())).filter((t) => t !== undefined);
        return {
          row: r,
          rowTags,
          value: {
            name: r.name,
            category: r.category,
            description: r.description,
            address: r.address,
            website: r.website || null,
            latitude: p?.lat ?? null,
            longitude: p?.lng ?? null,
            slug: slugFor(r.name),
            tagText: rowTags.map((t) => t.name).join(' '),
          },
        };
      });
      const created = await tx
        .insert(locations)
        .values(values.map((v) => v.value))
        .returning({ id: locations.id, slug: locations.slug });
      await tx.insert(locationSlugs).values(created.map((c) => ({ slug: c.slug, locationId: c.id })));
      const links = created.flatMap((c, i) =>
        (values[i]?.rowTags ?? []).map((t) => ({ locationId: c.id, tagId: t.id })),
      );
      for (const l of chunks(links, BATCH * 4)) await tx.insert(locationTags).values(l).onConflictDoNothing();
      await tx.insert(revisions).values(
        created.map((c, i) => {
          const v = values[i] as (typeof values)[number];
          return {
            entityType: 'location',
            entityId: c.id,
            action: 'create',
            before: null,
            after: {
              name: v.value.name,
              category: v.value.category,
              description: v.value.description,
              address: v.value.address,
              website: v.value.website,
              latitude: v.value.latitude,
              longitude: v.value.longitude,
              tagIds: v.rowTags.map((t) => t.id).sort((a, b) => a - b),
            },
            actor,
          };
        }),
      );
      inserted += created.length;
    }
    return inserted;
  });
}
