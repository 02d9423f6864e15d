// Reading places in the API's shape: one place by id or slug, and the search list with paging in
// SQL (tags and pending flag count in the same query, never N+1). Writes are in writes/, the map's
// answers in locations.map.ts.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openingHoursFields } from '../../../shared/opening-hours.js';
import type { Location } from '../../../shared/schemas/location.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/connect.js';
import { KEEP_PREPARED } from '../../db/pglite-process.js';
import { locations } from '../../db/schema.js';
import { now as clockNow } from '../../lib/clock.js';
import {
  type CompileOptions,
  buildTextQuery,
  compileSearch,
  distanceFrom,
  type SearchFilters,
  typoCandidatesQuery,
} from './locations.search.js';
import { readIndexPage } from './search-index/index-search.js';
import { type SearchIndex, searchVersionSql } from './search-index/sync.js';
import { isPublicPlace } from './visibility.js';

/** What a search reads: the database, and the process's index when it can answer (AppContext). */
export interface SearchReads {
  db: Db;
  searchIndex: SearchIndex;
}

export const LOCATION_NOT_FOUND = MSG.locationNotFoundShort;

export type Row = Record<string, unknown>;

export async function rows<T = Row>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
// json_agg arrives parsed from node-postgres and as text from the embedded database's thread.
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** `locations` as `l`: the alias the search's SQL (locations.search.ts) is written against. */
const l = alias(locations, 'l');

/** What a read answers of a place: its columns, typed by the schema, plus its tags (name order),
 * its pending flag count and its last check (correlated subqueries on indexed keys, evaluated
 * only for the rows returned). A new column is added here once and typed everywhere. The
 * subqueries name `l.id` as text: drizzle writes an aliased column inside sql`` without its
 * table, which inside a subquery would mean the subquery's own id. */
