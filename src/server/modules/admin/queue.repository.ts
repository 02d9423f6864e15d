// The review desk's queue (decision 0403): new places, held edits, proposed tags and held tag
// changes, each with what it would change, decided one at a time or together.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FieldChange } from '../../../shared/schemas/admin.js';
import type { PendingCounts, PendingDecisionResult, PendingItem } from '../../../shared/schemas/review.js';
import type { Db } from '../../db/connect.js';
import { locations, locationTags, pendingChanges, tags } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  approveLocationEdit,
  approvePlace,
  rejectChange,
  rejectPlace,
  snapshotLocation,
  type WriteDeps,
} from '../locations/writes/index.js';
import { approveTag, approveTagChange, rejectTag } from '../tags/tags.repository.js';
import { diffSnapshots } from './diff.js';

type ChangeRow = typeof pendingChanges.$inferSelect;

const kindOf = (c: Pick<ChangeRow, 'entityType' | 'action'>): PendingItem['kind'] =>
  c.entityType === 'location'
    ? c.action === 'create'
      ? 'place'
      : 'edit'
    : c.action === 'create'
      ? 'tag'
      : 'tag-change';

/** A diff whose tag ids read as tag names (a proposed tag is in no list the desk holds). */
function withTagNames(changes: FieldChange[], names: Map<number, string>): FieldChange[] {
  const named = (v: unknown) => (Array.isArray(v) ? v.map((id) => names.get(Number(id)) ?? `#${id}`) : v);
  return changes.map((c) =>
    c.field === 'tagIds' ? { field: 'tags', before: named(c.before), after: named(c.after) } : c,
  );
}

const withoutSlug = (snap: unknown) => {
  if (!snap || typeof snap !== 'object') return snap;
  const { slug: _s, ...rest } = snap as Record<string, unknown>;
  return rest;
};

export async function pendingCounts(db: Db): Promise<PendingCounts> {
  const rows = await db
    .select({ entityType: pendingChanges.entityType, action: pendingChanges.action, n: count() })
    .from(pendingChanges)
    .where(eq(pendingChanges.status, 'pending'))
    .groupBy(pendingChanges.entityType, pendingChanges.action);
  const out: PendingCounts = { places: 0, edits: 0, tags: 0 };
  for (const r of rows) {
    const kind = kindOf(r);
    if (kind === 'place') out.places += Number(r.n);
    else if (kind === 'edit') out.edits += Number(r.n);
    else out.tags += Number(r.n);
  }
  return out;
}

export async function listPending(db: Db, limit: number): Promise<{ items: PendingItem[]; counts: PendingCounts }> {
  const rows = await db
    .select()
    .from(pendingChanges)
    .where(eq(pendingChanges.status, 'pending'))
    .orderBy(asc(pendingChanges.createdAt), asc(pendingChanges.id))
    .limit(limit);
  const placeIds = [...new Set(rows.filter((r) => r.entityType === 'location').map((r) => r.entityId))];
  const places = placeIds.length
    ? await db
        .select({ id: locations.id, name: locations.name, slug: locations.slug, category: locations.category })
        .from(locations)
        .where(inArray(locations.id, placeIds))
    : [];
  const placeById = new Map(places.map((p) => [p.id, p]));
  const allTags = await db.select({ id: tags.id, name: tags.name, category: tags.category }).from(tags);
  const tagNames = new Map(allTags.map((t) => [t.id, t.name]));
  const tagById = new Map(allTags.map((t) => [t.id, t]));
  const items: PendingItem[] = [];
  for (const r of rows) {
    const base = {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      author: { sessionId: r.sessionId, clientHash: r.clientHash },
      reasons: Array.isArray(r.reasons) ? r.reasons.map(String) : [],
    };
    const kind = kindOf(r);
    if (kind === 'place' || kind === 'edit') {
      const place = placeById.get(r.entityId);
      if (!place) continue;
      if (kind === 'place') {
        const now = await snapshotLocation(db, r.entityId);
        items.push({
          ...base,
          kind,
          locationId: place.id,
          name: place.name,
          slug: place.slug,
          category: place.category,
          changes: withTagNames(diffSnapshots(null, withoutSlug(now)), tagNames),
        });
      } else {
        items.push({
          ...base,
          kind,
          locationId: place.id,
          name: place.name,
          slug: place.slug,
          changes: withTagNames(diffSnapshots(withoutSlug(r.before), withoutSlug(r.after)), tagNames),
        });
      }
    } else if (kind === 'tag') {
      const tag = tagById.get(r.entityId);
      if (!tag) continue;
      const [used] = await db.select({ n: count() }).from(locationTags).where(eq(locationTags.tagId, tag.id));
      items.push({
        ...base,
        kind,
        tagId: tag.id,
        name: tag.name,
        category: tag.category,
        places: Number(used?.n ?? 0),
      });
    } else {
      const before = (r.before ?? {}) as { name?: string };
      items.push({
        ...base,
        kind,
        tagId: r.entityId,
        name: tagNames.get(r.entityId) ?? before.name ?? `#${r.entityId}`,
        action: r.action === 'delete' ? 'delete' : 'update',
        changes: diffSnapshots(r.before, r.action === 'delete' ? null : r.after),
      });
    }
  }
  return { items, counts: await pendingCounts(db) };
}

/** Approves or rejects each held item; one that cannot be decided is reported, the rest go on. */
export async function decidePending(
  deps: WriteDeps,
  ids: number[],
  decision: 'approve' | 'reject',
  actor: string,
  force = false,
): Promise<PendingDecisionResult> {
  const rows = await deps.db
    .select()
    .from(pendingChanges)
    .where(and(inArray(pendingChanges.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let decided = 0;
  const failed: PendingDecisionResult['failed'] = [];
  for (const id of ids) {
    const row = byId.get(id);
    try {
      if (!row) throw new HttpError(404, 'Change not found');
      if (row.status !== 'pending') throw new HttpError(409, 'This change was already reviewed');
      await decideOne(deps, row, decision, actor, force);
      decided++;
    } catch (err) {
      const message = err instanceof HttpError ? err.message : 'This item could not be decided';
      if (!(err instanceof HttpError)) throw err;
      failed.push({ id, message });
    }
  }
  return { decided, failed };
}

async function decideOne(
  deps: WriteDeps,
  row: ChangeRow,
  decision: 'approve' | 'reject',
  actor: string,
  force: boolean,
) {
  const approve = decision === 'approve';
  switch (kindOf(row)) {
    case 'place':
      return approve ? approvePlace(deps.db, row.entityId, actor) : rejectPlace(deps.db, row.entityId, actor);
    case 'edit':
      return approve ? approveLocationEdit(deps, row.id, actor, force) : rejectChange(deps.db, row.id, actor);
    case 'tag':
      return approve ? approveTag(deps.db, row.entityId, actor) : rejectTag(deps.db, row.entityId, actor);
    case 'tag-change':
      return approve ? approveTagChange(deps.db, row.id, actor) : rejectChange(deps.db, row.id, actor);
  }
}
