// What changed in a search or at one place, newest first, for the Atom feed (decision 1002): public
// places' revisions and confirmations, and removals of matching places without their details.
// Nothing says who made a change: no session, address hash or username leaves the server.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { compileOptions, rows } from '../locations/locations.reads.js';
import { boundingBox, buildTextQuery, compileSearch, type SearchFilters } from '../locations/locations.search.js';
import { distanceMiles, rad } from '../locations/search-index/geo.js';
import { isPublicPlace } from '../locations/visibility.js';
import { changedFields } from '../locations/writes/index.js';

/** Entries a feed holds at most. */
const CHANGES_LIMIT = 50;

type ChangeKind = 'added' | 'changed' | 'reverted' | 'shown' | 'verified' | 'removed';

export interface Change {
  /** 'revision-N' or 'verification-N': unique and stable. */
  key: string;
  kind: ChangeKind;
  at: Date;
  /** The place, for every kind but 'removed'. */
  place: { id: number; slug: string; name: string; category: string } | null;
  /** A removed place's category (its one detail a removal tells). */
  category: string | null;
  /** The snapshot fields that changed (changed, reverted). */
  fields: string[];
  /** The opening hours after the change, when they changed. */
  openingHours: string | null;
}

const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const json = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>);

/** Which places a feed is about: a search's matches, or one place. */
export type ChangeScope = { filters: SearchFilters } | { placeId: number };

async function scopeCondition(db: Db, scope: ChangeScope, now: Date): Promise<SQL> {
  if ('placeId' in scope) return sql`l.id = ${scope.placeId} and ${isPublicPlace()}`;
  // The search's own SQL (its public condition included), as the exports filter.
  return compileSearch(scope.filters, { ...(await compileOptions(db, scope.filters.search)), now }).where;
}

const ACTION_KIND: Record<string, ChangeKind> = {
  create: 'added',
  // A place held for review is added when an administrator approves it (decision 0403).
  approve: 'added',
  update: 'changed',
  revert: 'reverted',
  show: 'shown',
};

export async function readChanges(db: Db, scope: ChangeScope, now: Date, limit = CHANGES_LIMIT): Promise<Change[]> {
  const where = await scopeCondition(db, scope, now);
  const revisions = await rows(
    db,
    sql`select r.id, r.action, r.before, r.after, r.created_at, l.id as place_id, l.slug, l.name, l.category
          from revisions r join locations l on l.id = r.entity_id
         where r.entity_type = 'location' and r.action in ('create', 'update', 'revert', 'show', 'approve') and ${where}
           -- What happened before a held place was approved was not public.
           and not exists (select 1 from revisions a where a.entity_type = 'location' and a.entity_id = r.entity_id
                             and a.action = 'approve' and a.id > r.id)
         order by r.created_at desc, r.id desc
         limit ${limit}`,
  );
  const verifications = await rows(
    db,
    sql`select v.id, v.at, l.id as place_id, l.slug, l.name, l.category
          from location_verifications v join locations l on l.id = v.location_id
         where ${where}
         order by v.at desc, v.id desc
         limit ${limit}`,
  );
  const out: Change[] = [];
  for (const r of revisions) {
    const before = json(r.before);
    const after = json(r.after);
    const fields = r.action === 'update' || r.action === 'revert' ? changedFields(before, after) : [];
    // A revert that hid the place it undid is a removal, and the place is not public: not here.
    out.push({
      key: `revision-${r.id}`,
      kind: ACTION_KIND[String(r.action)]!,
      at: date(r.created_at),
      place: { id: Number(r.place_id), slug: String(r.slug), name: String(r.name), category: String(r.category) },
      category: null,
      fields,
      openingHours: fields.includes('openingHours') ? ((after?.openingHours as string | null) ?? null) : null,
    });
  }
  for (const v of verifications) {
    out.push({
      key: `verification-${v.id}`,
      kind: 'verified',
      at: date(v.at),
      place: { id: Number(v.place_id), slug: String(v.slug), name: String(v.name), category: String(v.category) },
      category: null,
      fields: [],
      openingHours: null,
    });
  }
  if ('filters' in scope) out.push(...(await readRemovals(db, scope.filters, limit)));
  return out.sort((a, b) => b.at.getTime() - a.at.getTime() || b.key.localeCompare(a.key)).slice(0, limit);
}

