// npx tsx scripts/convert-seed-hours.ts: proposes opening_hours text (decision 0800) for the seed
// places whose free-text hours are plain, into data/seed/opening-hours.json, and lists the rest
// with why in data/seed/hours-not-converted.md. Every proposal was then checked by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { validateOpeningHours } from '../src/shared/opening-hours.js';
import { SEED_PLACE_FILES } from '../src/server/db/seed-files.js';
import { slugify } from '../src/shared/slug.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = path.join(root, 'data/seed');

/** Proposals the hand review refused, by slug, with the reason. None so far. */
export const REJECTED_ON_REVIEW: Record<string, string> = {};

export type Proposal = { ok: true; openingHours: string } | { ok: false; reason: string };

const DAYS: Record<string, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };
const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_CODES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_WORD = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const SEASON_AT_END = new RegExp(`(?:^|,\\s*|\\s+)${MONTH_WORD}(?:\\s*-\\s*${MONTH_WORD})?$`, 'i');
const SEASON_AT_START = new RegExp(`^${MONTH_WORD}(?:\\s*-\\s*${MONTH_WORD})?\\s+`, 'i');

interface Rule {
  months: number[]; // 0-11; all twelve when the text gives no season
  days: number[];
  range: string;
}

const ALL_MONTHS = [...Array(12).keys()];
const ALL_DAYS = [...Array(7).keys()];

function span(from: number, to: number, size: number): number[] {
  const out: number[] = [];
  for (let i = from; ; i = (i + 1) % size) {
    out.push(i);
    if (i === to) return out;
  }
}

function monthIndex(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase());
}

/** '7am', '7:30am', '12pm', 'midnight' as minutes from midnight; null otherwise. */
function minutes(word: string, isEnd: boolean): number | null {
  if (word === 'midnight') return isEnd ? 1440 : 0;
  if (word === 'noon') return 720;
  const m = /^(\d{1,2})(?::([0-5]\d))?(am|pm)$/.exec(word);
  if (!m) return null;
  const h = Number(m[1]);
  if (h < 1 || h > 12) return null;
  return ((h % 12) + (m[3] === 'pm' ? 12 : 0)) * 60 + Number(m[2] ?? 0);
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function timeRange(token: string): string | null {
  const m = /^([0-9:]+[ap]m|noon|midnight)-([0-9:]+[ap]m|noon|midnight)$/.exec(token);
  if (!m) return null;
  const from = minutes(m[1]!, false);
  const to = minutes(m[2]!, true);
  // Only plain daytime ranges: one ending past midnight or before it starts is left unconverted.
  if (from === null || to === null || to <= from) return null;
  return `${hhmm(from)}-${hhmm(to)}`;
}

function dayList(token: string): number[] | null {
  if (token === 'daily') return ALL_DAYS;
  const [a, b, extra] = token.split('-');
  if (extra !== undefined || a === undefined || !(a in DAYS)) return null;
  if (b === undefined) return [DAYS[a]!];
  if (!(b in DAYS)) return null;
  return span(DAYS[a]!, DAYS[b]!, 7);
}

/** One ';' part: "Wed 2pm-6pm & Sat 8am-1pm, May-Oct", "Sep-Mar daily 9am-5pm", "Sat-Sun 7am-3pm year-round". */
function segmentRules(segment: string): Rule[] | string {
  let body = segment.trim().replace(/[,\s]+year-round$/i, '');
  let months = ALL_MONTHS;
  const end = SEASON_AT_END.exec(body);
  const start = end ? null : SEASON_AT_START.exec(body);
  const season = end ?? start;
  if (season) {
    const from = monthIndex(season[1]!);
    const to = season[2] ? monthIndex(season[2]) : from;
    months = span(from, to, 12);
    body = end ? body.slice(0, end.index) : body.slice(season[0].length);
  }
  const tokens = body
    .toLowerCase()
    .replace(/\s*-\s*/g, '-')
    .split(/\s*(?:,|&|\s)\s*/)
    .filter(Boolean);
  const rules: Rule[] = [];
  let days: number[] = [];
  for (const token of tokens) {
    const range = timeRange(token);
    if (range) {
      if (days.length === 0) return `a time without a day: "${token}"`;
      rules.push({ months, days, range });
      days = [];
      continue;
    }
    const list = dayList(token);
    if (!list)
      return `words other than days, times and months ("${token}"): hours of a part of the place, or not opening hours`;
    days = [...days, ...list];
  }
  if (days.length > 0) return 'days without a time';
  if (rules.length === 0) return 'no days and times';
  return rules;
}

const overlap = (a: number[], b: number[]) => a.some((x) => b.includes(x));

function daysText(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const run = sorted.slice(i, j + 1).map((d) => DAY_CODES[d]!);
    parts.push(run.length >= 3 ? `${run[0]}-${run.at(-1)}` : run.join(','));
    i = j + 1;
  }
  return parts.join(',');
}

