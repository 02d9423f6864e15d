// The opening_hours library (LGPL-3.0-only, THIRD-PARTY-NOTICES.md) driven in Kansas City wall time
// (decision 0800, chicago-time.ts's wall Dates): parsing with a memo, and walking open/closed
// states around a fault of the library. src/shared/opening-hours.ts is the public face.
import OpeningHours, { type nominatim_object } from 'opening_hours';

/** Public holidays (PH) are Missouri's as the library knows them (decision 0800). No latitude and
 * longitude on purpose: the library would read the sun's times in the device's zone, so sunrise
 * and the like stay the library's fixed times (dawn 05:30, sunrise 06:00, sunset 18:00, dusk 18:30). */
const KANSAS_CITY = { address: { country_code: 'us', state: 'Missouri' } } as unknown as nominatim_object;

export type Parsed = { ok: true; oh: OpeningHours } | { ok: false; error: string };

const MEMO_LIMIT = 1000;
const parsedMemo = new Map<string, Parsed>();

/** Parses once per text: the same few hundred texts are evaluated on every read. */
export function parseOpeningHours(text: string): Parsed {
  const hit = parsedMemo.get(text);
  if (hit) return hit;
  let parsed: Parsed;
  try {
    parsed = {
      ok: true,
      oh: new OpeningHours(text, KANSAS_CITY, { tag_key: 'opening_hours', locale: 'en' } as never),
    };
  } catch (err) {
    parsed = { ok: false, error: String(err) };
  }
  if (parsedMemo.size >= MEMO_LIMIT) parsedMemo.delete(parsedMemo.keys().next().value as string);
  parsedMemo.set(text, parsed);
  return parsed;
}

interface WallState {
  /** Surely open. */
  open: boolean;
  /** Maybe open: open end ("10:00+"), `unknown`, or a time given with a comment only. */
  unknown: boolean;
  comment: string | undefined;
}

export interface WallSegment extends WallState {
  start: Date;
  end: Date;
}

const MS_MINUTE = 60_000;
/** The most state changes one walk looks at, against a runaway expression. */
const MAX_STEPS = 20_000;

function safeState(oh: OpeningHours, at: Date): WallState {
  try {
    return { open: oh.getState(at), unknown: oh.getUnknown(at), comment: oh.getComment(at) };
  } catch {
    return { open: false, unknown: false, comment: undefined };
  }
}

const sameState = (a: WallState, b: WallState) => a.open === b.open && a.unknown === b.unknown;

function nextWallMidnight(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
}

/** Minutes of the day written in the text ('07:30' → 450): where a rule may change state. */
function writtenMinutes(text: string): number[] {
  const out = new Set<number>([0]);
  for (const m of text.matchAll(/(\d{1,2})[:.](\d{2})/g)) out.add((Number(m[1]) * 60 + Number(m[2])) % 1440);
  for (const fixed of [330, 360, 1080, 1110]) out.add(fixed); // dawn, sunrise, sunset, dusk
  return [...out];
}

/**
 * The library's own walk stops with "Fatal: infinite loop in nextChange" on 31 December of years
 * whose 1 January is a Saturday (2028, 2033 …) for any rule with PH: its holiday selector points
 * back at the same day. That day is then read state by state: at every 15 minutes and at every
 * time written in the text, narrowed to the minute between two readings that differ.
 */
function* scanStuckDay(
  oh: OpeningHours,
  text: string,
  from: Date,
  to: Date,
  state: WallState,
): Generator<WallSegment | WallState, void> {
  const dayStart = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  const probes = new Set<number>();
  for (let m = 0; m < 1440; m += 15) probes.add(m);
  for (const m of writtenMinutes(text)) probes.add(m);
  const times = [...probes]
    .map((m) => new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate(), 0, m))
    .filter((d) => d.getTime() > from.getTime() && d.getTime() < to.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  let prevTime = from;
  let prev = state;
  for (const t of times) {
    const s = safeState(oh, t);
    if (!sameState(s, prev)) {
      // The change lies in (prevTime, t]: narrow it to the minute.
      let lo = prevTime.getTime();
      let hi = t.getTime();
      while (hi - lo > MS_MINUTE) {
        const mid = lo + Math.floor((hi - lo) / MS_MINUTE / 2) * MS_MINUTE;
        if (sameState(safeState(oh, new Date(mid)), prev)) lo = mid;
        else hi = mid;
      }
      const at = new Date(hi);
      const changed = safeState(oh, at);
      yield { ...changed, start: at, end: at };
      prev = changed;
    }
    prevTime = t;
  }
  yield prev;
}

/**
 * The states from `from` to `to` (wall Dates), as consecutive segments. A segment starts where
 * the sure-open or maybe-open state changes; a comment-only change does not start one. Stops
 * early when the caller stops reading.
 */
export function* wallSegments(oh: OpeningHours, text: string, from: Date, to: Date): Generator<WallSegment> {
  let state = safeState(oh, from);
  let start = from;
  let it = oh.getIterator(from);
  for (let steps = 0; steps < MAX_STEPS && start.getTime() < to.getTime(); steps++) {
    let moved: boolean;
    try {
      moved = it.advance(to);
    } catch {
      const stuckAt = it.getDate();
      const dayEnd = nextWallMidnight(stuckAt);
      const end = dayEnd.getTime() < to.getTime() ? dayEnd : to;
      for (const step of scanStuckDay(oh, text, stuckAt, end, state)) {
        if ('start' in step) {
          yield { ...state, start, end: step.start };
          state = step;
          start = step.start;
        } else {
          state = step;
        }
      }
      if (end.getTime() >= to.getTime()) break;
      it = oh.getIterator(end);
      const after = safeState(oh, end);
      if (!sameState(after, state)) {
        yield { ...state, start, end };
        state = after;
        start = end;
      }
      continue;
    }
    if (!moved) break;
    const at = it.getDate();
    const next: WallState = { open: it.getState(), unknown: it.getUnknown(), comment: it.getComment() };
    if (sameState(next, state)) continue;
    yield { ...state, start, end: at };
    state = next;
    start = at;
  }
  if (start.getTime() < to.getTime()) yield { ...state, start, end: to };
}

/** Whether the library marks that wall day a public holiday; false when it cannot tell. */
export function isPublicHoliday(oh: OpeningHours, dayNoon: Date): boolean {
  try {
    return oh.getPublicHolidayContext(dayNoon).isHoliday;
  } catch {
    return false;
  }
}
