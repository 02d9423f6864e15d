// Places and edits held for review (decision 0403): a held edit waits in pending_changes and, once
// approved, applies as its author's change; a new place waits hidden until approved or rejected. A
// rejected or undone place leaves public view and its slugs are released (decision 0406).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LocationPatch } from '../../../../shared/schemas/location.js';
import { locationVersion } from '../../../../shared/location-version.js';
import { MSG } from '../../../../shared/messages.js';
import type { Db } from '../../../db/connect.js';
import { locationSlugs, locations, locationTags, pendingChanges, revisions, tags } from '../../../db/schema.js';
import { HttpError, notFound } from '../../../http-error.js';
import { type RevisionAction, type RevisionAuthor, writeRevision } from '../../revisions/revisions.repository.js';
import { LOCATION_NOT_FOUND } from '../locations.reads.js';
import { toColumns, updateLocation, type WriteDeps } from './place.js';
import { SNAPSHOT_FIELDS, snapshotLocation } from './snapshot.js';
import { refreshTagText } from './tag-links.js';

const NOT_PENDING = 'This place is not waiting for review';
const REVIEWED = 'This change was already reviewed';

/** A place's snapshot with the review desk's own fields. */
async function reviewSnapshot(tx: Db, id: number) {
  const snap = await snapshotLocation(tx, id);
  if (!snap) return null;
  const [row] = await tx
    .select({ hidden: locations.hidden, review: locations.review })
    .from(locations)
    .where(eq(locations.id, id));
  return { ...snap, hidden: row?.hidden ?? false, review: row?.review ?? 'accepted' };
}

/** Forgets `slugs` as this place's old slugs (its current one stays). */
export async function releaseSlugs(tx: Db, id: number, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  await tx
    .delete(locationSlugs)
    .where(
      and(
        eq(locationSlugs.locationId, id),
        inArray(locationSlugs.slug, slugs),
        sql`${locationSlugs.slug} <> (select slug from locations where id = ${id})`,
      ),
    );
}

/** A rejected or undone place's slug: '_' + id, a form slugify never makes, so every real name's
 * slug stays free. */
const retiredSlug = (id: number) => `_${id}`;

/** Takes a place out of public view for good (rejected, or added by an undone contributor): hidden,
 * review 'rejected', every slug released, its held edits rejected. Answers the revision's id. */
export async function retirePlace(
  tx: Db,
  id: number,
  actor: string,
  action: Extract<RevisionAction, 'reject' | 'revert'>,
  revertOf: number | null = null,
): Promise<number> {
  const before = await reviewSnapshot(tx, id);
  if (!before) throw notFound(LOCATION_NOT_FOUND);
  const slug = retiredSlug(id);
  await tx
    .update(locations)
    .set({ hidden: true, review: 'rejected', slug, updatedAt: new Date() })
    .where(eq(locations.id, id));
  await tx.delete(locationSlugs).where(eq(locationSlugs.locationId, id));
  await tx
    .update(pendingChanges)
    .set({ status: 'rejected', reviewedAt: new Date(), reviewedBy: actor })
    .where(
      and(
        eq(pendingChanges.entityType, 'location'),
        eq(pendingChanges.entityId, id),
        eq(pendingChanges.status, 'pending'),
      ),
    );
  return writeRevision(tx, {
    entityType: 'location',
    entityId: id,
    action,
    before,
    after: { ...before, hidden: true, review: 'rejected', slug },
    sessionId: null,
    clientHash: null,
    actor,
    revertOf,
  });
}

/** Accepts the tags waiting for review among `tagIds` (an approved place or edit uses them). */
async function acceptTags(tx: Db, tagIds: number[], actor: string): Promise<void> {
  if (tagIds.length === 0) return;
  const accepted = await tx
    .update(tags)
    .set({ status: 'accepted' })
    .where(and(inArray(tags.id, tagIds), eq(tags.status, 'pending')))
    .returning({ id: tags.id, name: tags.name, category: tags.category });
  for (const t of accepted) {
    await markApproved(tx, 'tag', t.id, actor);
    await refreshTagText(tx, sql`select location_id from location_tags where tag_id = ${t.id}`);
  }
}

/** Marks the entity's creating revision as approved by `actor` (trust is earned from it). */
async function markApproved(tx: Db, entityType: 'location' | 'tag', id: number, actor: string) {
  await tx
    .update(revisions)
    .set({ approvedBy: actor })
    .where(and(eq(revisions.entityType, entityType), eq(revisions.entityId, id), eq(revisions.action, 'create')));
}

export async function approvePlace(db: Db, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ review: locations.review })
      .from(locations)
      .where(eq(locations.id, id))
      .for('update');
    if (!row) throw notFound(LOCATION_NOT_FOUND);
    if (row.review !== 'pending') throw new HttpError(409, NOT_PENDING);
    const before = await reviewSnapshot(tx, id);
    const links = await tx
      .select({ tagId: locationTags.tagId })
      .from(locationTags)
      .where(eq(locationTags.locationId, id));
    await acceptTags(
      tx,
      links.map((l) => l.tagId),
      actor,
    );
    await tx
      .update(locations)
      .set({ hidden: false, review: 'accepted', updatedAt: new Date() })
      .where(eq(locations.id, id));
    await markApproved(tx, 'location', id, actor);
    await tx
      .update(pendingChanges)
      .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: actor })
      .where(
        and(
          eq(pendingChanges.entityType, 'location'),
          eq(pendingChanges.entityId, id),
          eq(pendingChanges.action, 'create'),
          eq(pendingChanges.status, 'pending'),
        ),
      );
    await writeRevision(tx, {
      entityType: 'location',
      entityId: id,
      action: 'approve',
      before,
      after: { ...before, hidden: false, review: 'accepted' },
      sessionId: null,
      clientHash: null,
      actor,
    });
  });
}

