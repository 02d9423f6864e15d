// The hours editor's rows (decision 0800): per weekday its time ranges, an optional season and
// "closed on public holidays", to opening_hours text and back; other shapes give null (custom hours
// edited as text). No library here: the editor loads it lazily, for checking only.

import { DAY_CODES } from './day-codes';

/** Monday first, as opening_hours writes weeks. */
export { DAY_CODES };
export const MONTH_CODES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'HH:MM' each, as <input type="time"> gives them ('' while unfinished). An end of '00:00' or
 * '24:00' is midnight at the end of the day; an end before the start runs past midnight. */
export interface TimeRange {
  from: string;
  to: string;
}

export interface DayHours {
  open: boolean;
  ranges: TimeRange[];
}

export interface HoursModel {
  /** Seven days, Monday first. */
  days: DayHours[];
  /** Months 1-12; from > to wraps the year (Nov-Mar). Null: all year. */
  season: { from: number; to: number } | null;
  closedOnHolidays: boolean;
}

export const DEFAULT_RANGE: TimeRange = { from: '09:00', to: '17:00' };

export function emptyModel(): HoursModel {
  return { days: DAY_CODES.map(() => ({ open: false, ranges: [] })), season: null, closedOnHolidays: false };
}

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** A range written as text, or null while unfinished or empty (start equals end). */
function rangeText(r: TimeRange): string | null {
  const from = TIME.exec(r.from);
  const to = TIME.exec(r.to);
  if (!from || !to || r.from === '24:00') return null;
  const end = r.to === '00:00' ? '24:00' : r.to;
  if (end === r.from) return null;
  return `${r.from}-${end}`;
}

/** Day indexes as opening_hours writes them: runs of three or more with a dash ('Mo-We,Fr'). */
function daysText(indexes: number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < indexes.length) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === indexes[j]! + 1) j++;
    const run = indexes.slice(i, j + 1).map((d) => DAY_CODES[d]!);
    parts.push(run.length >= 3 ? `${run[0]}-${run.at(-1)}` : run.join(','));
    i = j + 1;
  }
  return parts.join(',');
}

/** The rows as opening_hours text; '' when no day has a finished time range. */
export function modelToText(model: HoursModel): string {
  const groups = new Map<string, number[]>();
  model.days.forEach((day, index) => {
    if (!day.open) return;
    const ranges = day.ranges.map(rangeText).filter((r): r is string => r !== null);
    if (ranges.length === 0) return;
    const key = ranges.join(',');
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  if (groups.size === 0) return '';
  const season = model.season
    ? model.season.from === model.season.to
      ? `${MONTH_CODES[model.season.from - 1]} `
      : `${MONTH_CODES[model.season.from - 1]}-${MONTH_CODES[model.season.to - 1]} `
    : '';
  const entries = [...groups.entries()];
  if (!season && !model.closedOnHolidays && entries.length === 1 && entries[0]![0] === '00:00-24:00') {
    if (entries[0]![1].length === 7) return '24/7';
  }
  const rules = entries.map(([ranges, days]) => `${season}${daysText(days)} ${ranges}`);
  if (model.closedOnHolidays) rules.push('PH off');
  return rules.join('; ');
}

const DAY = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const RULE = new RegExp(
  `^(?:(?<fromMonth>${MONTH})(?:\\s*-\\s*(?<toMonth>${MONTH}))?:?\\s+)?(?<spec>${DAY}(?:\\s*-\\s*${DAY})?(?:\\s*,\\s*${DAY}(?:\\s*-\\s*${DAY})?)*)\\s+(?<what>.+)$`,
);
const RANGE = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

function dayIndexes(spec: string): number[] | null {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map((s) => DAY_CODES.indexOf(s.trim() as (typeof DAY_CODES)[number]));
    if (a === undefined || a < 0) return null;
    if (b === undefined) {
      out.push(a);
      continue;
    }
    if (b < 0) return null;
    // Sa-Mo wraps the week.
    for (let d = a; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === b) break;
    }
  }
  return out;
}

function rangesOf(text: string): TimeRange[] | null {
  const out: TimeRange[] = [];
  for (const part of text.split(',')) {
    const m = RANGE.exec(part.trim());
    if (!m) return null;
    const from = `${m[1]}:${m[2]}`;
    const to = `${m[3]}:${m[4]}`;
    if (from === '24:00' || (m[3] === '24' && m[4] !== '00') || from === to) return null;
    out.push({ from, to: to === '24:00' ? '00:00' : to });
  }
  return out;
}

/**
 * The rows for a text, or null when the text says more than rows can (the editor then offers the
 * text only). Later rules replace earlier ones for their days, as in opening_hours.
 */
export function textToModel(text: string): HoursModel | null {
  const model = emptyModel();
  const value = text.trim();
  if (value === '') return model;
  if (value === '24/7') {
    for (const day of model.days) {
      day.open = true;
      day.ranges = [{ from: '00:00', to: '00:00' }];
    }
    return model;
  }
  const rules = value
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean);
  let season: HoursModel['season'] | undefined;
  for (const [i, rule] of rules.entries()) {
    if (/^PH\s+(off|closed)$/.test(rule)) {
      // Only as the last rule: before others it would be overridden on the days they name.
      if (i !== rules.length - 1) return null;
      model.closedOnHolidays = true;
      continue;
    }
    const m = RULE.exec(rule)?.groups;
    if (!m) return null;
    const { fromMonth, toMonth, spec, what } = m;
    const ruleSeason = fromMonth
      ? {
          from: MONTH_CODES.indexOf(fromMonth as (typeof MONTH_CODES)[number]) + 1,
          to: MONTH_CODES.indexOf((toMonth ?? fromMonth) as (typeof MONTH_CODES)[number]) + 1,
        }
      : null;
    if (season === undefined) season = ruleSeason;
    else if (JSON.stringify(season) !== JSON.stringify(ruleSeason)) return null;
    const days = dayIndexes(spec!.replace(/\s+/g, ''));
    if (!days) return null;
    const closed = /^(off|closed)$/.test(what!.trim());
    const ranges = closed ? [] : rangesOf(what!);
    if (!ranges) return null;
    for (const d of days) model.days[d] = { open: !closed, ranges: ranges.map((r) => ({ ...r })) };
  }
  model.season = season ?? null;
  return model;
}
