// Tags: the shared vocabulary places are labelled with, unique regardless of case. Every write
// records a revision in its transaction; what a rename or deletion does to places (tag_text, links
// a revert restores) is the places' write path's (locations/writes).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { pendingChanges, revisions, tags } from '../../db/schema.js';
import { afterTagDeleted, afterTagRenamed, placesOfTag } from '../locations/writes/index.js';
import { conflict, HttpError, notFound } from '../../http-error.js';
import { type RevisionAuthor, snapshotTag, writeRevision } from '../revisions/revisions.repository.js';

export interface TagRow {
  id: number;
  name: string;
  category: string | null;
  createdAt: string;
  /** Only on a tag waiting for review, in answers to its author (decision 0403). */
  pending?: true;
}

export interface TagValues {
  name: string;
  category: string | null;
}

const TAG_NOT_FOUND = 'Tag not found';

const toTag = (r: typeof tags.$inferSelect): TagRow => ({
  id: r.id,
  name: r.name,
  category: r.category,
  createdAt: r.createdAt.toISOString(),
  ...(r.status === 'pending' ? { pending: true as const } : {}),
});

const duplicateTagMessage = (name: string) => `A tag named '${name}' already exists`;

/** The public vocabulary (accepted tags), plus the tags `author` proposed that wait for review. */
export async function listTags(db: Db, author?: { sessionId: string | null; clientHash: string }): Promise<TagRow[]> {
  const own = author?.sessionId
    ? sql` or (${tags.status} = 'pending' and exists (select 1 from revisions r
              where r.entity_type = 'tag' and r.entity_id = ${tags.id} and r.action = 'create'
                and r.session_id = ${author.sessionId} and r.client_hash = ${author.clientHash}))`
    : sql``;
  const rows = await db
    .select()
    .from(tags)
    .where(sql`(${tags.status} = 'accepted'${own})`)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map(toTag);
}

async function findTagByName(db: Db, name: string, exceptId?: number) {
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

/** Creates a tag; `held` (the reasons) keeps it out of the public list until an administrator
 * accepts it. */
export async function createTag(
  db: Db,
  values: TagValues,
  author: RevisionAuthor,
  opts: { held?: string[] } = {},
): Promise<TagRow> {
  if (await findTagByName(db, values.name)) throw duplicate(values.name);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tags)
        .values({ ...values, status: opts.held?.length ? 'pending' : 'accepted' })
        .returning();
      if (opts.held?.length) {
        await tx.insert(pendingChanges).values({
          entityType: 'tag',
          entityId: row!.id,
          action: 'create',
          patch: values,
          before: null,
          after: values,
          reasons: opts.held,
          sessionId: author.sessionId,
          clientHash: author.clientHash,
          network48: author.network48 ?? null,
        });
      }
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

// ---------------------------------------------------------------- review (decision 0403)

const NOT_PENDING_TAG = 'This tag is not waiting for review';

/** A tag this session proposed from this network that still waits: its author may change it. */
export async function isOwnPendingTag(db: Db, id: number, author: RevisionAuthor): Promise<boolean> {
  if (!author.sessionId || !author.clientHash) return false;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(
      revisions,
      and(eq(revisions.entityType, 'tag'), eq(revisions.entityId, tags.id), eq(revisions.action, 'create')),
    )
    .where(
      and(
        eq(tags.id, id),
        eq(tags.status, 'pending'),
        eq(revisions.sessionId, author.sessionId),
        eq(revisions.clientHash, author.clientHash),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Keeps a rename or deletion of a tag for review; answers the held change's id. */
export async function holdTagChange(
  db: Db,
  id: number,
  action: 'update' | 'delete',
  values: TagValues | null,
  author: RevisionAuthor,
  reasons: string[],
): Promise<number> {
  const before = await snapshotTag(db, id);
  if (!before) throw notFound(TAG_NOT_FOUND);
  if (values && (await findTagByName(db, values.name, id))) throw duplicate(values.name);
  const [row] = await db
    .insert(pendingChanges)
    .values({
      entityType: 'tag',
      entityId: id,
      action,
      patch: values ?? {},
      before,
      after: values,
      reasons,
      sessionId: author.sessionId,
      clientHash: author.clientHash,
      network48: author.network48 ?? null,
    })
    .returning({ id: pendingChanges.id });
  return row!.id;
}

/** Marks the queue's entry of a proposed tag decided. */
async function decidePendingCreate(tx: Db, id: number, status: 'approved' | 'rejected', actor: string) {
  await tx
    .update(pendingChanges)
    .set({ status, reviewedAt: new Date(), reviewedBy: actor })
    .where(
      and(
        eq(pendingChanges.entityType, 'tag'),
        eq(pendingChanges.entityId, id),
        eq(pendingChanges.action, 'create'),
        eq(pendingChanges.status, 'pending'),
      ),
    );
}

/** Makes a proposed tag public (its places' search text gains it). */
export async function approveTag(db: Db, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tags)
      .set({ status: 'accepted' })
      .where(and(eq(tags.id, id), eq(tags.status, 'pending')))
      .returning({ id: tags.id });
    if (!row) throw new HttpError(409, NOT_PENDING_TAG);
    await decidePendingCreate(tx, id, 'approved', actor);
    await tx
      .update(revisions)
      .set({ approvedBy: actor })
      .where(and(eq(revisions.entityType, 'tag'), eq(revisions.entityId, id), eq(revisions.action, 'create')));
    await afterTagRenamed(tx, id);
  });
}

/** Deletes a proposed tag (its links go with it). */
export async function rejectTag(db: Db, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (row?.status !== 'pending') throw new HttpError(409, NOT_PENDING_TAG);
    await decidePendingCreate(tx, id, 'rejected', actor);
    const locationIds = await placesOfTag(tx, id);
    await tx.delete(tags).where(eq(tags.id, id));
    await afterTagDeleted(tx, locationIds);
    await writeRevision(tx, {
      entityType: 'tag',
      entityId: id,
      action: 'reject',
      before: { name: row.name, category: row.category, locationIds },
      after: null,
      sessionId: null,
      clientHash: null,
      actor,
    });
  });
}

/** Applies a held rename or deletion as its author's change, approved by `actor`. */
export async function approveTagChange(db: Db, changeId: number, actor: string): Promise<void> {
  const [change] = await db
    .update(pendingChanges)
    .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: actor })
    .where(
      and(eq(pendingChanges.id, changeId), eq(pendingChanges.status, 'pending'), eq(pendingChanges.entityType, 'tag')),
    )
    .returning();
  if (!change) throw new HttpError(409, 'This change was already reviewed');
  const author: RevisionAuthor = {
    sessionId: change.sessionId,
    clientHash: change.clientHash,
    network48: change.network48,
    approvedBy: actor,
  };
  try {
    if (change.action === 'delete') await deleteTag(db, change.entityId, author);
    else await updateTag(db, change.entityId, change.patch as TagValues, author);
  } catch (err) {
    await db
      .update(pendingChanges)
      .set({ status: 'pending', reviewedAt: null, reviewedBy: null })
      .where(eq(pendingChanges.id, changeId));
    throw err;
  }
}
