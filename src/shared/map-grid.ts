// The map's clustering grid (decision 0203), shared by the server's SQL grouping, the query
// validation and the map client: Web-Mercator pixels at a zoom level, 256-pixel tiles, cells of
// MAP_CELL_PX. No dependencies, so the map chunk does not pull in zod.

/** Web-Mercator latitude limit: the map cannot show beyond it. */
export const MERCATOR_MAX_LAT = 85.0511;

/** The part of the map in view, in degrees, at a Web-Mercator zoom level. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** Side of one clustering cell in screen pixels (half a map tile): about 70 cells in a desktop map,
 * which keeps the answer near 10 KB; the map merges neighbours closer than 60 px anyway. */
export const MAP_CELL_PX = 128;
/** Most places of a view sent as points (when MAP_POINT_LIMIT is higher): beyond this a screen
 * only shows clusters anyway, and 250 points are already about 30 KB. */
export const MAP_VIEW_POINT_LIMIT = 250;
/** Most cells a view may span in either direction (8,192 px: beyond any screen). */
export const MAP_VIEW_MAX_CELLS = 64;

/** Web-Mercator pixel position of a point at a zoom level (256-pixel tiles). */
export function mercatorPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const phi = (Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale,
  };
}

/** Latitude and longitude of a Web-Mercator pixel at a zoom level (the inverse of mercatorPixel). */
export function mercatorLatLng(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const scale = 256 * 2 ** zoom;
  return {
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / scale))) * 180) / Math.PI,
    lng: (x / scale) * 360 - 180,
  };
}

/** How many clustering cells a view spans. */
export function mapGridCells(v: MapView): { columns: number; rows: number } {
  const a = mercatorPixel(v.north, v.west, v.zoom);
  const b = mercatorPixel(v.south, v.east, v.zoom);
  return { columns: Math.ceil((b.x - a.x) / MAP_CELL_PX), rows: Math.ceil((b.y - a.y) / MAP_CELL_PX) };
}

const TILE_PX = 256;

/**
 * The area a map asks for (GET /api/locations/map): its view in degrees grown to whole 256-px tiles
 * at `zoom`, at least one tile each way (the server refuses an empty box), within the world. A small
 * move keeps the same area, so the answer comes from the caches. Six decimals keep the key stable.
 */
export function tileArea(view: { west: number; south: number; east: number; north: number }, zoom: number): MapView {
  const z = Math.max(0, Math.min(20, Math.round(zoom)));
  const worldPx = TILE_PX * 2 ** z;
  const clampLat = (v: number) => Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, v));
  const nw = mercatorPixel(clampLat(view.north), Math.max(-180, view.west), z);
  const se = mercatorPixel(clampLat(view.south), Math.min(180, view.east), z);
  const snap = (v: number, round: (n: number) => number) =>
    Math.max(0, Math.min(worldPx, round(v / TILE_PX) * TILE_PX));
  const x0 = Math.min(snap(nw.x, Math.floor), worldPx - TILE_PX);
  const y0 = Math.min(snap(nw.y, Math.floor), worldPx - TILE_PX);
  const topLeft = mercatorLatLng(x0, y0, z);
  const bottomRight = mercatorLatLng(
    Math.max(snap(se.x, Math.ceil), x0 + TILE_PX),
    Math.max(snap(se.y, Math.ceil), y0 + TILE_PX),
    z,
  );
  const fix = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    west: fix(Math.max(-180, topLeft.lng)),
    south: fix(clampLat(bottomRight.lat)),
    east: fix(Math.min(180, bottomRight.lng)),
    north: fix(clampLat(topLeft.lat)),
    zoom: z,
  };
}
