// What a location card says about a place's hours (decision 0800), in Kansas City wall time, from
// the read answer's openNow and nextChange, with no opening_hours library so Discover can show it
// without loading that library (docs/benchmarks.md). The words come from the `hours` catalog.
import { addWallDays, toWallTime, type WallTime, wallTimeToInstant } from './chicago-time.js';

/** A moment in Kansas City time, with names ready for either interface language. */
export interface HoursMoment extends WallTime {
  /** The real instant (ISO 8601, UTC). */
  iso: string;
  /** 'H:MM' on a 24-hour clock: '7:00', '12:00'. */
  time: string;
  /** The weekday's short name in the locale: 'Sat' / 'sáb'. */
  weekdayName: string;
  /** The month's full name in the locale: 'April' / 'abril'. */
  monthName: string;
}

export type HoursStatus =
  /** Open now; closesAt is null when it never closes (24/7). */
  | { kind: 'open'; closesAt: HoursMoment | null }
  /** Closed now and opens within the next 7 days. */
  | { kind: 'opens'; at: HoursMoment }
  /** Does not open in the next 7 days; opens again in `until` (the month of `at`). */
  | { kind: 'outOfSeason'; until: { year: number; month: number; monthName: string }; at: HoursMoment }
  /** Closed, with no opening found ahead. */
  | { kind: 'closed' };

export type HoursLocale = 'en' | 'es';

/** The days ahead in which a place counts as in season: it opens at least once in them. */
export const SEASON_WINDOW_DAYS = 7;

const nameFormatters = new Map<string, Intl.DateTimeFormat>();
function nameOf(locale: HoursLocale, kind: 'weekday' | 'month', wall: WallTime): string {
  const key = `${locale}:${kind}`;
  let f = nameFormatters.get(key);
  if (!f) {
    // The wall fields are laid on UTC and named in UTC, so the device's zone never shifts the day.
    f = new Intl.DateTimeFormat(
      locale,
      kind === 'weekday' ? { weekday: 'short', timeZone: 'UTC' } : { month: 'long', timeZone: 'UTC' },
    );
    nameFormatters.set(key, f);
  }
  return f.format(new Date(Date.UTC(wall.year, wall.month - 1, wall.day, 12)));
}

/** A real instant as a Kansas City moment with its names in the locale. */
export function hoursMoment(instant: Date, locale: HoursLocale): HoursMoment {
  const wall = toWallTime(instant);
  return {
    ...wall,
    iso: instant.toISOString(),
    time: `${wall.hour}:${String(wall.minute).padStart(2, '0')}`,
    weekdayName: nameOf(locale, 'weekday', wall),
    monthName: nameOf(locale, 'month', wall),
  };
}

/** The instant SEASON_WINDOW_DAYS calendar days after `now` on the Kansas City clock. */
export function seasonWindowEnd(now: Date): Date {
  return wallTimeToInstant(addWallDays(toWallTime(now), SEASON_WINDOW_DAYS), now);
}

/**
 * The card's status from a read answer's `openNow` and `nextChange` (the next opening when closed,
 * the next closing when open). Null when the place has no structured hours (openNow null), or when
 * the answer is stale: `now` is at or past its nextChange, so it no longer says what happens now.
 */
export function statusFromEvaluation(
  evaluation: { openNow: boolean | null; nextChange: string | null },
  now: Date,
  locale: HoursLocale,
): HoursStatus | null {
  if (evaluation.openNow === null) return null;
  const next = evaluation.nextChange ? new Date(evaluation.nextChange) : null;
  if (next && (Number.isNaN(next.getTime()) || next.getTime() <= now.getTime())) return null;
  if (evaluation.openNow) return { kind: 'open', closesAt: next ? hoursMoment(next, locale) : null };
  if (!next) return { kind: 'closed' };
  const at = hoursMoment(next, locale);
  if (next.getTime() < seasonWindowEnd(now).getTime()) return { kind: 'opens', at };
  return { kind: 'outOfSeason', until: { year: at.year, month: at.month, monthName: at.monthName }, at };
}
