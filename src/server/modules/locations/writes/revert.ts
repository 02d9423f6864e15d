// The review desk's writes: reverts, hiding and deleting. A revert puts back only the fields the
// change changed, and refuses (409) when a later change edited one, so no good edit is overwritten;
// a renamed place gets a slug for its restored name. A deleted tag comes back with its links.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { locations, revisions, tags } from '../../../db/schema.js';
import { HttpError } from '../../../http-error.js';
import { type RevisionAction, writeRevision } from '../../revisions/revisions.repository.js';
import { LOCATION_NOT_FOUND } from '../locations.reads.js';
import { replaceOpenIntervals } from './open-intervals.js';
import { renameSlug } from './place.js';
import { changedFields, columnsFromSnapshot, type SnapshotField, snapshotLocation } from './snapshot.js';
import { afterTagDeleted, afterTagRenamed, linkTags, placesOfTag, relinkRestoredTag } from './tag-links.js';

export type RevisionRow = typeof revisions.$inferSelect;

const CANNOT = 'This change cannot be reverted';

function adminRevision(
  tx: Db,
  r: {
    entityType: 'location' | 'tag';
    entityId: number;
    action: RevisionAction;
    before: unknown;
    after: unknown;
    actor: string;
    revertOf?: number | null;
  },
) {
  return writeRevision(tx, { ...r, sessionId: null, clientHash: null });
}

/** A place's snapshot plus `hidden` (the review desk's own field). */
async function snapshotWithHidden(tx: Db, id: number) {
  const snap = await snapshotLocation(tx, id);
  if (!snap) return null;
  const [row] = await tx.select({ hidden: locations.hidden }).from(locations).where(eq(locations.id, id));
  return { ...snap, hidden: row?.hidden ?? false };
}

/** 409 when a revision after `afterId` (other than `ignore`) changed one of `fields`. */
async function refuseOverlaps(
  tx: Db,
  entityType: 'location' | 'tag',
  entityId: number,
  afterId: number,
  fields: string[],
  ignore: Set<number>,
) {
  const later = await tx
    .select()
    .from(revisions)
    .where(and(eq(revisions.entityType, entityType), eq(revisions.entityId, entityId), gt(revisions.id, afterId)))
    .orderBy(asc(revisions.id));
  const touched = new Set<string>();
  for (const r of later) {
    if (ignore.has(r.id)) continue;
    for (const f of changedFields(r.before, r.after)) if (fields.includes(f)) touched.add(f);
  }
  if (touched.size) {
    throw new HttpError(409, `A later change also edited ${[...touched].join(', ')}: revert that one first`);
  }
}

/** Puts `fields` of a place back to their values in `baseline` and writes the revert revision. */
async function restoreFields(
  tx: Db,
  id: number,
  baseline: Record<string, unknown>,
  fields: Array<SnapshotField | 'tagIds'>,
  actor: string,
  revertOf: number,
) {
  const current = await snapshotWithHidden(tx, id);
  if (!current) throw new HttpError(409, 'This place no longer exists');
  const set = { ...columnsFromSnapshot(baseline, fields.filter((f) => f !== 'tagIds') as SnapshotField[]) };
  if (typeof set.name === 'string' && set.name !== current.name) await renameSlug(tx, id, set.name, set);
  await tx
    .update(locations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(locations.id, id));
  if (fields.includes('tagIds') && Array.isArray(baseline.tagIds)) await linkTags(tx, id, baseline.tagIds.map(Number));
  if (fields.includes('openingHours')) await replaceOpenIntervals(tx, [id]);
  return adminRevision(tx, {
    entityType: 'location',
    entityId: id,
    action: 'revert',
    before: current,
    after: await snapshotWithHidden(tx, id),
    actor,
    revertOf,
  });
}

/** Hides a place created by the reverted change (it can be shown again from the desk). */
async function hideCreated(tx: Db, rev: RevisionRow, actor: string) {
  const current = await snapshotWithHidden(tx, rev.entityId);
  if (!current) throw new HttpError(409, 'This place no longer exists');
  await tx.update(locations).set({ hidden: true, updatedAt: new Date() }).where(eq(locations.id, rev.entityId));
  return adminRevision(tx, {
    entityType: 'location',
    entityId: rev.entityId,
    action: 'revert',
    before: current,
    after: { ...current, hidden: true },
    actor,
    revertOf: rev.id,
  });
}

