// Offline fallback coordinates: the Census ZCTA internal point of the ZIP code in an address, else
// the mean of the ZIPs whose place name (e.g. 'Weston, MO') appears in it. Data: data/seed/
// kc-zip-centroids.csv (Census Gazetteer, public domain; place names from GeoNames, CC BY 3.0).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { SEED_DIR } from '../../seed-data.js';

interface Centroid {
  zip: string;
  lat: number;
  lng: number;
  place: string;
}

let cache: { byZip: Map<string, Centroid>; byPlace: Map<string, Centroid[]> } | null = null;

function load() {
  if (cache) return cache;
  const rows = parse(fs.readFileSync(path.join(SEED_DIR, 'kc-zip-centroids.csv')), {
    columns: true,
    skip_empty_lines: true,
  }) as Array<Record<string, string>>;
  const byZip = new Map<string, Centroid>();
  const byPlace = new Map<string, Centroid[]>();
  for (const r of rows) {
    const c = { zip: r.zip!, lat: Number(r.lat), lng: Number(r.lng), place: r.place ?? '' };
    if (!Number.isFinite(c.lat) || !Number.isFinite(c.lng)) continue;
    byZip.set(c.zip, c);
    const key = c.place.toLowerCase();
    byPlace.set(key, [...(byPlace.get(key) ?? []), c]);
  }
  cache = { byZip, byPlace };
  return cache;
}

export function centroidForAddress(
  address: string | null | undefined,
): { lat: number; lng: number; via: 'zip' | 'place' } | null {
  if (!address) return null;
  const { byZip, byPlace } = load();
  const zips = address.match(/\b\d{5}(?=(?:-\d{4})?\b)/g) ?? [];
  for (const zip of zips.reverse()) {
    const hit = byZip.get(zip);
    if (hit) return { lat: hit.lat, lng: hit.lng, via: 'zip' };
  }
  // "Weston, MO" or "Kansas City, KS" at the end of the address.
  const m = address.match(/([A-Za-z .'-]+),\s*(MO|KS)\b/i);
  if (m) {
    const list = byPlace.get(`${m[1]!.trim()}, ${m[2]!.toUpperCase()}`.toLowerCase());
    if (list?.length) {
      return {
        lat: list.reduce((s, c) => s + c.lat, 0) / list.length,
        lng: list.reduce((s, c) => s + c.lng, 0) / list.length,
        via: 'place',
      };
    }
  }
  return null;
}
