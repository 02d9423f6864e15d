// Structured opening hours (decision 0800): OpenStreetMap `opening_hours` text checked and
// evaluated in Kansas City time, whatever the process's or device's zone (chicago-time.ts's wall
// Dates). Loads the opening_hours library (about 118 KiB gzip): the browser imports it lazily.
import {
  addWallDays,
  localDateToWallTime,
  startOfWallDay,
  toWallTime,
  wallClock,
  wallDateKey,
  wallTimeToInstant,
  wallTimeToLocalDate,
} from './chicago-time.js';
import {
  type HoursLocale,
  type HoursStatus,
  SEASON_WINDOW_DAYS,
  seasonWindowEnd,
  statusFromEvaluation,
} from './hours-status.js';
import { isPublicHoliday, parseOpeningHours, wallSegments } from './opening-hours-engine.js';

export type { HoursLocale, HoursMoment, HoursStatus } from './hours-status.js';
export { SEASON_WINDOW_DAYS, statusFromEvaluation } from './hours-status.js';

/** The longest text accepted: OpenStreetMap's limit for a tag value. */
export const OPENING_HOURS_MAX_LENGTH = 255;
/** How far ahead the next opening or closing is looked for: a season a year away is found. */
export const NEXT_CHANGE_HORIZON_DAYS = 400;

export type OpeningHoursValidation =
  | {
      ok: true;
      /** Sentences about a value that works but is probably not what was meant. */
      warnings: string[];
      /** The library's tidy spelling of the same hours ('Sa 8am-1pm' → 'Sa 08:00-13:00'). */
      normalized: string;
    }
  | {
      ok: false;
      /** One English sentence for `errors.openingHours`. */
      error: string;
      /** empty: nothing but blanks; tooLong: over OPENING_HOURS_MAX_LENGTH; syntax: anything else. */
      code: 'empty' | 'tooLong' | 'syntax';
      /** Where in the text the problem was found (0-based), when the library says. */
      position: number | null;
    };

