// A place's opening hours as HSDS 3.0 schedules (decision 1003): a weekly schedule per series and
// UTC offset over the coming year, a one-day schedule per other opening, on the Kansas City clock.
import { startOfWallDay, toWallTime, wallClock, wallDateKey, wallTimeToInstant } from '../../../shared/chicago-time.js';
import { openingEvents } from '../feeds/calendar-events.js';
import type { FeedPlace } from '../feeds/feed-places.js';
import { hsdsChildId, hsdsId } from './hsds-ids.js';
import { compact, type Json } from './hsds-json.js';

/** Weeks of opening times a service's schedules describe. */
const SCHEDULE_WEEKS = 52;

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** '09:00-05:00': a Kansas City wall time with its UTC offset at that instant. */
function timeWithOffset(instant: Date): { text: string; offsetHours: number } {
  const wall = toWallTime(instant);
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsetMin = Math.round((wallMs - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return {
    text: `${wallClock(wall)}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`,
    offsetHours: offsetMin / 60,
  };
}

/** The schedules of the coming SCHEDULE_WEEKS weeks: a weekly schedule per series and UTC offset
 * (valid_from to valid_to, the days it skips in its notes), a one-day schedule per other opening. */
export function hsdsSchedules(p: FeedPlace, now: Date): Json[] {
  if (!p.openingHours) return [];
  const today = startOfWallDay(toWallTime(now));
  const from = wallTimeToInstant(today);
  const to = wallTimeToInstant(startOfWallDay(today, SCHEDULE_WEEKS * 7));
  const service = hsdsId('service', p.id);
  const out: Json[] = [];
  const description = `Opening hours in OpenStreetMap's syntax, on the Kansas City clock: ${p.openingHours}`;
  const day = (d: Date) => wallDateKey(toWallTime(d));
  for (const ev of openingEvents(p.openingHours, from, to)) {
    const length = ev.end.getTime() - ev.start.getTime();
    if (ev.kind === 'single') {
      const opens = timeWithOffset(ev.start);
      const closes = timeWithOffset(ev.end);
      out.push({
        id: hsdsChildId('schedule', p.id, ev.key),
        service_id: service,
        valid_from: day(ev.start),
        valid_to: day(ev.end),
        dtstart: day(ev.start),
        timezone: opens.offsetHours,
        ...(length < 86_400_000 ? { opens_at: opens.text, closes_at: closes.text } : {}),
        description,
        notes: length >= 86_400_000 ? 'Open without a break over these days.' : 'A day with hours of its own.',
      });
      continue;
    }
    // The occurrences, split into runs of one UTC offset (a run per side of a change of clocks).
    const skipped = new Set(ev.exdates.map((d) => d.getTime()));
    const runs: Array<{ starts: Date[]; skipped: Date[]; offset: number }> = [];
    for (let k = 0; k < ev.count; k++) {
      const wall = toWallTime(ev.start);
      const start = wallTimeToInstant({
        ...startOfWallDay(wall, k * 7),
        hour: wall.hour,
        minute: wall.minute,
        second: 0,
        millisecond: 0,
      });
      const offset = timeWithOffset(start).offsetHours;
      let run = runs.at(-1);
      if (!run || run.offset !== offset) {
        run = { starts: [], skipped: [], offset };
        runs.push(run);
      }
      (skipped.has(start.getTime()) ? run.skipped : run.starts).push(start);
    }
    for (const [i, run] of runs.entries()) {
      if (run.starts.length === 0) continue;
      const first = run.starts[0]!;
      const last = run.starts.at(-1)!;
      const skippedInside = run.skipped.filter((d) => d > first && d < last);
      out.push(
        compact({
          id: hsdsChildId('schedule', p.id, ev.key, i),
          service_id: service,
          valid_from: day(first),
          valid_to: day(last),
          dtstart: day(first),
          until: day(last),
          timezone: run.offset,
          wkst: 'MO',
          freq: 'WEEKLY',
          interval: 1,
          byday: BYDAY[toWallTime(first).weekday]!,
          opens_at: timeWithOffset(first).text,
          closes_at: timeWithOffset(new Date(first.getTime() + length)).text,
          description,
          notes: skippedInside.length ? `Closed on ${skippedInside.map(day).join(', ')}.` : undefined,
        }),
      );
    }
  }
  return out;
}
