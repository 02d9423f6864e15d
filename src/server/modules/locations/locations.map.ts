// The map's answers (GET /api/locations/points and /map, decision 0203) as JSON: from the
// in-process search index when it can answer (decision 0504, the same answer), else built by the
// database with the SQL below.
import { type SQL, sql } from 'drizzle-orm';
import type { LocationPoint, MapCluster } from '../../../shared/schemas/location-query.js';
import { MAP_CELL_PX, MAP_VIEW_POINT_LIMIT, MERCATOR_MAX_LAT, type MapView } from '../../../shared/map-grid.js';
import type { Db } from '../../db/connect.js';
import { compileOptions, type Row, rows, type SearchReads } from './locations.reads.js';
import { compileSearch, type SearchFilters } from './locations.search.js';
import { mapWithIndex } from './search-index/index-search.js';

/** Every matching place that has coordinates, as a light map point {id, slug, name, category,
 * lat, lng, approximate (only when true)} in id order, already as the JSON answer: the index keeps each place's point as JSON. */
export async function searchPointsJson({ db, searchIndex }: SearchReads, query: SearchFilters): Promise<string> {
  const fromIndex = await mapWithIndex(searchIndex, query, null, Number.POSITIVE_INFINITY, false);
  if (fromIndex !== null) return fromIndex;
  return searchPointsJsonSql(db, query);
}

/** The same in SQL, built by the database in one value, so 20,000 points are not parsed into row
 * objects and serialised again in JavaScript (that cost ten times the query itself on PGlite). */
export async function searchPointsJsonSql(db: Db, query: SearchFilters): Promise<string> {
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
  { db, searchIndex }: SearchReads,
  query: SearchFilters,
  view: MapView | null,
  pointLimit: number,
): Promise<string> {
  const fromIndex = await mapWithIndex(searchIndex, query, view, pointLimit);
  if (fromIndex !== null) return fromIndex;
  return searchMapJsonSql(db, query, view, pointLimit);
}

/** searchMapJson in SQL (the index's PlaceIndex.map answers the same). */
export async function searchMapJsonSql(
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
               p.id, p.slug, p.name, p.category, p.point_approximate
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
        ...(c.point_approximate ? { approximate: true } : {}),
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
 * of the row (not json_build_object, which writes ' : ' and ', ': 12 % more bytes), `approximate`
 * kept only where true (decision 0804): most points are exact and need not say so. */
async function pointsJson(db: Db, where: SQL): Promise<string> {
  const [r] = await rows<{ body: string | null }>(
    db,
    sql`select coalesce(json_strip_nulls(json_agg(p order by p.id)), '[]'::json)::text as body
          from (select l.id, l.slug, l.name, l.category, l.latitude as lat, l.longitude as lng,
                       nullif(l.point_approximate, false) as approximate
                  from locations l where ${where} and ${withPoint}) p`,
  );
  return r?.body ?? '[]';
}
