// Locations: reads in the API's shape (tags and pending flag count in the same query, never N+1),
// search with paging in SQL, and writes that keep slugs stable, tag_text exact and a revision
// of every change in the same transaction.
import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import type {
  Location,
  LocationFormValues,
  LocationPatch,
  LocationPoint,
  MapCluster,
} from '../../../shared/schemas/location.js';
import { MAP_CELL_PX, MAP_VIEW_POINT_LIMIT, MERCATOR_MAX_LAT, type MapView } from '../../../shared/map-grid.js';
import { locationAddressRule } from '../../../shared/schemas/location.js';
import { slugify } from '../../../shared/slug.js';
import type { Db } from '../../db/connect.js';
import { locationSlugs, locationTags, locations, tags } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-error.js';
import { sanitizeDescription } from '../../lib/sanitize-description.js';
import type { Geocoder, GeoPoint } from '../geocode/geocoder.js';
import { type RevisionAuthor, snapshotLocation, writeRevision } from '../revisions/revisions.repository.js';
import { refreshTagText } from '../tags/tags.repository.js';
import {
  type CompileOptions,
  buildTextQuery,
  compileSearch,
  type SearchFilters,
  typoCandidatesQuery,
} from './locations.search.js';

export const LOCATION_NOT_FOUND = 'Location not found';

type Row = Record<string, unknown>;

async function rows<T = Row>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The read columns of `locations l` plus its tags and pending flag count (correlated subqueries
 * on indexed keys, evaluated only for the rows returned). */
const READ_COLUMNS = sql`
  l.id, l.name, l.category, l.description, l.address, l.latitude, l.longitude,
  l.created_at as "createdAt", l.updated_at as "updatedAt", l.website, l.slug,
  l.view_count as "viewCount", l.unique_id as "uniqueId", l.phone,
  l.operating_hours as "operatingHours", l.notion_id as "notionId", l.status, l.deadline,
  l.registration_link as "registrationLink", l.faq_link as "faqLink",
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'category', t.category)
                            order by lower(t.name), t.id)
              from location_tags lt join tags t on t.id = lt.tag_id
             where lt.location_id = l.id), '[]'::json) as tags,
  (select count(*)::int from flag_reports f where f.location_id = l.id and f.status = 'pending') as "flagCount"`;