export async function rejectPlace(db: Db, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ review: locations.review })
      .from(locations)
      .where(eq(locations.id, id))
      .for('update');
    if (!row) throw notFound(LOCATION_NOT_FOUND);
    if (row.review !== 'pending') throw new HttpError(409, NOT_PENDING);
    await retirePlace(tx, id, actor, 'reject');
  });
}

/** The snapshot fields an edit would set, as a snapshot shows them. */
export function proposedFields(patch: LocationPatch): Record<string, unknown> {
  const columns = toColumns(patch) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of SNAPSHOT_FIELDS) {
    if (!(f in columns)) continue;
    const v = columns[f];
    out[f] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  if (patch.latitude !== undefined) out.latitude = patch.latitude ?? null;
  if (patch.longitude !== undefined) out.longitude = patch.longitude ?? null;
  if (patch.tagIds !== undefined) out.tagIds = [...patch.tagIds].sort((a, b) => a - b);
  return out;
}

/** Keeps an edit for review instead of applying it; refused like the edit itself when the place
 * is gone or changed since the version the editor started from. Answers the held change's id. */
export async function holdLocationEdit(
  db: Db,
  id: number,
  patch: LocationPatch,
  author: RevisionAuthor,
  opts: { ifMatch?: string; reasons: string[]; includeHidden?: boolean },
): Promise<number> {
  const [current] = await db
    .select({ id: locations.id, updatedAt: locations.updatedAt, hidden: locations.hidden })
    .from(locations)
    .where(eq(locations.id, id));
  if (!current || (current.hidden && !opts.includeHidden)) throw notFound(LOCATION_NOT_FOUND);
  if (opts.ifMatch && opts.ifMatch !== '*' && opts.ifMatch !== locationVersion(current)) {
    throw new HttpError(412, MSG.editConflict);
  }
  const before = await snapshotLocation(db, id);
  const [row] = await db
    .insert(pendingChanges)
    .values({
      entityType: 'location',
      entityId: id,
      action: 'update',
      patch,
      before,
      after: { ...before, ...proposedFields(patch) },
      reasons: opts.reasons,
      sessionId: author.sessionId,
      clientHash: author.clientHash,
      network48: author.network48 ?? null,
    })
    .returning({ id: pendingChanges.id });
  return row!.id;
}

/** Claims a held change for a decision (it can be decided once), or 404/409. */
async function claimChange(db: Db, changeId: number, status: 'approved' | 'rejected', actor: string) {
  const [claimed] = await db
    .update(pendingChanges)
    .set({ status, reviewedAt: new Date(), reviewedBy: actor })
    .where(and(eq(pendingChanges.id, changeId), eq(pendingChanges.status, 'pending')))
    .returning();
  if (claimed) return claimed;
  const [exists] = await db
    .select({ id: pendingChanges.id })
    .from(pendingChanges)
    .where(eq(pendingChanges.id, changeId));
  throw new HttpError(exists ? 409 : 404, exists ? REVIEWED : 'Change not found');
}

export async function rejectChange(db: Db, changeId: number, actor: string): Promise<void> {
  await claimChange(db, changeId, 'rejected', actor);
}

/** Applies a held edit as its author's change, approved by `actor`. A place changed since in a
 * field the edit sets answers 409 unless `force`: nobody's later edit is overwritten unseen. */
export async function approveLocationEdit(
  deps: WriteDeps,
  changeId: number,
  actor: string,
  force = false,
): Promise<void> {
  const change = await claimChange(deps.db, changeId, 'approved', actor);
  try {
    const before = (change.before ?? {}) as Record<string, unknown>;
    const proposed = proposedFields(change.patch as LocationPatch);
    const current = await snapshotLocation(deps.db, change.entityId);
    if (!current) throw new HttpError(409, 'This place no longer exists');
    const moved = Object.keys(proposed).filter(
      (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify((current as Record<string, unknown>)[f] ?? null),
    );
    if (moved.length && !force) {
      throw new HttpError(409, `This place changed since this edit was made (${moved.join(', ')}): approve it anyway?`);
    }
    const patch = change.patch as LocationPatch;
    if (patch.tagIds?.length) await deps.db.transaction((tx) => acceptTags(tx, patch.tagIds!, actor));
    await updateLocation(
      deps,
      change.entityId,
      patch,
      {
        sessionId: change.sessionId,
        clientHash: change.clientHash,
        network48: change.network48,
        approvedBy: actor,
      },
      { includeHidden: true },
    );
    const [rev] = await deps.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.entityType, 'location'), eq(revisions.entityId, change.entityId)))
      .orderBy(desc(revisions.id))
      .limit(1);
    await deps.db
      .update(pendingChanges)
      .set({ revisionId: rev?.id ?? null })
      .where(eq(pendingChanges.id, changeId));
  } catch (err) {
    // Not applied: it waits again.
    await deps.db
      .update(pendingChanges)
      .set({ status: 'pending', reviewedAt: null, reviewedBy: null })
      .where(eq(pendingChanges.id, changeId));
    throw err;
  }
}
