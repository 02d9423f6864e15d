// The review desk's SQL: flag reports, the revision history with readable diffs, reverts (one
// change, or every change of one anonymous session, each in one transaction) and hide/delete.
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AdminRevision, AdminSummary } from '../../../shared/schemas/admin.js';
import type { Db } from '../../db/connect.js';
import { flagReports, locations, revisions, tags } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { diffSnapshots } from './diff.js';
import { pendingCounts } from './queue.repository.js';
import { applyUndo, revertLocationChanges, revertTagChange, selectRevisions } from '../locations/writes/index.js';

// ---------------------------------------------------------------- summary and reports

export async function adminSummary(db: Db): Promise<AdminSummary> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60_000);
  const [p] = await db.select({ n: count() }).from(flagReports).where(eq(flagReports.status, 'pending'));
  const [c] = await db.select({ n: count() }).from(revisions).where(gte(revisions.createdAt, weekAgo));
  // Hidden by an administrator: not the places waiting for review or rejected.
  const [h] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(eq(locations.hidden, true), eq(locations.review, 'accepted')));
  const waiting = await pendingCounts(db);
  return {
    pendingReports: p?.n ?? 0,
    changesLast7Days: c?.n ?? 0,
    hiddenLocations: h?.n ?? 0,
    pendingReview: waiting.places + waiting.edits + waiting.tags,
  };
}

export async function reviewFlagReport(db: Db, id: number, status: string, reviewNotes: string) {
  const rows = await db
    .update(flagReports)
    .set({ status, reviewNotes: reviewNotes || null, reviewedAt: new Date() })
    .where(eq(flagReports.id, id))
    .returning({
      id: flagReports.id,
      status: flagReports.status,
      reviewedAt: flagReports.reviewedAt,
      reviewNotes: flagReports.reviewNotes,
    });
  const r = rows[0];
  if (!r) throw new HttpError(404, 'Flag report not found');
  return { ...r, reviewedAt: r.reviewedAt?.toISOString() ?? null };
}

// ---------------------------------------------------------------- revision history

export async function listRevisions(
  db: Db,
  q: { limit: number; offset: number },
): Promise<{ items: AdminRevision[]; total: number }> {
  const rows = await db
    .select()
    .from(revisions)
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(q.limit)
    .offset(q.offset);
  const [t] = await db.select({ n: count() }).from(revisions);
  const locIds = [...new Set(rows.filter((r) => r.entityType === 'location').map((r) => r.entityId))];
  const tagIdsInRows = [...new Set(rows.filter((r) => r.entityType === 'tag').map((r) => r.entityId))];
  const locs = locIds.length
    ? await db
        .select({ id: locations.id, name: locations.name, slug: locations.slug, hidden: locations.hidden })
        .from(locations)
        .where(inArray(locations.id, locIds))
    : [];
  const tagRows = tagIdsInRows.length
    ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, tagIdsInRows))
    : [];
  const ids = rows.map((r) => r.id);
  const reverts = ids.length
    ? await db
        .select({ id: revisions.id, revertOf: revisions.revertOf })
        .from(revisions)
        .where(inArray(revisions.revertOf, ids))
    : [];
  const locById = new Map(locs.map((l) => [l.id, l]));
  const tagById = new Map(tagRows.map((x) => [x.id, x]));
  const revertedBy = new Map(reverts.map((r) => [r.revertOf as number, r.id]));
  return {
    total: t?.n ?? 0,
    items: rows.map((r) => {
      const loc = r.entityType === 'location' ? locById.get(r.entityId) : undefined;
      const tag = r.entityType === 'tag' ? tagById.get(r.entityId) : undefined;
      const snapName = ((r.after ?? r.before) as { name?: string } | null)?.name ?? null;
      return {
        id: r.id,
        entityType: r.entityType as 'location' | 'tag',
        entityId: r.entityId,
        entityName: loc?.name ?? tag?.name ?? snapName,
        entitySlug: loc?.slug ?? null,
        entityHidden: loc ? loc.hidden : null,
        action: r.action,
        sessionId: r.sessionId,
        clientHash: r.clientHash,
        actor: r.actor,
        revertOf: r.revertOf,
        revertedBy: revertedBy.get(r.id) ?? null,
        createdAt: r.createdAt.toISOString(),
        changes: diffSnapshots(r.before, r.after),
      };
    }),
  };
}

// ---------------------------------------------------------------- reverts

/** Undoes one change. A place's creation or edit goes through the undo (decision 0406): a field
 * someone changed since keeps their value, and only when nothing at all can be put back is the
 * answer 409. Other revisions (an administrator's hide, show or revert) are put back as before. */
export async function revertRevision(db: Db, id: number, actor: string) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(revisions).where(eq(revisions.id, id)).limit(1);
    const rev = rows[0];
    if (!rev) throw new HttpError(404, 'Change not found');
    if (rev.entityType === 'location' && rev.action === 'delete') {
      throw new HttpError(400, 'A deleted place cannot be restored');
    }
    if (rev.revertedBy !== null) throw new HttpError(409, 'This change was already reverted');
    if (rev.entityType === 'tag') return { reverted: 1, revisionIds: [await revertTagChange(tx, rev, actor)] };
    if (rev.action !== 'create' && rev.action !== 'update') {
      return { reverted: 1, revisionIds: [await revertLocationChanges(tx, rev, [rev], actor)] };
    }
    const done = await applyUndo(tx, {}, actor, [rev]);
    if (done.revisionIds.length === 0) {
      const kept = done.places.flatMap((p) => p.kept.map((k) => k.field));
      if (kept.length) throw new HttpError(409, `A later change also edited ${kept.join(', ')}: revert that one first`);
      throw new HttpError(400, 'This change changed nothing that can be put back');
    }
    return { reverted: 1, revisionIds: done.revisionIds };
  });
}

/** Every change one anonymous session made, undone together (decision 0406): each place or tag it
 * touched goes back to how it was before that session's changes, keeping what others changed
 * since (a place it added leaves public view). The session id is chosen by the client, so the
 * changes are those of that id from one client address (its hash, when the desk gives it). */
export async function revertSession(db: Db, sessionId: string, actor: string, clientHash?: string | null) {
  return db.transaction(async (tx) => {
    const criteria = { sessionId, ...(clientHash ? { clientHash } : {}) };
    const selected = await selectRevisions(tx, criteria);
    if (selected.length === 0) throw new HttpError(404, 'No changes found for this session');
    const done = await applyUndo(tx, criteria, actor);
    return { reverted: done.places.length + done.tags.length, revisionIds: done.revisionIds };
  });
}

// ---------------------------------------------------------------- places

export async function listAdminLocations(db: Db, q: { hidden?: 'true' | 'false'; limit: number }) {
  // The places an administrator hid (those waiting for review are in the queue, rejected ones gone).
  const where = q.hidden ? and(eq(locations.hidden, q.hidden === 'true'), eq(locations.review, 'accepted')) : undefined;
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      category: locations.category,
      hidden: locations.hidden,
      updatedAt: locations.updatedAt,
    })
    .from(locations)
    .where(where)
    .orderBy(desc(locations.updatedAt), desc(locations.id))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}