/** Undoes one place's changes: `first` is the earliest of them, `all` every one being undone
 * (one revision, or one session's). */
export async function revertLocationChanges(tx: Db, first: RevisionRow, all: RevisionRow[], actor: string) {
  if (first.action === 'create') return hideCreated(tx, first, actor);
  if (!first.before || typeof first.before !== 'object') throw new HttpError(400, CANNOT);
  const fields = [...new Set(all.flatMap((r) => changedFields(r.before, r.after)))];
  if (fields.length === 0) throw new HttpError(400, 'This change changed nothing that can be put back');
  await refuseOverlaps(tx, 'location', first.entityId, first.id, fields, new Set(all.map((r) => r.id)));
  return restoreFields(tx, first.entityId, first.before as Record<string, unknown>, fields, actor, first.id);
}

type TagState = { name: string; category: string | null };

/** Undoes a change to a tag: a created tag is deleted (its links kept in the revision), a rename
 * is put back, a deleted tag comes back with its links to the places that still exist. */
export async function revertTagChange(tx: Db, rev: RevisionRow, actor: string, ignore = new Set<number>()) {
  const id = rev.entityId;
  const [row] = await tx.select({ name: tags.name, category: tags.category }).from(tags).where(eq(tags.id, id));
  const b = rev.before as (TagState & { locationIds?: number[] }) | null;
  const record = (before: unknown, after: unknown) =>
    adminRevision(tx, { entityType: 'tag', entityId: id, action: 'revert', before, after, actor, revertOf: rev.id });
  const nameTaken = async (name: string) =>
    (
      await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(sql`lower(${tags.name})`, name.toLowerCase()), ne(tags.id, id)))
        .limit(1)
    ).length > 0;

  if (rev.action === 'delete') {
    if (row) throw new HttpError(409, 'This tag exists again');
    if (!b?.name) throw new HttpError(400, CANNOT);
    if (await nameTaken(b.name)) throw new HttpError(409, `Another tag is already named '${b.name}'`);
    await tx.insert(tags).values({ id, name: b.name, category: b.category ?? null });
    await relinkRestoredTag(tx, id, b.locationIds ?? []);
    return record(null, { name: b.name, category: b.category ?? null, locationIds: await placesOfTag(tx, id) });
  }
  if (!row) throw new HttpError(409, 'This tag no longer exists');
  if (rev.action === 'create') {
    const linked = await placesOfTag(tx, id);
    await tx.delete(tags).where(eq(tags.id, id));
    await afterTagDeleted(tx, linked);
    return record({ ...row, locationIds: linked }, null);
  }
  if (!b?.name) throw new HttpError(400, CANNOT);
  await refuseOverlaps(tx, 'tag', id, rev.id, changedFields(rev.before, rev.after), ignore);
  if (await nameTaken(b.name)) throw new HttpError(409, `Another tag is already named '${b.name}'`);
  await tx
    .update(tags)
    .set({ name: b.name, category: b.category ?? null })
    .where(eq(tags.id, id));
  await afterTagRenamed(tx, id);
  return record(row, { name: b.name, category: b.category ?? null });
}

export async function setLocationHidden(db: Db, id: number, hidden: boolean, actor: string) {
  return db.transaction(async (tx) => {
    const before = await snapshotWithHidden(tx, id);
    if (!before) throw new HttpError(404, LOCATION_NOT_FOUND);
    const [state] = await tx.select({ review: locations.review }).from(locations).where(eq(locations.id, id));
    // Only an accepted place is shown or hidden here: a new one is approved from the queue.
    if (state && state.review !== 'accepted') {
      throw new HttpError(409, 'This place is not public: it was rejected or waits for review');
    }
    await tx.update(locations).set({ hidden, updatedAt: new Date() }).where(eq(locations.id, id));
    await adminRevision(tx, {
      entityType: 'location',
      entityId: id,
      action: hidden ? 'hide' : 'show',
      before: { hidden: before.hidden },
      after: { hidden },
      actor,
    });
    return { id, hidden };
  });
}

export async function deleteLocation(db: Db, id: number, actor: string) {
  await db.transaction(async (tx) => {
    const before = await snapshotWithHidden(tx, id);
    if (!before) throw new HttpError(404, LOCATION_NOT_FOUND);
    await tx.delete(locations).where(eq(locations.id, id));
    await adminRevision(tx, { entityType: 'location', entityId: id, action: 'delete', before, after: null, actor });
  });
}
