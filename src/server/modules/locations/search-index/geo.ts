// Arithmetic on coordinates shared by the SQL search and the index (search-filters.ts's radius,
// map-answer.ts), the index's written in the SQL's steps so that both decide alike.

/** Mean Earth radius in miles (haversine). */
export const EARTH_RADIUS_MILES = 3958.7613;
/** Miles per degree of latitude, rounded down so the box is never too small. */
const MILES_PER_DEGREE_LAT = 68.7;
/** Miles per degree of longitude at the equator (times cos(latitude) elsewhere). */
const MILES_PER_DEGREE_LNG = 69.172;

/** PostgreSQL's radians() multiplies by this (the same double as Math.PI / 180). */
export const RADIANS_PER_DEGREE = Math.PI / 180;
export const rad = (deg: number) => deg * RADIANS_PER_DEGREE;

/** Degrees of latitude/longitude that surely contain a circle of `radius` miles around lat. */
export function boundingBox(lat: number, lng: number, radius: number) {
  const dLat = radius / MILES_PER_DEGREE_LAT;
  const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLng = Math.min(radius / (MILES_PER_DEGREE_LNG * cosLat), 180);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

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
