// One-action undo (decision 0406): every change a selection holds is taken back as new revisions,
// never by rewriting history; a field someone else changed since keeps their value, and places
// and slugs the selection introduced are taken out of public view and released.
import { and, asc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { UndoPreview } from '../../../../shared/schemas/review.js';
import type { Db } from '../../../db/connect.js';
import { locations, pendingChanges, revisions, tags } from '../../../db/schema.js';
import { writeRevision } from '../../revisions/revisions.repository.js';
import { replaceOpenIntervals } from './open-intervals.js';
import { renameSlug } from './place.js';
import { releaseSlugs, retirePlace } from './review.js';
import {
  changedFields,
  columnsFromSnapshot,
  SNAPSHOT_FIELDS,
  type SnapshotField,
  snapshotLocation,
} from './snapshot.js';
import { afterTagRenamed, linkTags } from './tag-links.js';
import { revertTagChange } from './revert.js';

type RevisionRow = typeof revisions.$inferSelect;
type Snap = Record<string, unknown>;

export interface UndoCriteria {
  sessionId?: string;
  clientHash?: string;
  network48?: string;
  from?: Date;
  to?: Date;
  locationId?: number;
}

const FIELDS: Array<SnapshotField | 'tagIds'> = [...SNAPSHOT_FIELDS, 'tagIds'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const obj = (v: unknown): Snap | null => (v && typeof v === 'object' ? (v as Snap) : null);

/** The revisions a selection holds: contributors' own creates, edits and (tag) deletions that
 * nothing took back yet. Administrators' changes are never selected. */
export async function selectRevisions(tx: Db, c: UndoCriteria): Promise<RevisionRow[]> {
  const conds: Array<SQL | undefined> = [
    isNull(revisions.actor),
    isNull(revisions.revertedBy),
    inArray(revisions.action, ['create', 'update', 'delete']),
    c.sessionId ? eq(revisions.sessionId, c.sessionId) : undefined,
    c.clientHash ? eq(revisions.clientHash, c.clientHash) : undefined,
    c.network48 ? eq(revisions.network48, c.network48) : undefined,
    c.from ? gte(revisions.createdAt, c.from) : undefined,
    c.to ? lte(revisions.createdAt, c.to) : undefined,
    c.locationId ? and(eq(revisions.entityType, 'location'), eq(revisions.entityId, c.locationId)) : undefined,
  ];
  return tx
    .select()
    .from(revisions)
    .where(and(...conds))
    .orderBy(asc(revisions.id));
}

/** Held edits and tag changes of the selection (rejected by the undo). */
async function selectPendingChanges(tx: Db, c: UndoCriteria) {
  return tx
    .select()
    .from(pendingChanges)
    .where(
      and(
        eq(pendingChanges.status, 'pending'),
        c.sessionId ? eq(pendingChanges.sessionId, c.sessionId) : undefined,
        c.clientHash ? eq(pendingChanges.clientHash, c.clientHash) : undefined,
        c.network48 ? eq(pendingChanges.network48, c.network48) : undefined,
        c.from ? gte(pendingChanges.createdAt, c.from) : undefined,
        c.to ? lte(pendingChanges.createdAt, c.to) : undefined,
        c.locationId
          ? and(eq(pendingChanges.entityType, 'location'), eq(pendingChanges.entityId, c.locationId))
          : undefined,
      ),
    );
}

function touches(r: RevisionRow, f: string): boolean {
  if (r.action === 'create') return Boolean(obj(r.after) && f in obj(r.after)!);
  return changedFields(r.before, r.after).includes(f as SnapshotField);
}

interface PlacePlan {
  id: number;
  name: string;
  slug: string;
  action: 'restore' | 'remove';
  fields: { field: string; current: unknown; restored: unknown }[];
  kept: { field: string; by: 'administrator' | 'contributor'; at: string }[];
  selected: RevisionRow[];
  current: Snap;
}

/** What undoing `selected` (this place's selected revisions) would do to the place. */
async function planPlace(tx: Db, id: number, selected: RevisionRow[]): Promise<PlacePlan | null> {
  const snap = await snapshotLocation(tx, id);
  if (!snap) return null;
  const [state] = await tx
    .select({ hidden: locations.hidden, review: locations.review })
    .from(locations)
    .where(eq(locations.id, id));
  const current: Snap = { ...snap, hidden: state?.hidden ?? false, review: state?.review ?? 'accepted' };
  const base = { id, name: snap.name, slug: snap.slug, selected, current, kept: [], fields: [] };
  if (selected.some((r) => r.action === 'create')) {
    return current.review === 'rejected' ? null : { ...base, action: 'remove' };
  }
  const history = await tx
    .select()
    .from(revisions)
    .where(and(eq(revisions.entityType, 'location'), eq(revisions.entityId, id)))
    .orderBy(asc(revisions.id));
  const chosen = new Set(selected.map((r) => r.id));
  const stands = (r: RevisionRow) =>
    !chosen.has(r.id) && r.revertedBy === null && (r.action === 'create' || r.action === 'update');
  const plan: PlacePlan = { ...base, action: 'restore' };
  for (const f of FIELDS) {
    const mine = history.filter((r) => chosen.has(r.id) && touches(r, f));
    if (mine.length === 0) continue;
    const last = mine.at(-1)!.id;
    const later = history.filter((r) => r.id > last && stands(r) && touches(r, f));
    if (later.length) {
      const by = later.at(-1)!;
      plan.kept.push({ field: f, by: by.actor ? 'administrator' : 'contributor', at: by.createdAt.toISOString() });
      continue;
    }
    const good = history.filter((r) => r.id < last && stands(r) && touches(r, f)).at(-1)?.id ?? 0;
    const before = obj(mine.find((r) => r.id > good)?.before);
    if (!before || !(f in before)) continue;
    if (!same(before[f], current[f])) plan.fields.push({ field: f, current: current[f], restored: before[f] });
  }
  return plan;
}

interface TagPlan {
  id: number;
  name: string;
  action: 'rename' | 'remove' | 'restore';
  restoredName: string | null;
  revision: RevisionRow;
}

async function planTag(tx: Db, id: number, selected: RevisionRow[]): Promise<TagPlan | null> {
  const [row] = await tx.select({ name: tags.name }).from(tags).where(eq(tags.id, id));
  const created = selected.find((r) => r.action === 'create');
  const deleted = selected.find((r) => r.action === 'delete');
  if (created) return row ? { id, name: row.name, action: 'remove', restoredName: null, revision: created } : null;
  if (deleted && !row) {
    const name = String(obj(deleted.before)?.name ?? '');
    return name ? { id, name, action: 'restore', restoredName: name, revision: deleted } : null;
  }
  if (!row) return null;
  const history = await tx
    .select()
    .from(revisions)
    .where(and(eq(revisions.entityType, 'tag'), eq(revisions.entityId, id)))
    .orderBy(asc(revisions.id));
  const chosen = new Set(selected.map((r) => r.id));
  const renames = (r: RevisionRow) => r.action === 'update' && !same(obj(r.before)?.name, obj(r.after)?.name);
  const mine = history.filter((r) => chosen.has(r.id) && renames(r));
  if (mine.length === 0) return null;
  const last = mine.at(-1)!.id;
  const stands = (r: RevisionRow) =>
    !chosen.has(r.id) && r.revertedBy === null && (r.action === 'create' || renames(r));
  if (history.some((r) => r.id > last && stands(r))) return null;
  const good = history.filter((r) => r.id < last && stands(r)).at(-1)?.id ?? 0;
  const first = mine.find((r) => r.id > good)!;
  const name = String(obj(first.before)?.name ?? '');
  if (!name || name === row.name) return null;
  return { id, name: row.name, action: 'rename', restoredName: name, revision: first };
}

interface Plan {
  selected: RevisionRow[];
  places: PlacePlan[];
  tags: TagPlan[];
  pending: Awaited<ReturnType<typeof selectPendingChanges>>;
  pendingPlaces: number;
  pendingTags: number;
}

function groupBy(rows: RevisionRow[], type: 'location' | 'tag') {
  const out = new Map<number, RevisionRow[]>();
  for (const r of rows) if (r.entityType === type) out.set(r.entityId, [...(out.get(r.entityId) ?? []), r]);
  return out;
}

async function plan(tx: Db, criteria: UndoCriteria, given?: RevisionRow[]): Promise<Plan> {
  const selected = given ?? (await selectRevisions(tx, criteria));
  const places: PlacePlan[] = [];
  for (const [id, rows] of groupBy(selected, 'location')) {
    const p = await planPlace(tx, id, rows);
    if (p && (p.action === 'remove' || p.fields.length || p.kept.length)) places.push(p);
  }
  const tagPlans: TagPlan[] = [];
  for (const [id, rows] of groupBy(selected, 'tag')) {
    const p = await planTag(tx, id, rows);
    if (p) tagPlans.push(p);
  }
  const pending = given ? [] : await selectPendingChanges(tx, criteria);
  const created = (type: 'location' | 'tag') =>
    selected.filter((r) => r.entityType === type && r.action === 'create').map((r) => r.entityId);
  const placesAdded = created('location');
  const tagsAdded = created('tag');
  const pendingPlaceRows = placesAdded.length
    ? await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(inArray(locations.id, placesAdded), eq(locations.review, 'pending')))
    : [];
  const pendingTagRows = tagsAdded.length
    ? await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(inArray(tags.id, tagsAdded), eq(tags.status, 'pending')))
    : [];
  return {
    selected,
    places,
    tags: tagPlans,
    pending,
    pendingPlaces: pendingPlaceRows.length,
    pendingTags: pendingTagRows.length,
  };
}