/** What is known of a removed place: the row of a hidden one, a deleted one's last snapshot. */
interface RemovedState {
  category: string;
  name: string;
  description: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  tagIds: number[];
}

/**
 * The removals of places that are not public now and matched the search when they were: its
 * category, tags and distance exactly, its words as prefixes of the words of the name, address and
 * description (the full-text search's stemming and typo matching are not replayed on a removed
 * place). The hours filters are about the present and are left out.
 */
async function readRemovals(db: Db, f: SearchFilters, limit: number): Promise<Change[]> {
  const conds: SQL[] = [];
  if (f.category && f.category !== 'all') conds.push(sql`coalesce(l.category, r.before->>'category') = ${f.category}`);
  const found = await rows(
    db,
    sql`select r.id, r.action, r.before, r.created_at, r.entity_id,
               l.category, l.name, l.description, l.address, l.latitude, l.longitude,
               (select coalesce(json_agg(lt.tag_id), '[]'::json) from location_tags lt where lt.location_id = l.id) as tag_ids
          from revisions r left join locations l on l.id = r.entity_id
         where r.entity_type = 'location'
           and (r.action in ('hide', 'delete')
                or (r.action = 'revert' and (r.after->>'hidden') = 'true' and coalesce(r.before->>'hidden', 'false') = 'false'))
           and (l.id is null or not ${isPublicPlace()})
           ${conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
         order by r.created_at desc, r.id desc
         limit ${limit * 4}`,
  );
  const text = buildTextQuery(f.search);
  const out: Change[] = [];
  const seen = new Set<number>();
  for (const r of found) {
    const place = Number(r.entity_id);
    // The latest removal of each place only (hidden, shown, hidden again is one removal now).
    if (seen.has(place)) continue;
    seen.add(place);
    const before = json(r.before) ?? {};
    const state: RemovedState =
      r.category !== null && r.category !== undefined
        ? {
            category: String(r.category),
            name: String(r.name ?? ''),
            description: String(r.description ?? ''),
            address: String(r.address ?? ''),
            latitude: r.latitude === null ? null : Number(r.latitude),
            longitude: r.longitude === null ? null : Number(r.longitude),
            tagIds: ((typeof r.tag_ids === 'string' ? JSON.parse(r.tag_ids) : r.tag_ids) as number[]).map(Number),
          }
        : {
            category: String(before.category ?? ''),
            name: String(before.name ?? ''),
            description: String(before.description ?? ''),
            address: String(before.address ?? ''),
            latitude: before.latitude == null ? null : Number(before.latitude),
            longitude: before.longitude == null ? null : Number(before.longitude),
            tagIds: Array.isArray(before.tagIds) ? before.tagIds.map(Number) : [],
          };
    if (!matches(state, f, text?.words ?? [])) continue;
    out.push({
      key: `revision-${r.id}`,
      kind: 'removed',
      at: date(r.created_at),
      place: null,
      category: state.category,
      fields: [],
      openingHours: null,
    });
  }
  return out;
}

function matches(p: RemovedState, f: SearchFilters, words: string[]): boolean {
  if (f.category && f.category !== 'all' && p.category !== f.category) return false;
  if (f.tagIds?.some((t) => !p.tagIds.includes(t))) return false;
  if (f.lat !== undefined && f.lng !== undefined) {
    if (p.latitude === null || p.longitude === null) return false;
    const box = boundingBox(f.lat, f.lng, f.radius);
    if (p.latitude < box.minLat || p.latitude > box.maxLat || p.longitude < box.minLng || p.longitude > box.maxLng) {
      return false;
    }
    const cos = (deg: number) => Math.cos(rad(deg));
    if (distanceMiles(f.lat, f.lng, cos(f.lat), p.latitude, p.longitude, cos(p.latitude)) > f.radius) return false;
  }
  if (words.length) {
    const own =
      `${p.name} ${p.address} ${p.description.replace(/<[^>]*>/g, ' ')}`
        .toLowerCase()
        .normalize('NFKC')
        .match(/[\p{L}\p{N}]+/gu) ?? [];
    if (!words.every((w) => own.some((o) => o.startsWith(w)))) return false;
  }
  return true;
}
