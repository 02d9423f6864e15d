// The index's arithmetic on coordinates, written in the SQL's steps (locations.search.ts and
// locations.map.ts), so that both decide alike.
import { EARTH_RADIUS_MILES } from '../locations.search.js';

/** PostgreSQL's radians() multiplies by this (the same double as Math.PI / 180). */
export const RADIANS_PER_DEGREE = Math.PI / 180;
export const rad = (deg: number) => deg * RADIANS_PER_DEGREE;

/** The SQL search's great-circle distance, in the same steps; the two cosines of the latitudes
 * come computed (the index keeps each place's, the same value). */
export function distanceMiles(
  lat: number,
  lng: number,
  cosLat: number,
  plat: number,
  plng: number,
  cosPlat: number,
): number {
  const a = Math.sin(rad(plat - lat) / 2);
  const b = Math.sin(rad(plng - lng) / 2);
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(a * a + cosLat * cosPlat * (b * b))));
}
