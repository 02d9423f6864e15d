// What a revision remembers of a place: every `locations` column sorted into what a person edits
// (kept in revisions, restored by reverts) and what the system keeps. COLUMN_ROLES makes a new
// column a type error until someone sorts it, so no field can be left out of reverts.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { locations, locationTags } from '../../../db/schema.js';
import { sanitizeDescription } from '../../../lib/sanitize-description.js';
import { nameSkeleton } from '../../../lib/name-skeleton.js';

type LocationRow = typeof locations.$inferSelect;
type LocationColumn = keyof LocationRow;

const COLUMN_ROLES = {
  name: 'snapshot',
  category: 'snapshot',
  description: 'snapshot',
  address: 'snapshot',
  latitude: 'snapshot',
  longitude: 'snapshot',
  phone: 'snapshot',
  website: 'snapshot',
  operatingHours: 'snapshot',
  openingHours: 'snapshot',
  status: 'snapshot',
  deadline: 'snapshot',
  registrationLink: 'snapshot',
  faqLink: 'snapshot',
  attributes: 'snapshot',
  // Follows the point: a revert of the coordinates brings back whether they were approximate.
  pointApproximate: 'snapshot',
  // Kept by the system: identity, history, counters, derived text; `hidden` and `review` are the review desk's.
  id: 'system',
  slug: 'system',
  createdAt: 'system',
  updatedAt: 'system',
  viewCount: 'system',
  uniqueId: 'system',
  notionId: 'system',
  hidden: 'system',
  review: 'system',
  nameSkeleton: 'system',
  geocodePending: 'system',
  tagText: 'system',
  // Provenance is the source's, not an edit's (decision 0804).
  sourceName: 'system',
  sourceRef: 'system',
  sourceLicense: 'system',
  sourcePublishedAt: 'system',
  // Derived: the latest confirmation (kept by a trigger) and the facts' date (decision 0805).
  lastVerifiedAt: 'system',
  factsAt: 'system',
  searchVector: 'system',
} as const satisfies Record<LocationColumn, 'snapshot' | 'system'>;

export type SnapshotField = {
  [K in LocationColumn]: (typeof COLUMN_ROLES)[K] extends 'snapshot' ? K : never;
}[LocationColumn];

/** The fields a revision records and a revert restores, derived from COLUMN_ROLES. */
export const SNAPSHOT_FIELDS = (Object.keys(COLUMN_ROLES) as LocationColumn[]).filter(
  (k): k is SnapshotField => COLUMN_ROLES[k] === 'snapshot',
);

/** A place's editable state as JSON (dates as ISO text) with its tag ids in ascending order, and
 * its slug then (never restored: an undo releases the slugs a change introduced, decision 0406). */
export type LocationSnapshot = {
  [K in SnapshotField]: LocationRow[K] extends Date | null ? string | null : LocationRow[K];
} & { tagIds: number[]; slug: string };

/** The snapshot of a row as read from the table (or returned by an insert). */
export function toSnapshot(row: LocationRow, tagIds: number[]): LocationSnapshot {
  const out: Record<string, unknown> = {};
  for (const f of SNAPSHOT_FIELDS) {
    const v = row[f];
    out[f] = v instanceof Date ? v.toISOString() : v;
  }
  out.tagIds = [...tagIds].sort((a, b) => a - b);
  out.slug = row.slug;
  return out as LocationSnapshot;
}

/** Column values for the given fields of a (possibly older, partial) snapshot: dates revived, the
 * description sanitised again (an old snapshot may hold markup the allow-list now drops,
 * decision 0700). Fields the snapshot does not hold are left out. */
export function columnsFromSnapshot(
  snap: Partial<Record<string, unknown>>,
  fields: Iterable<SnapshotField>,
): Partial<typeof locations.$inferInsert> {
  const set: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f in snap)) continue;
    const v = snap[f];
    if (f === 'deadline') set[f] = v ? new Date(String(v)) : null;
    else if (f === 'description') set[f] = v ? sanitizeDescription(String(v)) || null : null;
    else if (f === 'attributes') set[f] = v ?? {};
    else if (f === 'pointApproximate') set[f] = v === true;
    else set[f] = v ?? null;
    if (f === 'name' && typeof v === 'string') set.nameSkeleton = nameSkeleton(v);
  }
  return set as Partial<typeof locations.$inferInsert>;
}

/** The current editable state of a place, or null when there is no such row. */
export async function snapshotLocation(tx: Db, id: number): Promise<LocationSnapshot | null> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, id));
  if (!row) return null;
  const links = await tx
    .select({ tagId: locationTags.tagId })
    .from(locationTags)
    .where(eq(locationTags.locationId, id))
    .orderBy(asc(locationTags.tagId));
  return toSnapshot(
    row,
    links.map((l) => l.tagId),
  );
}

/** JSON with object keys in order: jsonb gives an object's keys back in its own order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The snapshot fields (and 'tagIds') whose values differ between two snapshots; a field missing
 * from either side counts as unchanged (old revisions hold fewer fields). */
export function changedFields(before: unknown, after: unknown): Array<SnapshotField | 'tagIds'> {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return [...SNAPSHOT_FIELDS, 'tagIds' as const].filter((f) => f in b && f in a && !same(b[f], a[f]));
}
