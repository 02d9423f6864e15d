// npx tsx scripts/build-seed-provenance.ts: writes data/seed/provenance.csv, each seed place's main
// source, reference, licence and date (decision 0804), once, so the seed reads data rather than
// parsing the sources' prose at every start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = path.join(root, 'data/seed');

export const USDA_FM = 'USDA Farmers Market Directory';
const USDA_ON_FARM = 'USDA On-Farm Market Directory';
const USDA_CSA = 'USDA CSA Directory';
export const PUBLIC_DOMAIN = 'Public domain (U.S. Government work, 17 U.S.C. 105)';
const FACTS_ONLY =
  'Facts only (names, addresses, figures, hours) from the cited page; no text reused. Page text (c) its publisher.';
const WIKIPEDIA_FACTS =
  'Facts (coordinates, acreage) from Wikipedia; Wikipedia text is CC BY-SA 4.0, facts/coordinates not copyrightable; no text reused.';

/** Publishers of the first 58 places' main sources, by host; any other is named by its host. */
const PUBLISHERS: Record<string, string> = {
  'wyandottedaily.com': 'Wyandotte Daily',
  'kansascity.com': 'The Kansas City Star',
  'thepitchkc.com': 'The Pitch',
  'kcparks.org': 'KC Parks',
  'en.wikipedia.org': 'Wikipedia',
  'nature.mdc.mo.gov': 'Missouri Department of Conservation',
  'opkansas.org': 'City of Overland Park',
  'lenexa.com': 'City of Lenexa',
  'kcparent.com': 'KC Parent',
  'theolathenews.com': 'The Olathe News',
  'gardnernews.com': 'The Gardner News',
  'mggkc.org': 'Extension Master Gardeners of Greater KC',
  'kccg.org': 'Kansas City Community Gardens',
  'kcfoodcircle.org': 'Kansas City Food Circle',
  'kchealthykids.org': 'KC Healthy Kids',
  'bikewalkkc.org': 'BikeWalkKC',
  'harvesters.org': 'Harvesters',
  'newrootsforrefugees.org': 'New Roots for Refugees',
  'fairsharefarm.com': 'Fair Share Farm',
  'fairsharenews.blogspot.com': 'Fair Share Farm newsletter',
  'johnson.k-state.edu': 'K-State Research and Extension, Johnson County',
  'healthykcmag.com': 'HealthyKC magazine',
  'kansaslivingmagazine.com': 'Kansas Living Magazine',
};

/** Sources read through a copy: named for the original, the copy's host said. */
const COPIES: Record<string, string> = {
  'eymaps.com': 'Wikipedia',
  'nspjarch.com': 'The Kansas City Star',
  'publicnow.com': 'Unified Government of Wyandotte County and Kansas City, Kansas',
  'kcpold.bluesym3.work': 'KC Parks',
};

export interface ProvenanceRow {
  name: string;
  source_name: string;
  source_ref: string;
  source_license: string;
  source_published: string;
  /** The USDA market listings whose benefit flags the place takes. */
  usda_fmids: string;
}

type Csv = Record<string, string>;
const read = (file: string): Csv[] =>
  parse(fs.readFileSync(path.join(SEED_DIR, file)), { columns: true, skip_empty_lines: true, bom: true, trim: true });

const pad = (n: string | number) => String(n).padStart(2, '0');

/** The USDA export's update time ('7/20/2016 2:02:34 PM', 'Jun  2 2010 12:33PM', '2009') as
 * 'YYYY-MM-DD', or the year alone when that is all it says. */
