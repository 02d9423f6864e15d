// Address -> coordinates for searches and for saved places. FIRST VERSION: the offline ZIP/town
// centroid fallback only; the geocoding issue replaces the body of createGeocoder with the
// Nominatim client (GEOCODER_URL, cache in geocode_cache, 1 request/s, time-out, no redirects),
// keeping this interface.
import type { Db } from '../../db/connect.js';
import type { Env } from '../../env.js';
import { centroidForAddress } from './zip-centroids.js';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface Geocoder {
  /** The point of an address in the Kansas City area, or null when nothing is known. */
  geocode(address: string): Promise<GeoPoint | null>;
}

export function createGeocoder(_deps: { db: Db; env: Env; fetch: typeof fetch }): Geocoder {
  return {
    async geocode(address) {
      const c = centroidForAddress(address);
      return c ? { lat: c.lat, lng: c.lng } : null;
    },
  };
}