function toPreview(p: Plan): UndoPreview {
  return {
    changes: p.selected.length,
    places: p.places.map((x) => ({
      id: x.id,
      name: x.name,
      slug: x.slug,
      action: x.action,
      fields: x.fields,
      kept: x.kept,
    })),
    tags: p.tags.map((x) => ({ id: x.id, name: x.name, action: x.action, restoredName: x.restoredName })),
    pending: {
      places: p.pendingPlaces,
      edits: p.pending.filter((c) => c.entityType === 'location').length,
      tags: p.pendingTags + p.pending.filter((c) => c.entityType === 'tag').length,
    },
  };
}

/** What undoing the selection would do, without doing it. */
export async function previewUndo(db: Db, criteria: UndoCriteria): Promise<UndoPreview> {
  return toPreview(await plan(db, criteria));
}

async function markReverted(tx: Db, rows: RevisionRow[], by: number) {
  if (rows.length)
    await tx
      .update(revisions)
      .set({ revertedBy: by })
      .where(
        inArray(
          revisions.id,
          rows.map((r) => r.id),
        ),
      );
}

async function applyPlace(tx: Db, p: PlacePlan, actor: string): Promise<number | null> {
  if (p.action === 'remove') {
    const id = await retirePlace(tx, p.id, actor, 'revert', p.selected[0]!.id);
    await markReverted(tx, p.selected, id);
    return id;
  }
  if (p.fields.length === 0) return null;
  const targets: Snap = Object.fromEntries(p.fields.map((f) => [f.field, f.restored]));
  const plain = p.fields.map((f) => f.field).filter((f): f is SnapshotField => f !== 'tagIds');
  const set = columnsFromSnapshot(targets, plain);
  if (typeof set.name === 'string' && set.name !== p.current.name) await renameSlug(tx, p.id, set.name, set);
  await tx
    .update(locations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(locations.id, p.id));
  if (Array.isArray(targets.tagIds)) {
    const wanted = targets.tagIds.map(Number);
    const existing = wanted.length
      ? (await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, wanted))).map((t) => t.id)
      : [];
    await linkTags(tx, p.id, existing);
  }
  if ('openingHours' in targets) await replaceOpenIntervals(tx, [p.id]);
  const after = await snapshotLocation(tx, p.id);
  // Slugs the undone renames introduced answer for nobody now.
  const introduced = p.selected
    .map((r) => obj(r.after)?.slug)
    .filter((s): s is string => typeof s === 'string' && s !== after?.slug);
  await releaseSlugs(tx, p.id, introduced);
  const id = await writeRevision(tx, {
    entityType: 'location',
    entityId: p.id,
    action: 'revert',
    before: p.current,
    after: after ? { ...after, hidden: p.current.hidden } : null,
    sessionId: null,
    clientHash: null,
    actor,
    revertOf: p.selected[0]!.id,
  });
  await markReverted(tx, p.selected, id);
  return id;
}

