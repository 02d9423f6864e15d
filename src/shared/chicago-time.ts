// Kansas City wall-clock time (decision 0800): instants to America/Chicago wall times and back,
// whatever zone the server or device is in, with no library, so the card can import it without
// opening_hours (docs/benchmarks.md: the first screen's budget).

export const KC_TIME_ZONE = 'America/Chicago';

/** A time on the clock in Kansas City. month 1-12, weekday 0 = Sunday … 6 = Saturday. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const MS_MINUTE = 60_000;
const MS_DAY = 86_400_000;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

let formatter: Intl.DateTimeFormat | undefined;
function chicagoFormatter(): Intl.DateTimeFormat {
  // Built once: constructing a DateTimeFormat costs far more than formatting with it.
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: KC_TIME_ZONE,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return formatter;
}

/** Builds the formatter now. The first one with a time zone makes the engine load its zone data:
 * about 12 ms on this machine's browser, ~50 ms on a throttled phone, which would otherwise fall
 * inside the first render that shows opening hours. The browser's entry calls it in a task of its
 * own before it starts hydrating (src/client/main.tsx; docs/benchmarks.md, Lighthouse). */
export function prepareWallClock(): void {
  chicagoFormatter();
}

/** The Kansas City wall time of a real instant, read from the platform's time zone data. */
function formatWallTime(instant: Date): WallTime {
  const t = instant.getTime();
  const parts: Record<string, string> = {};
  for (const p of chicagoFormatter().formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines still print midnight as 24 with h23; it is hour 0 of the same day.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((t % 1000) + 1000) % 1000,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** Kansas City's offset from UTC (ms) by UTC day, for the days where it holds from the day's first
 * millisecond to its last: all but the two days a year the clocks change (and the day of 1883 the
 * city took standard time), which are read from the time zone data each time. `formatToParts`
 * costs about 20 µs, and one answer with opening hours asks for wall times hundreds of times. */
const offsetByDay = new Map<number, number | null>();
const OFFSET_CACHE_DAYS = 8192;

function dayOffset(day: number): number | null {
  let offset = offsetByDay.get(day);
  if (offset === undefined) {
    const first = day * MS_DAY;
    const last = first + MS_DAY - 1;
    const atFirst = wallAsUtcMs(formatWallTime(new Date(first))) - first;
    offset = wallAsUtcMs(formatWallTime(new Date(last))) - last === atFirst ? atFirst : null;
    if (offsetByDay.size >= OFFSET_CACHE_DAYS) offsetByDay.clear();
    offsetByDay.set(day, offset);
  }
  return offset;
}

/** The Kansas City wall time of a real instant. */
export function toWallTime(instant: Date): WallTime {
  const t = instant.getTime();
  const offset = Number.isFinite(t) ? dayOffset(Math.floor(t / MS_DAY)) : null;
  return offset === null ? formatWallTime(instant) : fromUtcFields(t + offset);
}

/** The wall time's fields read as if they were UTC: a plain number line for wall-time arithmetic. */
function wallAsUtcMs(w: Omit<WallTime, 'weekday'>): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

function fromUtcFields(ms: number): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

/** Kansas City's offset from UTC at an instant, in minutes (-360 in winter, -300 in summer). */
function offsetMinutes(instant: number): number {
  const w = toWallTime(new Date(instant));
  return Math.round((wallAsUtcMs(w) - instant) / MS_MINUTE);
}

/** Every real instant at which the Kansas City clock shows this wall time: none in the hour the
 * clocks skip in March, two in the hour they repeat in November, else one. Earliest first. */
export function wallTimeToInstants(wall: Omit<WallTime, 'weekday'>): Date[] {
  const guess = wallAsUtcMs(wall);
  const offsets = new Set([offsetMinutes(guess - MS_DAY), offsetMinutes(guess), offsetMinutes(guess + MS_DAY)]);
  const found = new Set<number>();
  for (const off of offsets) {
    const t = guess - off * MS_MINUTE;
    if (wallAsUtcMs(toWallTime(new Date(t))) === guess) found.add(t);
  }
  return [...found].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The real instant of a Kansas City wall time. A time the clocks skip (02:30 on the March change)
 * moves forward by the gap, as the clock does: 03:30 CDT. A time the clocks show twice (01:30 on
 * the November change) is the first one, or with `notBefore` the first one not before it.
 */
export function wallTimeToInstant(wall: Omit<WallTime, 'weekday'>, notBefore?: Date): Date {
  const candidates = wallTimeToInstants(wall);
  if (candidates.length === 0) {
    const guess = wallAsUtcMs(wall);
    return new Date(guess - offsetMinutes(guess - MS_DAY) * MS_MINUTE);
  }
  if (notBefore) {
    const later = candidates.find((c) => c.getTime() >= notBefore.getTime());
    if (later) return later;
    return candidates[candidates.length - 1]!;
  }
  return candidates[0]!;
}

/**
 * A Date whose LOCAL fields (getHours, getDay …) equal this Kansas City wall time, in whatever zone
 * this process or device runs. Libraries that compute in local time (opening_hours) then compute
 * in Kansas City time. Limit (decision 0800): in a zone with its own daylight-saving change, a wall
 * time inside that zone's skipped hour cannot be represented and moves one hour on.
 */
export function wallTimeToLocalDate(wall: Omit<WallTime, 'weekday'>): Date {
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/** The wall time held in a local Date's fields (the inverse of wallTimeToLocalDate). */
export function localDateToWallTime(d: Date): WallTime {
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    millisecond: d.getMilliseconds(),
    weekday: d.getDay(),
  };
}

/** Midnight starting the wall day, `days` days after this wall time's day (calendar days). */
export function startOfWallDay(wall: Omit<WallTime, 'weekday'>, days = 0): WallTime {
  return fromUtcFields(Date.UTC(wall.year, wall.month - 1, wall.day + days));
}

/** The same clock time `days` calendar days later (7 days after Saturday 07:00 is Saturday 07:00). */
export function addWallDays(wall: Omit<WallTime, 'weekday'>, days: number): WallTime {
  return fromUtcFields(wallAsUtcMs(wall) + days * MS_DAY);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a wall time. */
export function wallDateKey(w: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;
}

/** 'HH:MM' of a wall time (24-hour clock, as opening hours are written). */
export function wallClock(w: Pick<WallTime, 'hour' | 'minute'>): string {
  return `${pad2(w.hour)}:${pad2(w.minute)}`;
}
