// "Open when I can go" (decision 0802): days of the week and a Kansas City clock window, as the
// API, the Discover URL and the page spell them, and the real instants they mean in the coming week.
// No library and no zod here: the Discover page's first load imports it.
import { seasonWindowEnd } from './hours-status.js';
import { startOfWallDay, toWallTime, wallTimeToInstant, wallTimeToInstants } from './chicago-time.js';

/** The days as the query string names them, Monday first (weekday numbers: 1 … 6, 0 = Sunday). */
export const OPEN_WHEN_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type OpenWhenDay = (typeof OPEN_WHEN_DAYS)[number];

/** A filter on days and a window of the day: `from` and `to` in minutes after midnight, Kansas City
 * clock, from < to ≤ 1440 (the whole day is 0–1440). */
export interface OpenWhen {
  days: OpenWhenDay[];
  from: number;
  to: number;
}

export const WHOLE_DAY = { from: 0, to: 1440 } as const;

const weekdayOf = (d: OpenWhenDay) => (OPEN_WHEN_DAYS.indexOf(d) + 1) % 7;

/** 'sat,sun' → ['sat', 'sun'] in Monday-first order without repeats; null when a part is no day. */
export function parseDays(text: string): OpenWhenDay[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !(OPEN_WHEN_DAYS as readonly string[]).includes(p))) return null;
  return OPEN_WHEN_DAYS.filter((d) => parts.includes(d));
}

/** 'HH:MM' (00:00 … 24:00) → minutes after midnight; null otherwise. */
export function parseClock(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 1440 ? minutes : null;
}

/** Minutes after midnight → 'HH:MM' (1440 → '24:00'). */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The days, the comma list the query string carries. */
export const formatDays = (days: readonly OpenWhenDay[]) => days.join(',');

/**
 * The windows of the coming week, as [start, end) epoch-ms pairs in time order: for each chosen
 * day's date from today to 7 days on, its [from, to) on the Kansas City clock, cut to
 * [now, seasonWindowEnd(now)) — the week "in season" means, so every day and the whole day is that.
 * A window's end is the last instant its clock time shows, so an hour the clocks repeat counts twice.
 */
export function openWhenWindows(now: Date, when: OpenWhen): Array<[number, number]> {
  const start = now.getTime();
  const end = seasonWindowEnd(now).getTime();
  const weekdays = new Set(when.days.map(weekdayOf));
  const today = toWallTime(now);
  const windows: Array<[number, number]> = [];
  for (let i = 0; i <= 7; i++) {
    const day = startOfWallDay(today, i);
    if (!weekdays.has(day.weekday)) continue;
    const at = (minutes: number) => ({ ...day, hour: Math.floor(minutes / 60), minute: minutes % 60 });
    const a = wallTimeToInstant(at(when.from)).getTime();
    const endWall = when.to === 1440 ? startOfWallDay(day, 1) : at(when.to);
    const b = (wallTimeToInstants(endWall).at(-1) ?? wallTimeToInstant(endWall)).getTime();
    const from = Math.max(a, start);
    const to = Math.min(b, end);
    if (from < to) windows.push([from, to]);
  }
  return windows;
}