async function applyTag(tx: Db, p: TagPlan, selected: RevisionRow[], actor: string): Promise<number | null> {
  let id: number | null = null;
  if (p.action === 'remove' || p.action === 'restore') {
    try {
      id = await revertTagChange(tx, p.revision, actor);
    } catch {
      return null; // a name taken again since: nothing to restore
    }
  } else if (p.restoredName) {
    const taken = await tx.select({ id: tags.id }).from(tags).where(eq(tags.name, p.restoredName)).limit(1);
    if (taken.length && taken[0]!.id !== p.id) return null;
    const [before] = await tx.select({ name: tags.name, category: tags.category }).from(tags).where(eq(tags.id, p.id));
    await tx.update(tags).set({ name: p.restoredName }).where(eq(tags.id, p.id));
    await afterTagRenamed(tx, p.id);
    id = await writeRevision(tx, {
      entityType: 'tag',
      entityId: p.id,
      action: 'revert',
      before,
      after: { name: p.restoredName, category: before?.category ?? null },
      sessionId: null,
      clientHash: null,
      actor,
      revertOf: p.revision.id,
    });
  }
  if (id !== null) {
    await markReverted(
      tx,
      selected.filter((r) => r.entityType === 'tag' && r.entityId === p.id),
      id,
    );
  }
  return id;
}

/** Undoes the selection in the caller's transaction; answers what was done and the revisions. */
export async function applyUndo(
  tx: Db,
  criteria: UndoCriteria,
  actor: string,
  given?: RevisionRow[],
): Promise<UndoPreview & { revisionIds: number[] }> {
  const p = await plan(tx, criteria, given);
  const revisionIds: number[] = [];
  for (const place of p.places) {
    const id = await applyPlace(tx, place, actor);
    if (id !== null) revisionIds.push(id);
  }
  for (const tag of p.tags) {
    const id = await applyTag(tx, tag, p.selected, actor);
    if (id !== null) revisionIds.push(id);
  }
  const now = new Date();
  if (p.pending.length) {
    await tx
      .update(pendingChanges)
      .set({ status: 'rejected', reviewedAt: now, reviewedBy: actor })
      .where(
        inArray(
          pendingChanges.id,
          p.pending.map((c) => c.id),
        ),
      );
  }
  return { ...toPreview(p), revisionIds };
}
