// toWallTime keeps Kansas City's offset per UTC day (chicago-time.ts): it must answer exactly what
// the platform's time zone data says, across the clock changes and before standard time (1883).
import { describe, expect, it } from 'vitest';
import { toWallTime } from './chicago-time';

const reference = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function expected(t: number) {
  const p = Object.fromEntries(reference.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    millisecond: ((t % 1000) + 1000) % 1000,
    weekday: DAYS.indexOf(p.weekday!),
  };
}

describe('toWallTime', () => {
  it('follows the clock changes of 2026 minute by minute', () => {
    for (const change of ['2026-03-08T08:00:00Z', '2026-11-01T07:00:00Z']) {
      const at = Date.parse(change);
      for (let t = at - 3 * 3_600_000; t <= at + 3 * 3_600_000; t += 60_000 + 7) {
        expect(toWallTime(new Date(t)), new Date(t).toISOString()).toEqual(expected(t));
      }
      // The last millisecond before the change and the change itself.
      expect(toWallTime(new Date(at - 1))).toEqual(expected(at - 1));
      expect(toWallTime(new Date(at))).toEqual(expected(at));
    }
  });

  it('agrees with the time zone data from 1850 to 2100, local mean time included', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.parse('1850-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    for (let i = 0; i < 3000; i++) {
      const t = Math.floor(from + random() * (to - from));
      expect(toWallTime(new Date(t)), new Date(t).toISOString()).toEqual(expected(t));
    }
    // The switch to standard time: noon local mean time on 18 November 1883.
    const noon = Date.parse('1883-11-18T18:09:24Z');
    for (let t = noon - 7_200_000; t < noon + 7_200_000; t += 61_000)
      expect(toWallTime(new Date(t))).toEqual(expected(t));
  });
});
