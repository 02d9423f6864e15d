// The files of the Kansas City sample data (data/seed/, data/seed/DATA-SOURCES.md), read as data:
// the places of both lists, each place's provenance (written once by
// scripts/build-seed-provenance.ts), the USDA directory's benefit flags and the structured hours.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { PlaceAttributes } from '../../shared/place-attributes.js';
import { SEED_DIR } from '../seed-data.js';

/** The first 58 places, then the 98 found later (data/seed/kc-locations-more-SOURCES.md). */
export const SEED_PLACE_FILES = ['kc-locations.csv', 'kc-locations-more.csv'] as const;

export interface SeedRow {
  name: string;
  category: string;
  description: string;
  address: string;
  website: string;
  phone: string;
  operatingHours: string;
  tags: string;
  latitude: string;
  longitude: string;
}

function readCsv<T>(file: string): T[] {
  return parse(fs.readFileSync(file), { columns: true, skip_empty_lines: true, bom: true, trim: true });
}

/** Every seed place, the first list's rows first (the extra columns of the second are ignored). */
export function readSeedRows(dir = SEED_DIR): SeedRow[] {
  return SEED_PLACE_FILES.flatMap((f) => readCsv<SeedRow>(path.join(dir, f)));
}

/** Structured hours of the seed places by the slug of their name (decision 0800, 'The seed'). */
export function readSeedOpeningHours(file = path.join(SEED_DIR, 'opening-hours.json')): Map<string, string> {
  return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>));
}

export interface SeedProvenance {
  sourceName: string;
  sourceRef: string | null;
  sourceLicense: string | null;
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' as the source gives it, or null when it gives no date. */
  sourcePublished: string | null;
  /** The USDA Farmers Market Directory listings (FMIDs) whose benefit flags the place takes. */
  usdaFmids: string[];
}

/** data/seed/provenance.csv by place name (decision 0804). */
export function readSeedProvenance(file = path.join(SEED_DIR, 'provenance.csv')): Map<string, SeedProvenance> {
  const rows = readCsv<Record<string, string>>(file);
  return new Map(
    rows.map((r) => [
      r.name!,
      {
        sourceName: r.source_name!,
        sourceRef: r.source_ref || null,
        sourceLicense: r.source_license || null,
        sourcePublished: r.source_published || null,
        usdaFmids: (r.usda_fmids ?? '').split(' ').filter(Boolean),
      },
    ]),
  );
}

/** A date as the source gives it ('2014', '2014-07', '2014-07-25') as an instant: a year or a
 * month alone counts from its first day, so a fact is never taken for newer than it is. */
export function publishedInstant(value: string | null): Date | null {
  if (!value) return null;
  const [y, m = '1', d = '1'] = value.split('-');
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The USDA directory's answers, by the place's listings: Y is yes and N is no (the listing
 * answered the question, decision 0803); WIC cash-value vouchers count as WIC. With several
 * listings (one market on three days), a yes in any of them is a yes. */
export function usdaBenefits(fmids: string[], flags: Map<string, Record<string, string>>): PlaceAttributes {
  const listings = fmids.map((id) => flags.get(id)).filter((l): l is Record<string, string> => !!l);
  if (listings.length === 0) return {};
  const any = (...columns: string[]) => listings.some((l) => columns.some((c) => l[c] === 'Y'));
  const answered = (...columns: string[]) => listings.every((l) => columns.every((c) => l[c] === 'Y' || l[c] === 'N'));
  const out: PlaceAttributes = {};
  const set = (key: 'snap' | 'wic' | 'sfmnp' | 'credit', ...columns: string[]) => {
    if (any(...columns)) out[key] = true;
    else if (answered(...columns)) out[key] = false;
  };
  set('snap', 'SNAP');
  set('wic', 'WIC', 'WICcash');
  set('sfmnp', 'SFMNP');
  set('credit', 'Credit');
  return out;
}

/** data/seed/usda-farmers-markets-kc-2018.csv by FMID. */
export function readUsdaListings(
  file = path.join(SEED_DIR, 'usda-farmers-markets-kc-2018.csv'),
): Map<string, Record<string, string>> {
  return new Map(readCsv<Record<string, string>>(file).map((r) => [r.FMID!, r]));
}
