// The public places the feeds, the widget and the HSDS API show (decision 1000): a search's first
// places in Discover's order (the search's own answer: the in-process index picks them, the page is
// read under the one public condition, locations/visibility.ts), places by id, or one by slug.
import { type SQL, sql } from 'drizzle-orm';
import type { DiscoverFilters } from '../../../shared/discover-query.js';
import type { PlaceAttributes } from '../../../shared/place-attributes.js';
import type { Location } from '../../../shared/schemas/location.js';
import { ADDRESS_NOT_FOUND } from '../../../shared/schemas/geocode.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../http-error.js';
import { rows, type SearchReads, searchLocations } from '../locations/locations.reads.js';
import type { SearchFilters } from '../locations/locations.search.js';
import { readIndexPage } from '../locations/search-index/index-search.js';
import { searchVersionSql } from '../locations/search-index/sync.js';
import { KEEP_PREPARED } from '../../db/pglite-process.js';
import { isPublicPlace } from '../locations/visibility.js';
import { now as clockNow } from '../../lib/clock.js';

export interface FeedTag {
  id: number;
  name: string;
  category: string | null;
}

export interface FeedPlace {
  id: number;
  slug: string;
  name: string;
  category: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  openingHours: string | null;
  operatingHours: string | null;
  status: string;
  deadline: Date | null;
  registrationLink: string | null;
  faqLink: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastVerifiedAt: Date | null;
  tags: FeedTag[];
  /** The known facts only (decision 0803). */
  attributes: PlaceAttributes;
}

/** What a search's calendar and the widget show of a place: its read returns less than half the
 * columns, which is most of what a 50-place page costs the embedded database. */
export type BriefPlace = Pick<
  FeedPlace,
  | 'id'
  | 'slug'
  | 'name'
  | 'category'
  | 'description'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'openingHours'
  | 'deadline'
  | 'updatedAt'
  | 'lastVerifiedAt'
>;

const date = (v: unknown): Date | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d;
};
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

