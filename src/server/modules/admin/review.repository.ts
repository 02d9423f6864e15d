// The review desk's SQL: flag reports, the revision history with readable diffs, reverts (one
// change, or every change of one anonymous session, each in one transaction) and hide/delete.
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminFlagReport, AdminRevision, AdminSummary, FieldChange } from '../../../shared/schemas/admin.js';
import type { Db } from '../../db/connect.js';
import { flagReports, locations, locationTags, revisions, tags } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { sanitizeDescription } from '../../lib/sanitize-description.js';
import { type RevisionAction, snapshotLocation, writeRevision } from '../revisions/revisions.repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** The fields of a location a visitor can edit: what a revision's before/after hold. */
export const LOCATION_SNAPSHOT_FIELDS = [
  'name',
  'category',
  'description',
  'address',
  'phone',
  'website',
  'operatingHours',
  'deadline',
  'registrationLink',
  'faqLink',
  'status',
  'latitude',
  'longitude',
] as const;

export type LocationSnapshot = Record<string, unknown> & { tagIds?: number[]; hidden?: boolean };

/** api-core's snapshot of the editable fields and tagIds, plus `hidden` (an admin-only field). */
export async function snapshotLocationRow(db: Executor, id: number): Promise<LocationSnapshot | null> {
  const snap = await snapshotLocation(db as Db, id);
  if (!snap) return null;
  const rows = await db.select({ hidden: locations.hidden }).from(locations).where(eq(locations.id, id));
  return { ...snap, hidden: rows[0]?.hidden ?? false };
}

export async function snapshotTagRow(db: Executor, id: number) {
  const rows = await db.select({ name: tags.name, category: tags.category }).from(tags).where(eq(tags.id, id));
  return rows[0] ?? null;
}

export function insertRevision(
  db: Executor,
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
  return writeRevision(db as Db, { ...r, sessionId: null, clientHash: null });
}

// ---------------------------------------------------------------- summary and reports

export async function adminSummary(db: Db): Promise<AdminSummary> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60_000);
  const [p] = await db.select({ n: count() }).from(flagReports).where(eq(flagReports.status, 'pending'));
  const [c] = await db.select({ n: count() }).from(revisions).where(gte(revisions.createdAt, weekAgo));
  const [h] = await db.select({ n: count() }).from(locations).where(eq(locations.hidden, true));
  return { pendingReports: p?.n ?? 0, changesLast7Days: c?.n ?? 0, hiddenLocations: h?.n ?? 0 };
}

export async function listFlagReports(
  db: Db,
  q: { status: string; limit: number; offset: number },
): Promise<{ items: AdminFlagReport[]; total: number }> {
  const where = q.status === 'all' ? undefined : eq(flagReports.status, q.status);
  const rows = await db
    .select({
      report: flagReports,
      locName: locations.name,
      locSlug: locations.slug,
    })
    .from(flagReports)
    .leftJoin(locations, eq(locations.id, flagReports.locationId))
    .where(where)
    .orderBy(desc(flagReports.reportedAt), desc(flagReports.id))
    .limit(q.limit)
    .offset(q.offset);
  const [t] = await db.select({ n: count() }).from(flagReports).where(where);
  return {
    total: t?.n ?? 0,
    items: rows.map(({ report: r, locName, locSlug }) => ({
      id: r.id,
      locationId: r.locationId,
      location: r.locationId && locName && locSlug ? { id: r.locationId, name: locName, slug: locSlug } : null,
      flagType: r.flagType,
      description: r.description,
      screenshot: r.screenshot,
      reportedAt: r.reportedAt.toISOString(),
      status: r.status,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      reviewNotes: r.reviewNotes,
    })),
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

// An empty list and an absent value read the same ('Tags: ∅ -> ∅' is not a change).
const show = (v: unknown) => (Array.isArray(v) ? (v.length ? [...v].sort() : null) : (v ?? null));

/** field: old -> new, for every field whose value differs between two snapshots. */
export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: FieldChange[] = [];
  for (const k of keys) {
    const bv = show(b[k]);
    const av = show(a[k]);
    if (JSON.stringify(bv) !== JSON.stringify(av)) out.push({ field: k, before: bv ?? null, after: av ?? null });
  }
  return out;
}

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

const RESTORABLE = new Set<string>(LOCATION_SNAPSHOT_FIELDS);

async function setLocationTags(tx: Executor, locationId: number, tagIds: number[]) {
  const existing = tagIds.length
    ? await tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, tagIds))
    : [];
  await tx.delete(locationTags).where(eq(locationTags.locationId, locationId));
  if (existing.length) {
    await tx.insert(locationTags).values(existing.map((t) => ({ locationId, tagId: t.id })));
  }
  return existing.map((t) => t.name).join(' ');
}

/** Puts a location back to a snapshot (only the fields the snapshot holds). */
async function restoreLocation(tx: Executor, id: number, snap: LocationSnapshot) {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(snap)) {
    if (!RESTORABLE.has(k)) continue;
    if (k === 'deadline') set[k] = v ? new Date(String(v)) : null;
    // An old snapshot may hold markup the allow-list now drops (decision 0700).
    else if (k === 'description') set[k] = v ? sanitizeDescription(String(v)) || null : null;
    else set[k] = v;
  }
  if (Array.isArray(snap.tagIds)) set.tagText = await setLocationTags(tx, id, snap.tagIds.map(Number));
  if (typeof snap.hidden === 'boolean') set.hidden = snap.hidden;
  set.updatedAt = new Date();
  await tx.update(locations).set(set).where(eq(locations.id, id));
}