const readFields = {
  id: l.id,
  name: l.name,
  category: l.category,
  description: l.description,
  address: l.address,
  latitude: l.latitude,
  longitude: l.longitude,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
  website: l.website,
  slug: l.slug,
  viewCount: l.viewCount,
  uniqueId: l.uniqueId,
  phone: l.phone,
  operatingHours: l.operatingHours,
  notionId: l.notionId,
  status: l.status,
  deadline: l.deadline,
  registrationLink: l.registrationLink,
  faqLink: l.faqLink,
  openingHours: l.openingHours,
  attributes: l.attributes,
  sourceName: l.sourceName,
  sourceRef: l.sourceRef,
  sourceLicense: l.sourceLicense,
  sourcePublishedAt: l.sourcePublishedAt,
  pointApproximate: l.pointApproximate,
  lastVerifiedAt: sql<
    string | null
  >`(select max(v.at) from location_verifications v where v.location_id = l.id)`.mapWith(iso),
  tags: sql<
    Location['tags']
  >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'category', t.category)
                            order by lower(t.name), t.id)
              from location_tags lt join tags t on t.id = lt.tag_id
             where lt.location_id = l.id), '[]'::json)`.mapWith((v) => json<Location['tags']>(v) ?? []),
  flagCount:
    sql<number>`(select count(*)::int from flag_reports f where f.location_id = l.id and f.status = 'pending')`.mapWith(
      Number,
    ),
};

const selectRead = (db: Db) => db.select(readFields).from(l);
type ReadRow = Awaited<ReturnType<typeof selectRead>>[number];

/** A read row in the API's shape; open now and the next change are evaluated at `now` (decision
 * 0800), so an answer says what holds when it was made. */
function toLocation(r: ReadRow, now: Date, distance?: number | null): Location {
  const hours = openingHoursFields(r.openingHours, now);
  const { sourceName, sourceRef, sourceLicense, sourcePublishedAt, ...rest } = r;
  const out: Location = {
    ...rest,
    source: sourceName
      ? { name: sourceName, ref: sourceRef, license: sourceLicense, publishedAt: iso(sourcePublishedAt) }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    deadline: r.deadline ? r.deadline.toISOString() : null,
    openNow: hours.openNow,
    nextChange: hours.nextChange,
  };
  if (distance !== null && distance !== undefined) out.distance = Number(distance);
  return out;
}

// ---------------------------------------------------------------- reads

export interface ReadOptions {
  /** Administrators see hidden places; the public never does. */
  includeHidden?: boolean;
}

export async function getLocationById(db: Db, id: number, opts: ReadOptions = {}): Promise<Location | null> {
  const [found] = await selectRead(db).where(and(eq(l.id, id), opts.includeHidden ? undefined : isPublicPlace()));
  return found ? toLocation(found, clockNow()) : null;
}

/** A place by its current slug or any slug it had before (location_slugs). */
export async function getLocationBySlug(db: Db, slug: string, opts: ReadOptions = {}): Promise<Location | null> {
  const [found] = await selectRead(db).where(
    and(
      sql`l.id = coalesce(
           (select id from locations where slug = ${slug}),
           (select location_id from location_slugs where slug = ${slug}))`,
      opts.includeHidden ? undefined : isPublicPlace(),
    ),
  );
  return found ? toLocation(found, clockNow()) : null;
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
export async function compileOptions(db: Db, search: string | undefined): Promise<CompileOptions> {
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

/** The places of an index page, with their distance as SQL computes it (so the answer's figures
 * are the SQL search's to the last bit; the index's own, from JavaScript's libm, may differ in the
 * last place and only order) and the change log's version, read in the same statement. Built once
 * per database as a prepared query (with a point and without): a search then only fills in its
 * ids, where building the statement each time cost about a fifth of the request's own work on the
 * thread that serves HTTP (decision 0505). */
function buildPageReads(db: Db) {
  const read = (distance: SQL.Aliased<number | null> | SQL<number | null>, name: string) =>
    db
      .select({ ...readFields, distance, indexVersion: searchVersionSql })
      .from(l)
      .where(and(sql`${sql.raw(KEEP_PREPARED)} l.id = any(${sql.placeholder('ids')}::int[])`, isPublicPlace()))
      .prepare(name);
  return {
    plain: read(sql<null>`null`, 'kc_page_read'),
    near: read(distanceFrom(sql.placeholder('lat'), sql.placeholder('lng')).mapWith(Number), 'kc_page_read_near'),
  };
}
const pageReads = new WeakMap<Db, ReturnType<typeof buildPageReads>>();

function readPage(db: Db, query: SearchFilters, ids: number[]) {
  let reads = pageReads.get(db);
  if (!reads) {
    reads = buildPageReads(db);
    pageReads.set(db, reads);
  }
  return query.lat !== undefined && query.lng !== undefined
    ? reads.near.execute({ ids, lat: query.lat, lng: query.lng })
    : reads.plain.execute({ ids });
}

/**
 * The search's page: from the in-process index when it can answer (decision 0504: the same
 * matches and count as the SQL below, and the same order but for text relevance, decision 0513),
 * the page's places then read by id; else in SQL.
 */
export async function searchLocations(
  { db, searchIndex }: SearchReads,
  query: SearchFilters & { limit?: number; offset?: number },
): Promise<SearchPage> {
  const now = clockNow();
  const found = await readIndexPage(db, searchIndex, query, now, async (ids) => {
    const rows = ids.length ? await readPage(db, query, ids) : [];
    return { rows, version: rows[0]?.indexVersion ?? null };
  });
  if (!found) return searchLocationsSql(db, query);
  const { page, rows } = found;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: Location[] = [];
  for (const id of page.ids) {
    const r = byId.get(id);
    // Gone between the index's answer and this read (deleted or hidden meanwhile): left out.
    if (!r) continue;
    const { distance, indexVersion: _v, ...row } = r;
    items.push(toLocation(row, now, distance));
  }
  return { items, total: page.total };
}

/** One query: the filtered, ranked page (with count(*) over() for the total) joined back to the
 * read columns. `offset 0` keeps the rank and distance computed below the window: otherwise the
 * window stores every match with its whole search vector (25 MB for 60,000 matches, spilled to
 * disk) and computes the rank above it. Without limit it answers every match (docs/product.md section 7: the list call). */
export async function searchLocationsSql(
  db: Db,
  query: SearchFilters & { limit?: number; offset?: number },
  only?: { ids: number[] },
): Promise<SearchPage> {
  const s = compileSearch(query, { ...(await compileOptions(db, query.search)), onlyIds: only?.ids });
  // The same keys inside (to pick the page) and outside (to keep its order after the join): the
  // relevance, then fresh facts before stale ones (decision 0805), then the name.
  const keys = (alias: string) => {
    const a = sql.raw(alias);
    return sql.join(
      [
        ...(s.hasText ? [sql`${a}.rank desc`] : []),
        ...(s.hasPoint ? [sql`${a}.distance asc`] : []),
        sql`${a}.stale asc`,
        sql`lower(${a}.name) asc`,
        sql`${a}.name asc`,
        sql`${a}.id asc`,
      ],
      sql`, `,
    );
  };
  const columns = sql`l.id, l.name, ${s.rank} as rank, ${s.distance} as distance, ${s.stale} as stale`;
  // Name order alone (no text, no point) is fresh places by name, then stale ones by name: the
  // count first, then each group's part of the page as its own walk of locations_name_order_idx
  // that stops at the page (decision 0805), where one sort by staleness would read every match.
  if (!s.hasText && !s.hasPoint && query.limit !== undefined) {
    const [c] = await rows<{ n: number; stale: number }>(
      db,
      sql`select count(*)::int as n, (count(*) filter (where ${s.stale}))::int as stale from locations l where ${s.where}`,
    );
    const total = Number(c?.n ?? 0);
    const fresh = total - Number(c?.stale ?? 0);
    const offset = query.offset ?? 0;
    const freshTake = Math.max(0, Math.min(query.limit, fresh - offset));
    const walk = (stale: boolean, limit: number, skip: number) =>
      sql`(select ${columns} from locations l where ${s.where} and ${stale ? s.stale : sql`not ${s.stale}`}
            order by lower(l.name), l.name, l.id limit ${limit} offset ${skip})`;
    const parts = [
      ...(freshTake > 0 ? [walk(false, freshTake, offset)] : []),
      ...(query.limit - freshTake > 0 && offset + query.limit > fresh
        ? [walk(true, query.limit - freshTake, Math.max(0, offset - fresh))]
        : []),
    ];
    if (!parts.length) return { items: [], total };
    const found = await db
      .select({ ...readFields, distance: sql<number | null>`p.distance` })
      .from(sql`(${sql.join(parts, sql` union all `)}) p`)
      .innerJoin(l, sql`l.id = p.id`)
      .orderBy(keys('p'));
    const now = clockNow();
    return { items: found.map(({ distance, ...r }) => toLocation(r, now, distance)), total };
  }
  const page = sql`${query.limit !== undefined ? sql`limit ${query.limit}` : sql``} ${query.offset ? sql`offset ${query.offset}` : sql``}`;
  const found = await db
    .select({ ...readFields, distance: sql<number | null>`p.distance`, total: sql<number | null>`p.total` })
    .from(
      sql`(select q.*, count(*) over () as total from (
              select ${columns} from locations l where ${s.where}
              offset 0) q
             order by ${keys('q')}
             ${page}) p`,
    )
    .innerJoin(l, sql`l.id = p.id`)
    .orderBy(keys('p'));
  let total = found[0] ? Number(found[0].total) : 0;
  if (!found[0] && query.offset) {
    // Past the last page: no row carries the total, so count on its own.
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from locations l where ${s.where}`);
    total = Number(c?.n ?? 0);
  }
  const now = clockNow();
  return { items: found.map(({ distance, total: _t, ...r }) => toLocation(r, now, distance)), total };
}

// ---------------------------------------------------------------- an author's own places (decision 0403)

/** The places this browser session added from this network that wait for review (a few at most:
 * budgets bound them). */
export async function ownPendingPlaceIds(
  db: Db,
  author: { sessionId: string | null; clientHash: string },
): Promise<number[]> {
  if (!author.sessionId) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`select l.id from locations l
          join revisions r on r.entity_type = 'location' and r.entity_id = l.id and r.action = 'create'
         where l.review = 'pending' and r.session_id = ${author.sessionId} and r.client_hash = ${author.clientHash}
         order by l.id limit 50`,
  );
  return found.map((r) => Number(r.id));
}

/** The author's own waiting places that match a search, marked 'pending'. */
export async function ownPendingMatches(db: Db, ids: number[], query: SearchFilters): Promise<Location[]> {
  if (ids.length === 0) return [];
  const { items } = await searchLocationsSql(db, { ...query, limit: ids.length, offset: 0 }, { ids });
  return items.map((l) => ({ ...l, review: 'pending' as const }));
}