// One literal, no spread of the brief place: spreading a fresh object cost ~25 µs a place in V8,
// a tenth of the server's CPU on a page of HSDS services.
function toFeedPlace(r: Record<string, unknown>, tags: Map<number, FeedTag & { rank: number }>): FeedPlace {
  const own = ((r.tag_ids as Array<number | string> | null) ?? []).flatMap((id) => tags.get(Number(id)) ?? []);
  const brief = toBriefPlace(r);
  return {
    id: brief.id,
    slug: brief.slug,
    name: brief.name,
    category: brief.category,
    description: brief.description,
    address: brief.address,
    latitude: brief.latitude,
    longitude: brief.longitude,
    website: (r.website as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    openingHours: brief.openingHours,
    operatingHours: (r.operating_hours as string | null) ?? null,
    status: String(r.status),
    deadline: brief.deadline,
    registrationLink: (r.registration_link as string | null) ?? null,
    faqLink: (r.faq_link as string | null) ?? null,
    createdAt: date(r.created_at)!,
    updatedAt: brief.updatedAt,
    lastVerifiedAt: brief.lastVerifiedAt,
    tags: own.sort((a, b) => a.rank - b.rank).map(({ id, name, category }) => ({ id, name, category })),
    attributes: json<PlaceAttributes | null>(r.attributes) ?? {},
  };
}

// The tags as ids: naming them per place (json_agg over a join) cost the embedded database most of
// the read; the page's few tags are named once, in the same statement (tagsOf).
const COLUMNS = sql`l.id, l.slug, l.name, l.category, l.description, l.address, l.latitude, l.longitude,
  l.website, l.phone, l.opening_hours, l.operating_hours, l.status, l.deadline, l.registration_link,
  l.faq_link, l.created_at, l.updated_at, l.attributes, l.last_verified_at,
  (select array_agg(lt.tag_id) from location_tags lt where lt.location_id = l.id) as tag_ids`;

// The description only where a deadline's event shows it.
const BRIEF_COLUMNS = sql`l.id, l.slug, l.name, l.category, l.address, l.latitude, l.longitude, l.opening_hours,
  l.deadline, case when l.deadline is not null then l.description end as description, l.updated_at,
  l.last_verified_at`;

/** The tags of the places whose `location_id` passes `places`, as JSON in the tags' order. */
const tagsOf = (places: SQL) =>
  sql`(select json_agg(t order by lower(t.name), t.id)::text from (select id, name, category from tags
        where id in (select tag_id from location_tags where location_id ${places})) t)`;

function toBriefPlace(r: Record<string, unknown>): BriefPlace {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    category: String(r.category),
    description: (r.description as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    latitude: r.latitude === null || r.latitude === undefined ? null : Number(r.latitude),
    longitude: r.longitude === null || r.longitude === undefined ? null : Number(r.longitude),
    openingHours: (r.opening_hours as string | null) ?? null,
    deadline: date(r.deadline),
    updatedAt: date(r.updated_at)!,
    lastVerifiedAt: date(r.last_verified_at),
  };
}

/** The tags (JSON, in the tags' order: lower(name), id) by id, with their rank in that order, which
 * each place's list follows. */
function tagsByRank(text: string | null): Map<number, FeedTag & { rank: number }> {
  const tags = text ? (JSON.parse(text) as FeedTag[]) : [];
  return new Map(
    tags.map((t, rank) => [Number(t.id), { id: Number(t.id), name: t.name, category: t.category ?? null, rank }]),
  );
}

/** How a page of places is read: its columns, whether their tags are named, and how a row becomes
 * a place. */
interface PlaceRead<T> {
  columns: SQL;
  withTags: boolean;
  toPlace(r: Record<string, unknown>, tags: Map<number, FeedTag & { rank: number }>): T;
}

const fullRead: PlaceRead<FeedPlace> = { columns: COLUMNS, withTags: true, toPlace: toFeedPlace };
const briefRead: PlaceRead<BriefPlace> = { columns: BRIEF_COLUMNS, withTags: false, toPlace: toBriefPlace };

/** What a caller already holds of a place, made from it as of these versions (epoch ms of
 * updated_at and last_verified_at, 0 for none): a read names such a place, still public and
 * unchanged, by its id instead of reading it again (a search calendar's kept events, calendar.ts). */
export interface Held {
  updated: number;
  verified: number;
}

/** A place the read found public and unchanged since the caller's `held`. */
export interface StillHeld<H extends Held> {
  id: number;
  held: H;
}

/** A place's versions as `Held` has them: whole milliseconds, as a JavaScript date keeps them. */
const msOf = (column: SQL) => sql`coalesce(floor(extract(epoch from ${column}) * 1000), 0)::float8`;

/** The public places among `ids`, in the order of `ids`, and the search index's version read in the
 * same statement (a search's page checks with it that the index it asked was current); the places
 * the caller holds unchanged (`held`) named only by their id. One statement, kept prepared by the
 * embedded database: only the arrays change. */
async function readPublicPlacesAt<T, H extends Held = never>(
  db: Db,
  ids: number[],
  read: PlaceRead<T>,
  held?: (id: number) => H | undefined,
): Promise<{ places: Array<T | StillHeld<H>>; version: number | null }> {
  if (ids.length === 0) return { places: [], version: null };
  // The page as one JSON text: the embedded database's process hands a result over row by row and
  // cell by cell, which cost it more than writing JSON (for 50 places, 1.8 against 2.2 ms of its CPU).
  const set = `{${ids.join(',')}}`;
  const holding = ids.flatMap((id) => {
    const h = held?.(id);
    return h ? [{ id, h }] : [];
  });
  const heldIds = `{${holding.map((x) => x.id).join(',')}}`;
  const heldUpdated = `{${holding.map((x) => x.h.updated).join(',')}}`;
  const heldVerified = `{${holding.map((x) => x.h.verified).join(',')}}`;
  const unchanged = sql`(l.id, ${msOf(sql`l.updated_at`)}, ${msOf(sql`l.last_verified_at`)}) in
    (select * from unnest(${heldIds}::int[], ${heldUpdated}::float8[], ${heldVerified}::float8[]))`;
  // Each place as its row, or as its id alone when the caller holds it unchanged: one pass.
  const page = held ? sql`case when p.same then to_json(p.id) else to_json(p) end` : sql`p`;
  const [found] = await rows<{ places: string | null; tags: string | null; index_version: number }>(
    db,
    sql`select ${sql.raw(KEEP_PREPARED)} (select json_agg(${page})::text
          from (select ${read.columns}${held ? sql`, ${unchanged} as same` : sql``} from locations l
                 where l.id = any(${set}::int[]) and ${isPublicPlace()}) p) as places,
          ${read.withTags ? tagsOf(sql`= any(${set}::int[])`) : sql`null`} as tags, ${searchVersionSql} as index_version`,
  );
  const tags = tagsByRank(found?.tags ?? null);
  const heldById = new Map(holding.map((x) => [x.id, x.h]));
  const byId = new Map<number, T | StillHeld<H>>();
  for (const r of found?.places ? (JSON.parse(found.places) as Array<Record<string, unknown> | number>) : []) {
    if (typeof r !== 'number') byId.set(Number(r.id), read.toPlace(r, tags));
    else {
      const h = heldById.get(r);
      if (h) byId.set(r, { id: r, held: h });
    }
  }
  return { places: ids.flatMap((id) => byId.get(id) ?? []), version: found ? Number(found.index_version) : null };
}

/** The public places among `ids`, in the order of `ids`. */
export async function readPublicPlaces(db: Db, ids: number[]): Promise<FeedPlace[]> {
  return (await readPublicPlacesAt(db, ids, fullRead)).places as FeedPlace[];
}

/** A public place by its slug or any slug it had, or null. */
export async function publicPlaceBySlug(db: Db, slug: string): Promise<FeedPlace | null> {
  const [found] = await rows<Record<string, unknown> & { tags: string | null }>(
    db,
    sql`select ${COLUMNS}, ${tagsOf(sql`= l.id`)} as tags from locations l
         where l.id = coalesce((select id from locations where slug = ${slug}),
                               (select location_id from location_slugs where slug = ${slug}))
           and ${isPublicPlace()}`,
  );
  return found ? toFeedPlace(found, tagsByRank(found.tags)) : null;
}

/** The search a Discover query names, as the list search takes it: the address looked up through
 * the server's geocoder (cached), and refused when nothing is known of it, so that "near 64110"
 * never silently becomes "anywhere". */
export async function searchFiltersOf(ctx: AppContext, f: DiscoverFilters): Promise<SearchFilters> {
  const out: SearchFilters = {
    category: f.category === 'all' ? undefined : (f.category as SearchFilters['category']),
    search: f.search || undefined,
    tagIds: f.tagIds.length ? f.tagIds : undefined,
    radius: f.radius,
    openNow: f.openNow || undefined,
    inSeason: f.inSeason || undefined,
    ...(f.days.length ? { days: f.days, from: f.from, to: f.to } : {}),
    pay: f.pay.length ? f.pay : undefined,
    access: f.access.length ? f.access : undefined,
  };
  if (f.address) {
    const point = await ctx.geocoder.geocode(f.address);
    if (!point) throw new HttpError(400, ADDRESS_NOT_FOUND, { address: ADDRESS_NOT_FOUND });
    out.lat = point.lat;
    out.lng = point.lng;
  }
  return out;
}

/** A place of the search's own answer (read under the public condition, locations.reads.ts) in
 * the feeds' shape: one read of the page, not two. */
function fromLocation(p: Location): FeedPlace {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    description: p.description,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    website: p.website,
    phone: p.phone,
    openingHours: p.openingHours,
    operatingHours: p.operatingHours,
    status: p.status,
    deadline: date(p.deadline),
    registrationLink: p.registrationLink,
    faqLink: p.faqLink,
    createdAt: new Date(p.createdAt),
    updatedAt: new Date(p.updatedAt),
    lastVerifiedAt: date(p.lastVerifiedAt),
    tags: p.tags.map((t) => ({ id: t.id, name: t.name, category: t.category ?? null })),
    attributes: p.attributes,
  };
}