type RevisionRow = typeof revisions.$inferSelect;

/** Undoes one revision inside tx: restores its `before`, or hides a created place (a created
 * tag is deleted). Writes the revert as a new revision and returns its id. */
async function revertOne(tx: Executor, rev: RevisionRow, actor: string): Promise<number | undefined> {
  if (rev.entityType === 'location') {
    const current = await snapshotLocationRow(tx, rev.entityId);
    if (!current) throw new HttpError(409, 'This place no longer exists');
    if (rev.action === 'create') {
      await tx.update(locations).set({ hidden: true, updatedAt: new Date() }).where(eq(locations.id, rev.entityId));
    } else if (rev.before && typeof rev.before === 'object') {
      await restoreLocation(tx, rev.entityId, rev.before as LocationSnapshot);
    } else {
      throw new HttpError(400, 'This change cannot be reverted');
    }
    const after = await snapshotLocationRow(tx, rev.entityId);
    return insertRevision(tx, {
      entityType: 'location',
      entityId: rev.entityId,
      action: 'revert',
      before: current,
      after,
      actor,
      revertOf: rev.id,
    });
  }
  if (rev.entityType === 'tag') {
    const current = await snapshotTagRow(tx, rev.entityId);
    if (!current) throw new HttpError(409, 'This tag no longer exists');
    if (rev.action === 'create') {
      await tx.delete(tags).where(eq(tags.id, rev.entityId));
      return insertRevision(tx, {
        entityType: 'tag',
        entityId: rev.entityId,
        action: 'revert',
        before: current,
        after: null,
        actor,
        revertOf: rev.id,
      });
    }
    const b = rev.before as { name?: string; category?: string | null } | null;
    if (!b?.name) throw new HttpError(400, 'This change cannot be reverted');
    try {
      await tx
        .update(tags)
        .set({ name: b.name, category: b.category ?? null })
        .where(eq(tags.id, rev.entityId));
    } catch {
      throw new HttpError(409, `Another tag is already named '${b.name}'`);
    }
    // Keep the search text of places with this tag in step with its name.
    await tx.execute(
      sql`update ${locations} l set tag_text = coalesce((select string_agg(t.name, ' ') from ${locationTags} lt join ${tags} t on t.id = lt.tag_id where lt.location_id = l.id), '') where l.id in (select location_id from ${locationTags} where tag_id = ${rev.entityId})`,
    );
    return insertRevision(tx, {
      entityType: 'tag',
      entityId: rev.entityId,
      action: 'revert',
      before: current,
      after: { name: b.name, category: b.category ?? null },
      actor,
      revertOf: rev.id,
    });
  }
  throw new HttpError(400, 'This change cannot be reverted');
}

export async function revertRevision(db: Db, id: number, actor: string) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(revisions).where(eq(revisions.id, id)).limit(1);
    const rev = rows[0];
    if (!rev) throw new HttpError(404, 'Change not found');
    if (rev.action === 'delete') throw new HttpError(400, 'A deleted place cannot be restored');
    const revisionId = await revertOne(tx, rev, actor);
    return { reverted: 1, revisionIds: revisionId ? [revisionId] : [] };
  });
}

/** Every change one anonymous session made, undone together: each place or tag it touched goes
 * back to how it was before that session's first change (a place it created is hidden). */
export async function revertSession(db: Db, sessionId: string, actor: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(revisions)
      .where(
        and(
          eq(revisions.sessionId, sessionId),
          isNull(revisions.actor),
          inArray(revisions.action, ['create', 'update']),
        ),
      )
      .orderBy(asc(revisions.createdAt), asc(revisions.id));
    if (rows.length === 0) throw new HttpError(404, 'No changes found for this session');
    const firstByEntity = new Map<string, RevisionRow>();
    for (const r of rows) {
      const key = `${r.entityType}:${r.entityId}`;
      if (!firstByEntity.has(key)) firstByEntity.set(key, r);
    }
    const revisionIds: number[] = [];
    for (const rev of firstByEntity.values()) {
      const id = await revertOne(tx, rev, actor);
      if (id) revisionIds.push(id);
    }
    return { reverted: firstByEntity.size, revisionIds };
  });
}

// ---------------------------------------------------------------- places

export async function setLocationHidden(db: Db, id: number, hidden: boolean, actor: string) {
  return db.transaction(async (tx) => {
    const before = await snapshotLocationRow(tx, id);
    if (!before) throw new HttpError(404, 'Location not found');
    await tx.update(locations).set({ hidden, updatedAt: new Date() }).where(eq(locations.id, id));
    await insertRevision(tx, {
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
    const before = await snapshotLocationRow(tx, id);
    if (!before) throw new HttpError(404, 'Location not found');
    await tx.delete(locations).where(eq(locations.id, id));
    await insertRevision(tx, { entityType: 'location', entityId: id, action: 'delete', before, after: null, actor });
  });
}

export async function listAdminLocations(db: Db, q: { hidden?: 'true' | 'false'; limit: number }) {
  const where = q.hidden ? eq(locations.hidden, q.hidden === 'true') : undefined;
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