const withStop = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The library's error string ('Mo 10:00-12:00 fo <--- (Unexpected token: "f" …)') as a sentence. */
function readableError(raw: string): { error: string; position: number | null } {
  if (/no holidays \(SH\)/.test(raw)) {
    return {
      error: 'School holidays (SH) are not known for Kansas City: write their dates instead.',
      position: null,
    };
  }
  const marked = raw.match(/^([\s\S]*?) <--- \(([\s\S]*?)\)(?:\s|$)/);
  if (!marked) return { error: withStop(`The opening hours cannot be read: ${raw}`), position: null };
  const before = marked[1]!;
  const message = marked[2]!.replace(/^Unexpected token: ("[^"]*") This means/, 'Unexpected character $1: this means');
  const tail = before.trimEnd();
  const snippet = tail.length > 20 ? `…${tail.slice(-20)}` : tail;
  const where = snippet ? ` near "${snippet}"` : '';
  return { error: withStop(`The opening hours cannot be read${where}: ${message}`), position: before.length };
}

/** Our own notes on what this site makes of some parts of the syntax (decision 0800). */
function siteWarnings(text: string): string[] {
  const out: string[] = [];
  if (/\b(sunrise|sunset|dawn|dusk)\b/i.test(text)) {
    out.push('Sunrise, sunset, dawn and dusk count as fixed times here: 06:00, 18:00, 05:30 and 18:30.');
  }
  if (/\+|\bunknown\b|"/.test(text)) {
    out.push(
      'Open-ended times ("+"), "unknown" and times with only a comment count as "maybe open": the place is not shown as open then. Write "open" before a comment to mean open.',
    );
  }
  return out;
}

/** Checks a text: usable (with warnings) or not (with a sentence a person understands). */
export function validateOpeningHours(text: string): OpeningHoursValidation {
  const value = text.trim();
  if (value === '') return { ok: false, code: 'empty', position: null, error: 'The opening hours are empty.' };
  if (value.length > OPENING_HOURS_MAX_LENGTH) {
    return {
      ok: false,
      code: 'tooLong',
      position: OPENING_HOURS_MAX_LENGTH,
      error: `The opening hours must be at most ${OPENING_HOURS_MAX_LENGTH} characters.`,
    };
  }
  const parsed = parseOpeningHours(value);
  if (!parsed.ok) return { ok: false, code: 'syntax', ...readableError(parsed.error) };
  let warnings: string[];
  let normalized: string;
  try {
    // Some values parse and only fail when evaluated (school holidays): evaluate a week once.
    const from = new Date(2026, 0, 5);
    parsed.oh.getState(from);
    parsed.oh.getNextChange(from, new Date(2026, 0, 12));
    warnings = parsed.oh.getStructuredWarnings().map((w) => withStop(w.message));
    normalized = parsed.oh.prettifyValue();
  } catch (err) {
    return { ok: false, code: 'syntax', ...readableError(String(err)) };
  }
  return { ok: true, warnings: [...new Set([...warnings, ...siteWarnings(value)])], normalized };
}

export interface OpeningHoursEvaluation {
  /** Surely open at `now` (a "maybe open" time counts as not open). */
  openNow: boolean;
  /** ISO instant of the next opening (when closed) or closing (when open); null when none is
   * found within NEXT_CHANGE_HORIZON_DAYS (24/7, off, or a season further away). */
  nextChange: string | null;
  /** Opens at least once from now to SEASON_WINDOW_DAYS calendar days ahead (open now counts). */
  inSeason: boolean;
}

interface Memo {
  from: number;
  until: number;
  openNow: boolean;
  nextChange: string | null;
}
const evaluationMemo = new Map<string, Memo>();
const MEMO_LIMIT = 2000;
const MS_HOUR = 3_600_000;

/**
 * Open now, the next change and the season at `now`, in Kansas City time. Null when the text is
 * empty or cannot be read (a place without structured hours). An answer holds from `now` until its
 * nextChange, so it is remembered for that long: evaluating every place on every read stays cheap.
 */
export function evaluateOpeningHours(text: string, now: Date): OpeningHoursEvaluation | null {
  const value = text.trim();
  if (value === '') return null;
  const t = now.getTime();
  let memo = evaluationMemo.get(value);
  if (!memo || t < memo.from || t >= memo.until) {
    const parsed = parseOpeningHours(value);
    if (!parsed.ok) return null;
    const wall = toWallTime(now);
    const from = wallTimeToLocalDate(wall);
    const limit = wallTimeToLocalDate(addWallDays(wall, NEXT_CHANGE_HORIZON_DAYS));
    let openNow = false;
    let next: Date | null = null;
    try {
      let first = true;
      for (const seg of wallSegments(parsed.oh, value, from, limit)) {
        if (first) {
          openNow = seg.open;
          first = false;
        } else if (seg.open !== openNow) {
          next = wallTimeToInstant(localDateToWallTime(seg.start), now);
          break;
        }
      }
    } catch {
      return null;
    }
    const nextChange = next && next.getTime() > t ? next.toISOString() : null;
    memo = { from: t, until: next && next.getTime() > t ? next.getTime() : t + MS_HOUR, openNow, nextChange };
    if (evaluationMemo.size >= MEMO_LIMIT) evaluationMemo.delete(evaluationMemo.keys().next().value as string);
    evaluationMemo.delete(value);
    evaluationMemo.set(value, memo);
  }
  const inSeason =
    memo.openNow || (memo.nextChange !== null && new Date(memo.nextChange).getTime() < seasonWindowEnd(now).getTime());
  return { openNow: memo.openNow, nextChange: memo.nextChange, inSeason };
}

/** The fields a read answer adds for a place (decision 0800); all null without structured hours. */
export function openingHoursFields(
  text: string | null | undefined,
  now: Date,
): { openNow: boolean | null; nextChange: string | null; inSeason: boolean | null } {
  const e = text ? evaluateOpeningHours(text, now) : null;
  return e ?? { openNow: null, nextChange: null, inSeason: null };
}

/** Opens at least once in the next SEASON_WINDOW_DAYS days (open now counts). False when unreadable. */
export function inSeason(text: string, now: Date): boolean {
  return evaluateOpeningHours(text, now)?.inSeason ?? false;
}

/** The sure-open intervals between two instants, as real instants, cut to [from, to]. */
export function openIntervals(text: string, from: Date, to: Date): Array<{ start: Date; end: Date }> {
  const value = text.trim();
  const parsed = value ? parseOpeningHours(value) : null;
  if (!parsed?.ok || to.getTime() <= from.getTime()) return [];
  const wallFrom = wallTimeToLocalDate(toWallTime(from));
  const wallTo = wallTimeToLocalDate(toWallTime(to));
  const out: Array<{ start: Date; end: Date }> = [];
  try {
    for (const seg of wallSegments(parsed.oh, value, wallFrom, wallTo)) {
      if (!seg.open) continue;
      const start = wallTimeToInstant(localDateToWallTime(seg.start), out.at(-1)?.end ?? from);
      const end = wallTimeToInstant(localDateToWallTime(seg.end), start);
      const s = Math.max(start.getTime(), from.getTime());
      const e = Math.min(end.getTime(), to.getTime());
      if (e > s) out.push({ start: new Date(s), end: new Date(e) });
    }
  } catch {
    return [];
  }
  return out;
}

/** The card's status at `now` (src/shared/hours-status.ts); null without readable hours. */
export function describeStatus(text: string, now: Date, locale: HoursLocale): HoursStatus | null {
  const e = evaluateOpeningHours(text, now);
  return e ? statusFromEvaluation(e, now, locale) : null;
}

export interface WeekTableRange {
  /** 'HH:MM' on the Kansas City clock. */
  from: string;
  /** 'HH:MM'; '24:00' when the range runs to midnight (or past it, continuing the next day). */
  to: string;
  /** Maybe open (open end, "unknown", a comment only) rather than surely open. */
  maybe: boolean;
  /** The rule's comment, or the public holiday's name the library gives. */
  comment: string | null;
}

export interface WeekTableDay {
  /** 'YYYY-MM-DD' in Kansas City. */
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  isToday: boolean;
  publicHoliday: boolean;
  /** Empty when closed all day. */
  ranges: WeekTableRange[];
  /** The comment of a closed day ('Independence Day' on `PH off`), else null. */
  closedComment: string | null;
}

/** Today and the next 6 days in Kansas City, with their open (and maybe-open) ranges. Empty
 * when the text cannot be read. */
export function weekTable(text: string, now: Date): WeekTableDay[] {
  const value = text.trim();
  const parsed = value ? parseOpeningHours(value) : null;
  if (!parsed?.ok) return [];
  const today = startOfWallDay(toWallTime(now));
  const days: WeekTableDay[] = [];
  for (let i = 0; i < SEASON_WINDOW_DAYS; i++) {
    const wall = startOfWallDay(today, i);
    const start = wallTimeToLocalDate(wall);
    const end = wallTimeToLocalDate(startOfWallDay(today, i + 1));
    const ranges: WeekTableRange[] = [];
    let closedComment: string | null = null;
    try {
      for (const seg of wallSegments(parsed.oh, value, start, end)) {
        if (!seg.open && !seg.unknown) {
          closedComment ??= seg.comment ?? null;
          continue;
        }
        const to = seg.end.getTime() >= end.getTime() ? '24:00' : wallClock(localDateToWallTime(seg.end));
        ranges.push({
          from: wallClock(localDateToWallTime(seg.start)),
          to,
          maybe: !seg.open,
          comment: seg.comment ?? null,
        });
      }
    } catch {
      return [];
    }
    days.push({
      date: wallDateKey(wall),
      weekday: wall.weekday,
      isToday: i === 0,
      publicHoliday: isPublicHoliday(parsed.oh, new Date(start.getFullYear(), start.getMonth(), start.getDate(), 12)),
      ranges,
      closedComment: ranges.length === 0 ? closedComment : null,
    });
  }
  return days;
}
