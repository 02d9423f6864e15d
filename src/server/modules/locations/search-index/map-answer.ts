// The map's answer (GET /api/locations/map and /points, decisions 0203, 0504) from the index's
// matches: the same JSON as locations.map.ts's SQL, clusters by the SQL's cell formula in the same
// steps; the equivalence test compares the two.
import { MAP_CELL_PX, MAP_VIEW_POINT_LIMIT, MERCATOR_MAX_LAT, type MapView } from '../../../../shared/map-grid.js';
import type { MapCluster } from '../../../../shared/schemas/location-query.js';
import { RADIANS_PER_DEGREE } from './geo.js';

/** What the answer reads of the index, per slot: its id, coordinates and point as JSON. */
export interface MapPlaces {
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  points: string[];
}

/** The answer for `slots` (matches with coordinates); without a summary, the bare list of points. */
export function mapAnswer(
  p: MapPlaces,
  slots: number[],
  view: MapView | null,
  pointLimit: number,
  withSummary: boolean,
): string {
  const byId = (a: number, b: number) => p.ids[a]! - p.ids[b]!;
  const pointsOf = (list: number[]) =>
    `[${list
      .sort(byId)
      .map((s) => p.points[s]!)
      .join(',')}]`;
  if (!withSummary) return pointsOf(slots);
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const s of slots) {
    west = Math.min(west, p.lng[s]!);
    east = Math.max(east, p.lng[s]!);
    south = Math.min(south, p.lat[s]!);
    north = Math.max(north, p.lat[s]!);
  }
  const total = slots.length;
  const bounds = total ? { west, south, east, north } : null;
  const answer = (complete: boolean, points: string, clusters: string) =>
    `{"total":${total},"bounds":${JSON.stringify(bounds)},"complete":${complete},"points":${points},"clusters":${clusters}}`;
  if (total <= pointLimit) return answer(true, pointsOf(slots), '[]');
  if (!view) return answer(false, '[]', '[]');

  // point <@ box: the view's edges included.
  const inView = slots.filter((s) => {
    const la = p.lat[s]!;
    const ln = p.lng[s]!;
    return ln >= view.west && ln <= view.east && la >= view.south && la <= view.north;
  });
  if (inView.length <= Math.min(pointLimit, MAP_VIEW_POINT_LIMIT)) return answer(false, pointsOf(inView), '[]');

  // locations.map.ts's gridCell, step by step: radians() is a multiplication by pi/180.
  const cellsPerWorld = (256 * 2 ** view.zoom) / MAP_CELL_PX;
  const cells = new Map<
    string,
    { n: number; lat: number; lng: number; w: number; s: number; e: number; nn: number; one: number; oneSlot: number }
  >();
  for (const s of inView) {
    const la = p.lat[s]!;
    const ln = p.lng[s]!;
    const phi = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, la)) * RADIANS_PER_DEGREE;
    const column = Math.floor(((ln + 180) / 360) * cellsPerWorld);
    const row = Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * cellsPerWorld);
    const key = `${column},${row}`;
    const c = cells.get(key);
    if (!c) cells.set(key, { n: 1, lat: la, lng: ln, w: ln, s: la, e: ln, nn: la, one: p.ids[s]!, oneSlot: s });
    else {
      c.n++;
      c.lat += la;
      c.lng += ln;
      c.w = Math.min(c.w, ln);
      c.e = Math.max(c.e, ln);
      c.s = Math.min(c.s, la);
      c.nn = Math.max(c.nn, la);
      if (p.ids[s]! < c.one) {
        c.one = p.ids[s]!;
        c.oneSlot = s;
      }
    }
  }
  const groups = [...cells.values()].sort((a, b) => b.n - a.n || a.one - b.one);
  const points: string[] = [];
  const clusters: MapCluster[] = [];
  // Five decimals are a metre: more only lengthens the answer.
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  for (const g of groups) {
    if (g.n === 1) points.push(p.points[g.oneSlot]!);
    else
      clusters.push({
        lat: r(g.lat / g.n),
        lng: r(g.lng / g.n),
        count: g.n,
        west: r(g.w),
        south: r(g.s),
        east: r(g.e),
        north: r(g.nn),
      });
  }
  return answer(false, `[${points.join(',')}]`, JSON.stringify(clusters));
}
