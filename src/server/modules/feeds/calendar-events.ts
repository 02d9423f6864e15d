// A place's opening times in a window as calendar events (decision 1001): the engine's sure-open
// intervals (decision 0801) folded into weekly series where they repeat, with the weeks a series
// skips (a holiday) as exceptions, and every interval that repeats nothing as an event of its own.
import { startOfWallDay, toWallTime, wallClock, wallDateKey, wallTimeToInstant } from '../../../shared/chicago-time.js';
import { openIntervals } from '../../../shared/opening-hours.js';

const MS_DAY = 86_400_000;

/** Weeks a calendar looks ahead (a place's and a search's calendar alike). */
const CALENDAR_WEEKS = 8;

interface WeeklySeries {
  kind: 'weekly';
  /** A key stable while the pattern holds: weekday, start and length, and its season's first day
   * when the series starts after the window's first week. */
  key: string;
  /** The first occurrence. */
  start: Date;
  end: Date;
  /** How many weeks from the first occurrence to the last (inclusive). */
  count: number;
  /** Occurrences the series skips (their start instants). */
  exdates: Date[];
}

interface SingleOpening {
  kind: 'single';
  key: string;
  start: Date;
  end: Date;
}

export type OpeningEvent = WeeklySeries | SingleOpening;

/** The window a calendar made at `now` covers: from midnight starting today in Kansas City to
 * midnight CALENDAR_WEEKS weeks later (so an answer changes at most once a day on its own). */
export function calendarWindow(now: Date, weeks = CALENDAR_WEEKS): { from: Date; to: Date; day: string } {
  const today = startOfWallDay(toWallTime(now));
  return {
    from: wallTimeToInstant(today),
    to: wallTimeToInstant(startOfWallDay(today, weeks * 7)),
    day: wallDateKey(today),
  };
}

/** Whole Kansas City calendar days from `a`'s wall date to `b`'s. */
function wallDayNumber(instant: Date): number {
  const w = toWallTime(instant);
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / MS_DAY);
}

interface Occurrence {
  start: Date;
  end: Date;
  day: number;
}

/**
 * The events of opening-hours text between `from` and `to`. Intervals that the window cuts (open
 * at its start or past its end) are events of their own, with the cut times.
 */
export function openingEvents(text: string, from: Date, to: Date): OpeningEvent[] {
  const memoKey = `${from.getTime()}|${to.getTime()}|${text}`;
  const hit = memo.get(memoKey);
  if (hit) return hit;
  const events = computeOpeningEvents(text, from, to);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(memoKey, events);
  return events;
}

/** Many places share their hours, and a window stays the same all day: each text is walked once. */
const memo = new Map<string, OpeningEvent[]>();
const MEMO_LIMIT = 2000;

function computeOpeningEvents(text: string, from: Date, to: Date): OpeningEvent[] {
  const intervals = openIntervals(text, from, to);
  const groups = new Map<string, Occurrence[]>();
  const firstDay = wallDayNumber(from);
  for (const iv of intervals) {
    const wall = toWallTime(iv.start);
    const length = iv.end.getTime() - iv.start.getTime();
    const cut = iv.start.getTime() <= from.getTime() || iv.end.getTime() >= to.getTime();
    // A cut interval never repeats: the key holds its instant.
    const key = cut
      ? `cut-${iv.start.getTime()}`
      : `${wall.weekday}-${wallClock(wall).replace(':', '')}-${length / 60_000}`;
    const list = groups.get(key) ?? [];
    list.push({ start: iv.start, end: iv.end, day: wallDayNumber(iv.start) });
    groups.set(key, list);
  }
  const events: OpeningEvent[] = [];
  for (const [key, list] of groups) {
    // Runs of weekly occurrences; a gap of one week is an exception, a longer one ends the run
    // (a season that stops and starts again).
    let run: Occurrence[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const first = run[0]!;
      if (run.length === 1) {
        const w = toWallTime(first.start);
        events.push({
          kind: 'single',
          key: `${wallDateKey(w).replace(/-/g, '')}-${wallClock(w).replace(':', '')}-${(first.end.getTime() - first.start.getTime()) / 60_000}`,
          start: first.start,
          end: first.end,
        });
      } else {
        const last = run[run.length - 1]!;
        const weeks = Math.round((last.day - first.day) / 7) + 1;
        const present = new Set(run.map((o) => Math.round((o.day - first.day) / 7)));
        // An exception's instant is the series' wall time that week (a change of clocks between
        // the first occurrence and it moves it by the hour).
        const exdates: Date[] = [];
        for (let k = 1; k < weeks - 1; k++) if (!present.has(k)) exdates.push(nthWeekly(first.start, k));
        const seasonStart =
          first.day - firstDay >= 7 ? `-from${wallDateKey(toWallTime(first.start)).replace(/-/g, '')}` : '';
        events.push({
          kind: 'weekly',
          key: `${key}${seasonStart}`,
          start: first.start,
          end: first.end,
          count: weeks,
          exdates,
        });
      }
      run = [];
    };
    for (const o of list) {
      const prev = run[run.length - 1];
      if (prev && o.day - prev.day > 14) flush();
      run.push(o);
    }
    flush();
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.key.localeCompare(b.key));
}

/** The instant of a weekly series' occurrence `weeks` after the first: the same wall time. */
function nthWeekly(first: Date, weeks: number): Date {
  const w = toWallTime(first);
  const later = startOfWallDay(w, weeks * 7);
  return wallTimeToInstant({ ...later, hour: w.hour, minute: w.minute, second: w.second, millisecond: 0 });
}