function monthsText(months: number[]): string {
  if (months.length === 12) return '';
  // Months come from one range, so they are consecutive (possibly over the new year).
  const first = MONTH_CODES[months[0]!]!;
  const last = MONTH_CODES[months.at(-1)!]!;
  return months.length === 1 ? `${first} ` : `${first}-${last} `;
}

/** Words that make a text unclear, with the reason given for leaving it as text. */
const VAGUE: Array<[RegExp, string]> = [
  [/\b(early|mid|late)\b/i, 'a vague date ("early", "mid-", "late")'],
  [/\b(dawn|dusk|sunrise|sunset|daylight)\b/i, 'hours set by the sun or by daylight saving time'],
  [/\b(appointment|in season|seasonal)\b/i, 'by appointment, or a season that is not stated'],
  [/\(.*\)/, 'a note in brackets (a second site, a season or a clock)'],
  [/\b(19|20)\d{2}\b/, 'the season of one past year ("Jun-Sep 2018"): the source gave none that repeats'],
];

/** The opening_hours for a seed text, or why it was left as text. */
export function proposeOpeningHours(text: string): Proposal {
  // "(as last listed)", "(as reported in 2018)": the age of the text, which the place's provenance
  // says (decision 0804), not part of its hours.
  const value = text.replace(/\s*\(as (?:last listed|reported in \d{4})\)$/i, '').trim();
  if (!value) return { ok: false, reason: 'no hours given' };
  for (const [pattern, reason] of VAGUE) if (pattern.test(value)) return { ok: false, reason };
  const rules: Rule[] = [];
  for (const segment of value.split(';')) {
    const r = segmentRules(segment);
    if (typeof r === 'string') return { ok: false, reason: r };
    rules.push(...r);
  }
  // In opening_hours a later rule replaces an earlier one on the days it names: refuse any two
  // rules that share a day and a month rather than lose hours.
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      if (overlap(rules[i]!.days, rules[j]!.days) && overlap(rules[i]!.months, rules[j]!.months)) {
        return { ok: false, reason: 'two sets of hours for the same day' };
      }
    }
  }
  const openingHours = rules.map((r) => `${monthsText(r.months)}${daysText(r.days)} ${r.range}`).join('; ');
  const check = validateOpeningHours(openingHours);
  if (!check.ok) return { ok: false, reason: check.error };
  if (check.warnings.length > 0) return { ok: false, reason: check.warnings.join(' ') };
  return { ok: true, openingHours };
}

interface SeedRow {
  name: string;
  operatingHours: string;
}

function main() {
  const rows: SeedRow[] = SEED_PLACE_FILES.flatMap((file) =>
    parse(fs.readFileSync(path.join(SEED_DIR, file)), { columns: true, skip_empty_lines: true, bom: true, trim: true }),
  );
  const converted: Record<string, string> = {};
  const left: string[] = [];
  for (const row of rows) {
    const slug = slugify(row.name);
    if (!row.operatingHours.trim()) continue;
    const p = proposeOpeningHours(row.operatingHours);
    const rejected = REJECTED_ON_REVIEW[slug];
    if (p.ok && !rejected) converted[slug] = p.openingHours;
    else left.push(`| ${row.name} | \`${row.operatingHours}\` | ${p.ok ? `review: ${rejected}` : p.reason} |`);
  }
  fs.writeFileSync(path.join(SEED_DIR, 'opening-hours.json'), `${JSON.stringify(converted, null, 2)}\n`);
  const noHours = rows.filter((r) => !r.operatingHours.trim()).length;
  const md = [
    '# Seed hours left as text',
    '',
    'Written by `scripts/convert-seed-hours.ts` (decision 0800). These seed places keep only their',
    'free-text `operatingHours`: their text does not say plainly which days, times and months, so no',
    'structured `openingHours` was proposed. Converted places are in `opening-hours.json`.',
    `${noHours} places have no hours at all and are not listed.`,
    '',
    '| place | operatingHours | why not converted |',
    '|---|---|---|',
    ...left,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(SEED_DIR, 'hours-not-converted.md'), md);
  console.log(`${Object.keys(converted).length} converted, ${left.length} left as text, ${noHours} without hours`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
