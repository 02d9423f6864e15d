// Which public places an HSDS list holds (decision 1003): filters the search knows go to the
// in-process index, as on Discover; the others (modified_after, organization_id, a postcode alone)
// are answered in SQL under the search's conditions, fresh facts first (decision 0805).
import { type SQL, sql } from 'drizzle-orm';
import { LOCATION_CATEGORIES, TAG_CATEGORIES } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { type FeedPlace, type FeedTag, searchPublicPlaces } from '../feeds/feed-places.js';
import { compileOptions, rows, type SearchReads } from '../locations/locations.reads.js';
import { compileSearch, type SearchFilters } from '../locations/locations.search.js';
import { paymentOfTerm } from './hsds-attributes.js';
import { parseHsdsId, TAXONOMY_ID_NUMBER } from './hsds-ids.js';

export interface PlaceListQuery {
  search?: string;
  taxonomyTermId?: string;
  taxonomyId?: string;
  organizationId?: string;
  modifiedAfter?: Date;
  /** A point and a radius (from postcode and proximity). */
  near?: { lat: number; lng: number; radius: number };
  /** A postcode the address must name (postcode without proximity). */
  postcode?: string;
  /** Only places with an address or a point (service_at_locations). */
  withLocation?: boolean;
  offset: number;
  limit: number;
}

/** The search a taxonomy term stands for: a category, a tag, or every tag of a tag category;
 * null when the term is not one of ours (no place has it). */
async function termFilter(id: string): Promise<Partial<SearchFilters> | SQL | null> {
  const parsed = parseHsdsId(id);
  if (!parsed) return null;
  if (parsed.kind === 'category_term') {
    const category = LOCATION_CATEGORIES[parsed.n - 1];
    return category ? { category } : null;
  }
  if (parsed.kind === 'tag_term') return { tagIds: [parsed.n] };
  if (parsed.kind === 'payment_term') {
    const key = paymentOfTerm(parsed.n);
    return key ? sql`l.attributes @> ${JSON.stringify({ [key]: true })}::jsonb` : null;
  }
  if (parsed.kind === 'tag_group_term') {
    const group = TAG_CATEGORIES[parsed.n - 1];
    return group
      ? sql`exists (select 1 from location_tags lt join tags t on t.id = lt.tag_id
                     where lt.location_id = l.id and t.category = ${group})`
      : null;
  }
  return null;
}

/** The page's place ids and the total; with the places themselves when the search read them. */
export async function listPlaceIds(
  reads: SearchReads,
  q: PlaceListQuery,
  now: Date,
): Promise<{ ids: number[]; total: number; places?: FeedPlace[] }> {
  const { db } = reads;
  const none = { ids: [], total: 0 };
  const filters: SearchFilters = { radius: q.near?.radius ?? 5, search: q.search || undefined };
  if (q.near) Object.assign(filters, { lat: q.near.lat, lng: q.near.lng });
  const extra: SQL[] = [];
  if (q.taxonomyId) {
    const t = parseHsdsId(q.taxonomyId);
    if (t?.kind !== 'taxonomy' || t.n !== TAXONOMY_ID_NUMBER) return none;
  }
  if (q.taxonomyTermId) {
    const f = await termFilter(q.taxonomyTermId);
    if (!f) return none;
    if ('getSQL' in f) extra.push(f as SQL);
    else Object.assign(filters, f);
  }
  if (q.organizationId) {
    const o = parseHsdsId(q.organizationId);
    if (o?.kind !== 'organization') return none;
    extra.push(sql`l.id = ${o.n}`);
  }
  if (q.modifiedAfter) extra.push(sql`l.updated_at >= ${q.modifiedAfter.toISOString()}::timestamptz`);
  if (q.postcode) extra.push(sql`l.address ~ ${`(^|[^0-9])${q.postcode}([^0-9]|$)`}`);
  if (q.withLocation) extra.push(sql`(l.address is not null and l.address <> '' or l.latitude is not null)`);

  if (extra.length === 0) {
    const { places, total } = await searchPublicPlaces(reads, filters, q.limit, q.offset);
    return { ids: places.map((p) => p.id), total, places };
  }
  const s = compileSearch(filters, { ...(await compileOptions(db, filters.search)), now });
  const where = sql.join([s.where, ...extra], sql` and `);
  const found = await rows<{ id: number; total: number }>(
    db,
    sql`select l.id, count(*) over () as total from locations l where ${where}
         order by ${s.stale}, lower(l.name), l.name, l.id limit ${q.limit} offset ${q.offset}`,
  );
  let total = found[0] ? Number(found[0].total) : 0;
  if (!found[0] && q.offset > 0) {
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from locations l where ${where}`);
    total = Number(c?.n ?? 0);
  }
  return { ids: found.map((r) => Number(r.id)), total };
}

export async function readTags(db: Db): Promise<FeedTag[]> {
  const found = await rows<{ id: number; name: string; category: string | null }>(
    db,
    sql`select id, name, category from tags order by lower(name), id`,
  );
  return found.map((t) => ({ id: Number(t.id), name: t.name, category: t.category }));
}

export async function readTag(db: Db, id: number): Promise<FeedTag | null> {
  const [t] = await rows<{ id: number; name: string; category: string | null }>(
    db,
    sql`select id, name, category from tags where id = ${id}`,
  );
  return t ? { id: Number(t.id), name: t.name, category: t.category } : null;
}
