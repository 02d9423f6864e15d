// A place's tags: the links and `tag_text`, the tag part of the search vector (tag names joined by
// spaces in name order; a tag waiting for review is not searchable yet). Every change of links, and every rename or deletion of a tag, goes through
// here, so the search text always equals the names shown.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { locationTags, tags } from '../../../db/schema.js';
import { badRequest } from '../../../http-error.js';

/** Sets tag_text of the given places (ids, or a subquery selecting them) from their links. */
export async function refreshTagText(tx: Db, ids: number[] | SQL): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  const which = Array.isArray(ids)
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : ids;
  await tx.execute(sql`
    update locations l set tag_text = coalesce(
      (select string_agg(t.name, ' ' order by lower(t.name), t.id)
         from location_tags lt join tags t on t.id = lt.tag_id
        where lt.location_id = l.id and t.status = 'accepted'), '')
    where l.id in (${which})`);
}

/** Replaces a place's links with `tagIds` (unknown ids are skipped) and refreshes its tag_text. */
export async function linkTags(tx: Db, locationId: number, tagIds: number[]): Promise<void> {
  await tx.delete(locationTags).where(eq(locationTags.locationId, locationId));
  const unique = [...new Set(tagIds)];
  if (unique.length) {
    const known = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, unique));
    if (known.length) await tx.insert(locationTags).values(known.map((t) => ({ locationId, tagId: t.id })));
  }
  await refreshTagText(tx, [locationId]);
}

/** 400 naming the unknown ids, before any work is done. */
export async function assertTagsExist(db: Db, tagIds: number[] | undefined): Promise<void> {
  if (!tagIds || tagIds.length === 0) return;
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
  const known = new Set(found.map((t) => t.id));
  const missing = tagIds.filter((id) => !known.has(id));
  if (missing.length) {
    const message = `Unknown tag id(s): ${missing.join(', ')}`;
    throw badRequest(message, { tagIds: message });
  }
}

/** After a tag is renamed: the places carrying it get their search text again. */
export async function afterTagRenamed(tx: Db, tagId: number): Promise<void> {
  await refreshTagText(tx, sql`select location_id from location_tags where tag_id = ${tagId}`);
}

/** Before a tag is deleted: the places it labels (kept in the tag's revision, so a revert can
 * link them again). Call afterTagDeleted with them once the tag is gone. */
export async function placesOfTag(tx: Db, tagId: number): Promise<number[]> {
  const rows = await tx
    .select({ locationId: locationTags.locationId })
    .from(locationTags)
    .where(eq(locationTags.tagId, tagId));
  return rows.map((r) => r.locationId).sort((a, b) => a - b);
}

export async function afterTagDeleted(tx: Db, locationIds: number[]): Promise<void> {
  await refreshTagText(tx, locationIds);
}

/** A deleted tag restored: link it again to those of its places that still exist. */
export async function relinkRestoredTag(tx: Db, tagId: number, locationIds: number[]): Promise<void> {
  if (locationIds.length === 0) return;
  await tx.execute(sql`
    insert into location_tags (location_id, tag_id)
    select l.id, ${tagId}::int from locations l where l.id in (${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict do nothing`);
  await refreshTagText(tx, locationIds);
}