function toLocation(r: Row): Location {
  const tagsValue = typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags;
  const out: Location = {
    id: Number(r.id),
    name: String(r.name),
    category: String(r.category),
    description: (r.description as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    website: (r.website as string | null) ?? null,
    slug: String(r.slug),
    viewCount: Number(r.viewCount ?? 0),
    uniqueId: String(r.uniqueId ?? ''),
    phone: (r.phone as string | null) ?? null,
    operatingHours: (r.operatingHours as string | null) ?? null,
    notionId: (r.notionId as string | null) ?? null,
    status: String(r.status),
    deadline: iso(r.deadline),
    registrationLink: (r.registrationLink as string | null) ?? null,
    faqLink: (r.faqLink as string | null) ?? null,
    tags: (tagsValue as Location['tags']) ?? [],
    flagCount: Number(r.flagCount ?? 0),
  };
  if ('distance' in r && r.distance !== null && r.distance !== undefined) out.distance = Number(r.distance);
  return out;
}

// ---------------------------------------------------------------- reads

export interface ReadOptions {
  /** Administrators see hidden places; the public never does. */
  includeHidden?: boolean;
}

export async function getLocationById(db: Db, id: number, opts: ReadOptions = {}): Promise<Location | null> {
  const found = await rows(
    db,
    sql`select ${READ_COLUMNS} from locations l where l.id = ${id}${opts.includeHidden ? sql`` : sql` and not l.hidden`}`,
  );
  return found[0] ? toLocation(found[0]) : null;
}

/** A place by its current slug or any slug it had before (location_slugs). */
export async function getLocationBySlug(db: Db, slug: string, opts: ReadOptions = {}): Promise<Location | null> {
  const found = await rows(
    db,
    sql`select ${READ_COLUMNS} from locations l
         where l.id = coalesce(
           (select id from locations where slug = ${slug}),
           (select location_id from location_slugs where slug = ${slug}))
         ${opts.includeHidden ? sql`` : sql`and not l.hidden`}`,
  );
  return found[0] ? toLocation(found[0]) : null;
}

/** Sums of the place's engagement rows (0 when none). */
export async function getEngagementTotals(db: Db, id: number) {
  const [r] = await rows<{ views: number; clicks: number }>(
    db,
    sql`select coalesce(sum(view_count), 0)::int as views, coalesce(sum(click_count), 0)::int as clicks
          from location_engagement where location_id = ${id}`,
  );
  return { totalViews: Number(r?.views ?? 0), totalClicks: Number(r?.clicks ?? 0) };
}

/** Typo matching only for the words that match no place by full text (one index probe each). */
async function compileOptions(db: Db, search: string | undefined): Promise<CompileOptions> {
  const text = buildTextQuery(search);
  const q = text && typoCandidatesQuery(text);
  if (!q) return {};
  const found = await rows<{ word: string }>(db, q);
  return { typoWords: new Set(found.map((r) => r.word)) };
}

export interface SearchPage {
  items: Location[];
  total: number;
}

/** One query: the filtered, ranked page (with count(*) over() for the total) joined back to the
 * read columns. `offset 0` keeps the rank and distance computed below the window: otherwise the
 * window stores every match with its whole search vector (25 MB for 60,000 matches, spilled to
 * disk) and computes the rank above it. Without limit it answers every match (docs/product.md section 7: the list call). */
export async function searchLocations(
  db: Db,
  query: SearchFilters & { limit?: number; offset?: number },
): Promise<SearchPage> {
  const s = compileSearch(query, await compileOptions(db, query.search));
  // The same keys inside (to pick the page) and outside (to keep its order after the join).
  const keys = (alias: string) => {
    const a = sql.raw(alias);
    return sql.join(
      [
        ...(s.hasText ? [sql`${a}.rank desc`] : []),
        ...(s.hasPoint ? [sql`${a}.distance asc`] : []),
        sql`lower(${a}.name) asc`,
        sql`${a}.name asc`,
        sql`${a}.id asc`,
      ],
      sql`, `,
    );
  };
  const page = sql`${query.limit !== undefined ? sql`limit ${query.limit}` : sql``} ${query.offset ? sql`offset ${query.offset}` : sql``}`;
  // Name order alone (no text, no point) walks locations_name_order_idx and stops at the page;
  // counting separately is then far cheaper than count(*) over () forcing a full sort.
  const nameOrderPage = !s.hasText && !s.hasPoint && query.limit !== undefined;
  const found = await rows(
    db,
    sql`select p.rank, p.distance, ${nameOrderPage ? sql`null` : sql`p.total`} as total, ${READ_COLUMNS}
          from (select q.* ${nameOrderPage ? sql`` : sql`, count(*) over () as total`} from (
                  select l.id, l.name, ${s.rank} as rank, ${s.distance} as distance
                    from locations l
                   where ${s.where}
                  offset 0) q
                 order by ${keys('q')}
                 ${page}) p
          join locations l on l.id = p.id
         order by ${keys('p')}`,
  );
  let total = found[0] && !nameOrderPage ? Number(found[0].total) : 0;
  if (nameOrderPage || (!found[0] && query.offset)) {
    // Past the last page (no row carries the total), or name order: count on its own.
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from locations l where ${s.where}`);
    total = Number(c?.n ?? 0);
  }
  return { items: found.map(toLocation), total };
}

/** Every matching place that has coordinates, as a light map point {id, slug, name, category,
 * lat, lng}, already as the JSON answer: built by the database in one value, so 20,000 points are not parsed into row objects and serialised again in JavaScript
 * (that cost ten times the query itself on PGlite). */
export async function searchPointsJson(db: Db, query: SearchFilters): Promise<string> {
  const s = compileSearch(query, await compileOptions(db, query.search));
  return pointsJson(db, s.where);
}

/** Pixel column and row of `l`'s clustering cell at a zoom level (Web Mercator, as the map draws it). */
function gridCell(zoom: number) {
  const cellsPerWorld = (256 * 2 ** zoom) / MAP_CELL_PX;
  const lat = sql`radians(greatest(${-MERCATOR_MAX_LAT}::double precision, least(${MERCATOR_MAX_LAT}::double precision, l.latitude)))`;
  return {
    column: sql`floor((l.longitude + 180) / 360 * ${cellsPerWorld}::double precision)`,
    row: sql`floor((1 - ln(tan(${lat}) + 1 / cos(${lat})) / pi()) / 2 * ${cellsPerWorld}::double precision)`,
  };
}

const withPoint = sql`l.latitude is not null and l.longitude is not null`;

/**
 * What the map draws (GET /api/locations/map, decision 0203), as the JSON answer. Up to
 * `pointLimit` matches come as points, all of them, and the map clusters them itself. Beyond that,
 * the places in `view` come as points when they are few (MAP_VIEW_POINT_LIMIT), else grouped by
 * the grid cell they fall in (MAP_CELL_PX at the view's zoom): one cluster {count, centre, box}
 * per cell, a lone place as its point. Without a view a large answer carries only the total and
 * the bounds. The total and the bounds are one query and the points another, outside a
 * transaction: a write in between only makes one answer briefly inconsistent, never wrong after.
 */
export async function searchMapJson(
  db: Db,
  query: SearchFilters,
  view: MapView | null,
  pointLimit: number,
): Promise<string> {
  const s = compileSearch(query, await compileOptions(db, query.search));
  const [summary] = await rows<{
    n: number;
    west: number | null;
    south: number | null;
    east: number | null;
    north: number | null;
  }>(
    db,
    sql`select count(*)::int as n, min(l.longitude) as west, min(l.latitude) as south,
               max(l.longitude) as east, max(l.latitude) as north
          from locations l where ${s.where} and ${withPoint}`,
  );
  const total = Number(summary?.n ?? 0);
  const bounds =
    total > 0
      ? {
          west: Number(summary!.west),
          south: Number(summary!.south),
          east: Number(summary!.east),
          north: Number(summary!.north),
        }
      : null;
  const answer = (complete: boolean, points: string, clusters: MapCluster[]) =>
    `{"total":${total},"bounds":${JSON.stringify(bounds)},"complete":${complete},"points":${points},"clusters":${JSON.stringify(clusters)}}`;

  if (total <= pointLimit) return answer(true, await pointsJson(db, s.where), []);
  if (!view) return answer(false, '[]', []);

  const viewLimit = Math.min(pointLimit, MAP_VIEW_POINT_LIMIT);
  const inView = sql`${s.where} and ${withPoint} and point(l.longitude, l.latitude) <@ box(
    point(${view.west}::double precision, ${view.south}::double precision),
    point(${view.east}::double precision, ${view.north}::double precision))`;
  const [seen] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from locations l where ${inView} limit ${viewLimit + 1}) v`,
  );
  if (Number(seen?.n ?? 0) <= viewLimit) return answer(false, await pointsJson(db, inView), []);

  const cell = gridCell(view.zoom);
  const cells = await rows<Row>(
    db,
    sql`select g.n, g.lat, g.lng, g.west, g.south, g.east, g.north,
               p.id, p.slug, p.name, p.category
          from (select count(*)::int as n, avg(l.latitude) as lat, avg(l.longitude) as lng,
                       min(l.longitude) as west, min(l.latitude) as south,
                       max(l.longitude) as east, max(l.latitude) as north, min(l.id) as one
                  from locations l
                 where ${inView}
                 group by ${cell.column}, ${cell.row}) g
          left join locations p on g.n = 1 and p.id = g.one
         order by g.n desc, g.one`,
  );
  const points: LocationPoint[] = [];
  const clusters: MapCluster[] = [];
  for (const c of cells) {
    if (c.id !== null && c.id !== undefined) {
      points.push({
        id: Number(c.id),
        slug: String(c.slug),
        name: String(c.name),
        category: String(c.category),
        lat: Number(c.lat),
        lng: Number(c.lng),
      });
    } else {
      // Five decimals are a metre: more only lengthens the answer.
      const r = (v: unknown) => Math.round(Number(v) * 1e5) / 1e5;
      clusters.push({
        lat: r(c.lat),
        lng: r(c.lng),
        count: Number(c.n),
        west: r(c.west),
        south: r(c.south),
        east: r(c.east),
        north: r(c.north),
      });
    }
  }
  return answer(false, JSON.stringify(points), clusters);
}

/** The map points of `where` over `locations l` as one JSON array, built by the database: json_agg
 * of the row (not json_build_object, which writes ' : ' and ', ': 12 % more bytes). */
async function pointsJson(db: Db, where: SQL): Promise<string> {
  const [r] = await rows<{ body: string | null }>(
    db,
    sql`select coalesce(json_agg(p order by p.id), '[]'::json)::text as body
          from (select l.id, l.slug, l.name, l.category, l.latitude as lat, l.longitude as lng
                  from locations l where ${where} and ${withPoint}) p`,
  );
  return r?.body ?? '[]';
}

// ---------------------------------------------------------------- writes

/** Stored column values of form fields: empty text becomes null, the description is sanitised. */
function toColumns(v: Partial<LocationFormValues>) {
  const nullIfEmpty = (s: string | undefined) => (s === undefined ? undefined : s.trim() === '' ? null : s.trim());
  const out: Partial<typeof locations.$inferInsert> = {};
  if (v.name !== undefined) out.name = v.name;
  if (v.category !== undefined) out.category = v.category;
  if (v.description !== undefined) out.description = sanitizeDescription(v.description) || null;
  if (v.address !== undefined) out.address = nullIfEmpty(v.address);
  if (v.phone !== undefined) out.phone = nullIfEmpty(v.phone);
  if (v.website !== undefined) out.website = nullIfEmpty(v.website);
  if (v.operatingHours !== undefined) out.operatingHours = nullIfEmpty(v.operatingHours);
  if (v.registrationLink !== undefined) out.registrationLink = nullIfEmpty(v.registrationLink);
  if (v.faqLink !== undefined) out.faqLink = nullIfEmpty(v.faqLink);
  if (v.status !== undefined) out.status = v.status;
  if (v.deadline !== undefined) out.deadline = v.deadline ? new Date(v.deadline) : null;
  return out;
}

/** 400 naming the unknown ids, before any work is done. */
export async function assertTagsExist(db: Db, tagIds: number[] | undefined): Promise<void> {
  if (!tagIds || tagIds.length === 0) return;
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
  const known = new Set(found.map((t) => t.id));
  const missing = tagIds.filter((id) => !known.has(id));
  if (missing.length) {
    const message = `Unknown tag id(s): ${missing.join(', ')}`;
    throw badRequest(message, { tagIds: message });
  }
}

/** A slug for `name` that no other place has now or had before. A place may take back one of its
 * own old slugs (rename there and back). */
export async function uniqueSlug(tx: Db, name: string, ownerId?: number): Promise<string> {
  const base = slugify(name);
  const like = `${base}-%`;
  const taken = await rows<{ slug: string; owner: number }>(
    tx,
    sql`select slug, location_id as owner from location_slugs where slug = ${base} or slug like ${like}
        union all
        select slug, id as owner from locations where slug = ${base} or slug like ${like}`,
  );
  const owners = new Map<string, Set<number>>();
  for (const t of taken) {
    const set = owners.get(t.slug) ?? new Set<number>();
    set.add(Number(t.owner));
    owners.set(t.slug, set);
  }
  const free = (slug: string) => {
    const o = owners.get(slug);
    return !o || (ownerId !== undefined && o.size === 1 && o.has(ownerId));
  };
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
}

async function linkTags(tx: Db, locationId: number, tagIds: number[]) {
  await tx.delete(locationTags).where(eq(locationTags.locationId, locationId));
  if (tagIds.length) await tx.insert(locationTags).values(tagIds.map((tagId) => ({ locationId, tagId })));
  await refreshTagText(tx, [locationId]);
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/** Retries a write whose slug lost a race to another writer (unique index says 23505). */
async function withSlugRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (errorCode(err) === '23505' && attempt < 4) continue;
      if (errorCode(err) === '23503') {
        // A tag was deleted between the check and the write.
        const message = 'Unknown tag id(s)';
        throw badRequest(message, { tagIds: message });
      }
      throw err;
    }
  }
}

