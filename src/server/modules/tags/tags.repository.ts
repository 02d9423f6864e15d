// Tags: the shared vocabulary places are labelled with. Names are unique regardless of case
// (index tags_name_lower_idx). Every write records a revision in the same transaction, and keeps
// locations.tag_text (the tag part of the search vector) equal to the places' tag names.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { locationTags, tags } from '../../db/schema.js';
import { conflict, notFound } from '../../http-error.js';
import { type RevisionAuthor, snapshotTag, writeRevision } from '../revisions/revisions.repository.js';

export interface TagRow {
  id: number;
  name: string;
  category: string | null;
  createdAt: string;
}

export interface TagValues {
  name: string;
  category: string | null;
}

export const TAG_NOT_FOUND = 'Tag not found';

const toTag = (r: typeof tags.$inferSelect): TagRow => ({
  id: r.id,
  name: r.name,
  category: r.category,
  createdAt: r.createdAt.toISOString(),
});

export const duplicateTagMessage = (name: string) => `A tag named '${name}' already exists`;

/** Sets tag_text of the given places to their tag names joined by spaces (ordered by name).
 * `ids` is a list of ids or a SQL subquery selecting them. */
export async function refreshTagText(tx: Db, ids: number[] | ReturnType<typeof sql>): Promise<void> {
  let where: ReturnType<typeof sql>;
  if (Array.isArray(ids)) {
    if (ids.length === 0) return;
    where = sql`l.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  } else {
    where = sql`l.id in (${ids})`;
  }
  await tx.execute(sql`
    update locations l set tag_text = coalesce(
      (select string_agg(t.name, ' ' order by lower(t.name), t.id)
         from location_tags lt join tags t on t.id = lt.tag_id
        where lt.location_id = l.id), '')
    where ${where}`);
}

export async function listTags(db: Db): Promise<TagRow[]> {
  const rows = await db
    .select()
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map(toTag);
}

export async function findTagByName(db: Db, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})${exceptId ? sql` and ${tags.id} <> ${exceptId}` : sql``}`)
    .limit(1);
  return rows[0] ?? null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function duplicate(name: string) {
  const message = duplicateTagMessage(name);
  return conflict(message, { name: message });
}

export async function createTag(db: Db, values: TagValues, author: RevisionAuthor): Promise<TagRow> {
  if (await findTagByName(db, values.name)) throw duplicate(values.name);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(tags).values(values).returning();
      await writeRevision(tx, {
        ...author,
        entityType: 'tag',
        entityId: row!.id,
        action: 'create',
        before: null,
        after: { name: row!.name, category: row!.category },
      });
      return toTag(row!);
    });
  } catch (err) {
    // Two people creating the same name at once: the unique index decides.
    if (isUniqueViolation(err)) throw duplicate(values.name);
    throw err;
  }
}

export async function updateTag(db: Db, id: number, values: TagValues, author: RevisionAuthor): Promise<TagRow> {
  if (await findTagByName(db, values.name, id)) throw duplicate(values.name);
  try {
    return await db.transaction(async (tx) => {
      const before = await snapshotTag(tx, id);
      if (!before) throw notFound(TAG_NOT_FOUND);
      const [row] = await tx.update(tags).set(values).where(eq(tags.id, id)).returning();
      if (before.name !== row!.name) {
        await refreshTagText(tx, sql`select location_id from location_tags where tag_id = ${id}`);
      }
      await writeRevision(tx, {
        ...author,
        entityType: 'tag',
        entityId: id,
        action: 'update',
        before,
        after: { name: row!.name, category: row!.category },
      });
      return toTag(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(values.name);
    throw err;
  }
}

/** Deletes a tag; its links go with it (cascade) and the places' tag_text is refreshed. */
export async function deleteTag(db: Db, id: number, author: RevisionAuthor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await snapshotTag(tx, id);
    if (!before) throw notFound(TAG_NOT_FOUND);
    const linked = await tx
      .select({ locationId: locationTags.locationId })
      .from(locationTags)
      .where(eq(locationTags.tagId, id));
    await tx.delete(tags).where(eq(tags.id, id));
    await refreshTagText(
      tx,
      linked.map((l) => l.locationId),
    );
    await writeRevision(tx, {
      ...author,
      entityType: 'tag',
      entityId: id,
      action: 'delete',
      before: { ...before, locationIds: linked.map((l) => l.locationId) },
      after: null,
    });
  });
}