/** The first `limit` public places of a search (after `offset`), in Discover's order, and how many
 * match: the index gives the page's ids and the feeds' own lean read fetches them, without the
 * list's per-place work (hours status, facts age) feeds never show. As the list's search does, the
 * index answers as it is and is asked again, caught up, when the read shows it was behind. */
async function searchPage<T, H extends Held = never>(
  reads: SearchReads,
  filters: SearchFilters,
  limit: number,
  offset: number,
  read: PlaceRead<T>,
  fromSql: (p: Location) => T,
  held?: (id: number) => H | undefined,
): Promise<{ places: Array<T | StillHeld<H>>; total: number }> {
  const { db, searchIndex } = reads;
  const query = { ...filters, limit, offset };
  const now = clockNow();
  const found = await readIndexPage(db, searchIndex, query, now, async (ids) => {
    const { places, version } = await readPublicPlacesAt(db, ids, read, held);
    return { rows: places, version };
  });
  if (found) return { places: found.rows, total: found.page.total };
  const sqlPage = await searchLocations(reads, query);
  return { places: sqlPage.items.map(fromSql), total: sqlPage.total };
}

/** A search's page of places in full (HSDS). */
export async function searchPublicPlaces(reads: SearchReads, filters: SearchFilters, limit: number, offset = 0) {
  const { places, total } = await searchPage(reads, filters, limit, offset, fullRead, fromLocation);
  return { places: places as FeedPlace[], total };
}

/** A search's first places as the widget shows them. */
export async function searchBriefPlaces(reads: SearchReads, filters: SearchFilters, limit: number) {
  const { places, total } = await searchPage(reads, filters, limit, 0, briefRead, fromLocation);
  return { places: places as BriefPlace[], total };
}

/** A search's first places as its calendar shows them: those whose events the calendar holds
 * unchanged (`held`) come back as `StillHeld`, without their data. */
export function searchCalendarPlaces<H extends Held>(
  reads: SearchReads,
  filters: SearchFilters,
  limit: number,
  held: (id: number) => H | undefined,
) {
  return searchPage<BriefPlace, H>(reads, filters, limit, 0, briefRead, fromLocation, held);
}