/** The coordinates a write gives, when it gives both. */
function givenPoint(v: { latitude?: number | null; longitude?: number | null }): GeoPoint | null {
  return v.latitude != null && v.longitude != null ? { lat: v.latitude, lng: v.longitude } : null;
}

async function geocodeOrNull(geocoder: Geocoder, address: string | null | undefined): Promise<GeoPoint | null> {
  if (!address?.trim()) return null;
  try {
    return await geocoder.geocode(address.trim());
  } catch {
    // A failing geocoder never blocks saving a place; it just has no point yet.
    return null;
  }
}

export interface WriteDeps {
  db: Db;
  geocoder: Geocoder;
}

/** Creates a place (geocoding its address first, outside the transaction) and answers it. */
export async function createLocation(
  deps: WriteDeps,
  input: LocationFormValues,
  author: RevisionAuthor,
  extra: { uniqueId?: string; notionId?: string | null } = {},
): Promise<Location> {
  const { db } = deps;
  await assertTagsExist(db, input.tagIds);
  const columns = toColumns(input);
  // The place's own coordinates win over its address (decision 0303).
  const point = givenPoint(input) ?? (await geocodeOrNull(deps.geocoder, columns.address));
  const id = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const slug = await uniqueSlug(tx, input.name);
      const [row] = await tx
        .insert(locations)
        .values({
          ...columns,
          name: input.name,
          category: input.category,
          slug,
          latitude: point?.lat ?? null,
          longitude: point?.lng ?? null,
          ...(extra.uniqueId !== undefined ? { uniqueId: extra.uniqueId } : {}),
          ...(extra.notionId !== undefined ? { notionId: extra.notionId } : {}),
        })
        .returning({ id: locations.id });
      const newId = row!.id;
      await tx.insert(locationSlugs).values({ slug, locationId: newId });
      await linkTags(tx, newId, input.tagIds);
      await writeRevision(tx, {
        ...author,
        entityType: 'location',
        entityId: newId,
        action: 'create',
        before: null,
        after: await snapshotLocation(tx, newId),
      });
      return newId;
    }),
  );
  return (await getLocationById(db, id, { includeHidden: true }))!;
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();

