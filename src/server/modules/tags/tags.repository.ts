// Tags: the shared vocabulary places are labelled with. Names are unique regardless of case
// (index tags_name_lower_idx). Every write records a revision in the same transaction; what a
// rename or a deletion does to places (their tag_text, the links a revert restores) is the
// places' write path's (locations/writes).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { tags } from '../../db/schema.js';
import { afterTagDeleted, afterTagRenamed, placesOfTag } from '../locations/writes/index.js';
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
        await afterTagRenamed(tx, id);
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
    // The places it labelled go into the revision, so a revert brings the links back.
    const locationIds = await placesOfTag(tx, id);
    await tx.delete(tags).where(eq(tags.id, id));
    await afterTagDeleted(tx, locationIds);
    await writeRevision(tx, {
      ...author,
      entityType: 'tag',
      entityId: id,
      action: 'delete',
      before: { ...before, locationIds },
      after: null,
    });
  });
}