export function usdaDate(updateTime: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(updateTime);
  if (us) return `${us[3]}-${pad(us[1]!)}-${pad(us[2]!)}`;
  const named = /^([A-Z][a-z]{2})\s+(\d{1,2})\s+(\d{4})/.exec(updateTime);
  if (named) {
    const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(named[1]!) / 3 + 1;
    return `${named[3]}-${pad(month)}-${pad(named[2]!)}`;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(updateTime);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const year = /^(\d{4})$/.exec(updateTime.trim());
  if (year) return year[1]!;
  throw new Error(`Unreadable USDA update time: ${updateTime}`);
}

/** A year in a note ('(2021 season)', '(Kansas City Star, 2022)'), or a full date in it. */
export function noteDate(note: string): string | null {
  const full = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/.exec(note);
  if (full) return `${full[1]}-${full[2]}-${full[3]}`;
  const year = /\b((?:19|20)\d{2})\b/.exec(note);
  return year ? year[1]! : null;
}

/** A date in a page's address: '/2014/07/25/', '/2012/06/', '/2019/9/4/', '/July-2014/'. */
export function urlDate(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /(?:^|[/_-])((?:19|20)\d{2})(?:[/_-](\d{1,2}))?(?:[/_-](\d{1,2}))?(?=[/_.-]|$)/.exec(pathname);
  if (!m) return null;
  if (m[2] && Number(m[2]) <= 12) return m[3] ? `${m[1]}-${pad(m[2])}-${pad(m[3])}` : `${m[1]}-${pad(m[2])}`;
  return m[1]!;
}

/** 'https://example.org/x (note)' -> the reference and its note. */
function splitRef(text: string): { ref: string; note: string } {
  const m = /^(\S+)\s*(.*)$/.exec(text.trim());
  return { ref: m?.[1] ?? text.trim(), note: m?.[2] ?? '' };
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** The first 58: the first source each row names, dated by its USDA listing's update, else the year
 * its note gives ('(2016)'), else a date in its address ('/2014/07/25/'), else none. */
function firstListRow(name: string, sources: string, usda: Map<string, Csv>): ProvenanceRow {
  const fmids = [...sources.matchAll(/FMIDs? (\d+)(?:-(\d+))?/g)].flatMap((m) => {
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  });
  const first = sources.split(/\s*;\s*(?=https?:|github:)/)[0]!.trim();
  if (first.startsWith('github:akschenker/Project1-farmersMarkets')) {
    const fmid = /FMID (\d+)/.exec(first)?.[1];
    const listing = fmid ? usda.get(fmid) : undefined;
    if (!fmid || !listing) throw new Error(`${name}: no USDA listing for ${first}`);
    return {
      name,
      source_name: USDA_FM,
      source_ref: `${splitRef(listing.source_ref!).ref} (FMID ${fmid})`,
      source_license: PUBLIC_DOMAIN,
      source_published: usdaDate(listing.updateTime!),
      usda_fmids: fmids.join(' '),
    };
  }
  const { ref, note } = splitRef(first);
  const host = hostOf(ref);
  const copyOf = COPIES[host];
  const sourceName = copyOf ? `${copyOf} (copy at ${host})` : (PUBLISHERS[host] ?? host);
  const wikipedia = (copyOf ?? PUBLISHERS[host]) === 'Wikipedia';
  return {
    name,
    source_name: sourceName,
    source_ref: ref,
    source_license: wikipedia ? WIKIPEDIA_FACTS : FACTS_ONLY,
    source_published: noteDate(note) ?? urlDate(ref) ?? '',
    usda_fmids: fmids.join(' '),
  };
}

/** The 98 later places: their own source columns. */
function laterListRow(r: Csv, usda: Map<string, Csv>): ProvenanceRow {
  const first = splitRef(r.source_ref!.split(' ; ')[0]!);
  const source = r.source!;
  if (source.startsWith('USDA AMS National Farmers Market Directory')) {
    const fmid = /FMID (\d+)/.exec(first.note)?.[1];
    const listing = fmid ? usda.get(fmid) : undefined;
    if (!fmid || !listing) throw new Error(`${r.name}: no USDA listing in ${r.source_ref}`);
    return {
      name: r.name!,
      source_name: USDA_FM,
      source_ref: `${first.ref} (FMID ${fmid})`,
      source_license: PUBLIC_DOMAIN,
      source_published: usdaDate(listing.updateTime!),
      usda_fmids: fmid,
    };
  }
  if (source.startsWith('USDA AMS On-Farm') || source.startsWith('USDA AMS CSA')) {
    const id = /((?:OF|CSA)_ID \d+)/.exec(first.note)?.[1];
    const updated = /updated (\d{4}-\d{2}-\d{2})/.exec(first.note)?.[1];
    if (!id || !updated) throw new Error(`${r.name}: no listing id or date in ${r.source_ref}`);
    return {
      name: r.name!,
      source_name: source.startsWith('USDA AMS CSA') ? USDA_CSA : USDA_ON_FARM,
      source_ref: `${first.ref} (${id})`,
      source_license: PUBLIC_DOMAIN,
      source_published: updated,
      usda_fmids: '',
    };
  }
  // Pages: the first source named ('Courier-Tribune (2022); Kansas City Star (2017)').
  const main = source.split('; ')[0]!;
  const named = /^(.*?)\s*\(([^)]*)\)$/.exec(main);
  const nameYear = named ? noteDate(named[2]!) : null;
  const bare = nameYear ? named![1]! : main;
  return {
    name: r.name!,
    // 'Blog (2015)' names no one: the blog's host does.
    source_name: bare === 'Blog' ? `${hostOf(first.ref)} (blog)` : bare,
    source_ref: first.ref,
    source_license: r.source_license!,
    source_published: noteDate(first.note) ?? urlDate(first.ref) ?? nameYear ?? '',
    usda_fmids: '',
  };
}

export function buildProvenance(): ProvenanceRow[] {
  const usda = new Map(read('usda-farmers-markets-kc-2018.csv').map((r) => [r.FMID!, r]));
  const out = [
    ...read('kc-locations-sources.csv').map((r) => firstListRow(r.name!, r.source_url_or_repo_path!, usda)),
    ...read('kc-locations-more.csv').map((r) => laterListRow(r, usda)),
  ];
  const names = new Set(out.map((r) => r.name));
  if (names.size !== out.length) throw new Error('Two seed places share a name');
  return out;
}

const COLUMNS: (keyof ProvenanceRow)[] = [
  'name',
  'source_name',
  'source_ref',
  'source_license',
  'source_published',
  'usda_fmids',
];
const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

export function provenanceCsv(rows: ProvenanceRow[]): string {
  return [COLUMNS, ...rows.map((r) => COLUMNS.map((c) => r[c]))].map((cells) => cells.map(quote).join(',')).join('\n');
}

function main() {
  const rows = buildProvenance();
  fs.writeFileSync(path.join(SEED_DIR, 'provenance.csv'), `${provenanceCsv(rows)}\n`);
  const dated = rows.filter((r) => r.source_published).length;
  console.log(`${rows.length} places, ${dated} with a source date, ${rows.length - dated} without`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