/** Applies a partial form to a place: the address rule is checked on the merged result, the
 * address geocoded again only when it changed, and a rename keeps the old slug answering. */
export async function updateLocation(
  deps: WriteDeps,
  id: number,
  patch: LocationPatch,
  author: RevisionAuthor,
  opts: ReadOptions = {},
): Promise<Location> {
  const { db } = deps;
  const [current] = await db.select().from(locations).where(eq(locations.id, id));
  if (!current || (current.hidden && !opts.includeHidden)) throw notFound(LOCATION_NOT_FOUND);

  const merged = {
    category: patch.category ?? current.category,
    address: patch.address !== undefined ? patch.address : (current.address ?? ''),
  };
  const issues: { message?: string }[] = [];
  locationAddressRule(merged, { addIssue: (i: { message?: string }) => issues.push(i) } as never);
  if (issues.length) {
    const message = issues[0]!.message!;
    throw badRequest(message, { address: message });
  }
  await assertTagsExist(db, patch.tagIds);

  const columns = toColumns(patch);
  const addressChanged = patch.address !== undefined && !sameText(columns.address, current.address);
  // Decision 0303: coordinates that differ from the stored ones are the person's and win; the same
  // ones sent back with a new address are the old geocoding, so the new address is geocoded; both
  // null means "from the address" (geocoded again).
  const given = givenPoint(patch);
  const movedByHand = given !== null && (given.lat !== current.latitude || given.lng !== current.longitude);
  const cleared = patch.latitude === null && patch.longitude === null;
  const relocate = movedByHand || addressChanged || cleared;
  const address = columns.address !== undefined ? columns.address : current.address;
  const point = movedByHand ? given : relocate ? await geocodeOrNull(deps.geocoder, address) : null;

  await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const before = await snapshotLocation(tx, id);
      if (!before) throw notFound(LOCATION_NOT_FOUND);
      const set: Partial<typeof locations.$inferInsert> = { ...columns, updatedAt: new Date() };
      if (relocate) {
        set.latitude = point?.lat ?? null;
        set.longitude = point?.lng ?? null;
      }
      if (patch.name !== undefined && patch.name !== before.name) {
        const [{ slug: currentSlug } = { slug: '' }] = await tx
          .select({ slug: locations.slug })
          .from(locations)
          .where(eq(locations.id, id));
        const base = slugify(patch.name);
        const keeps = currentSlug === base || new RegExp(`^${base}-\\d+$`).test(currentSlug);
        if (!keeps) {
          const slug = await uniqueSlug(tx, patch.name, id);
          set.slug = slug;
          await tx.insert(locationSlugs).values({ slug, locationId: id }).onConflictDoNothing();
        }
      }
      await tx.update(locations).set(set).where(eq(locations.id, id));
      if (patch.tagIds !== undefined) await linkTags(tx, id, patch.tagIds);
      await writeRevision(tx, {
        ...author,
        entityType: 'location',
        entityId: id,
        action: 'update',
        before,
        after: await snapshotLocation(tx, id),
      });
    }),
  );
  return (await getLocationById(db, id, { includeHidden: true }))!;
}
