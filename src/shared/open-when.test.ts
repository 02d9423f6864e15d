// "Open when I can go" (decision 0802): the query's words and the coming week's windows, on a
// pinned clock, across both daylight-saving changes and at a season's edge.
import { describe, expect, it } from 'vitest';
import { seasonWindowEnd } from './hours-status.js';
import { openIntervals } from './opening-hours.js';
import { formatClock, type OpenWhen, openWhenWindows, parseClock, parseDays } from './open-when.js';

const iso = (windows: Array<[number, number]>) =>
  windows.map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()]);
// Saturday 13 June 2026, 10:00 in Kansas City (CDT, UTC-5).
const SAT_10AM = new Date('2026-06-13T15:00:00Z');
const H = 60;

describe('open when: the words', () => {
  it('reads days in Monday-first order without repeats, and clock times up to 24:00', () => {
    expect(parseDays('sun,sat,SAT, mon')).toEqual(['mon', 'sat', 'sun']);
    expect(parseDays('sat,xyz')).toBeNull();
    expect(parseDays(',')).toBeNull();
    expect(parseClock('08:30')).toBe(510);
    expect(parseClock('24:00')).toBe(1440);
    for (const bad of ['24:01', '8:00', '08:60', '0800', '']) expect(parseClock(bad), bad).toBeNull();
    expect(formatClock(1440)).toBe('24:00');
    expect(formatClock(510)).toBe('08:30');
  });
});

describe('open when: the windows of the coming week', () => {
  it("keeps what is left of today's window and next week's up to the same clock time", () => {
    expect(iso(openWhenWindows(SAT_10AM, { days: ['sat'], from: 8 * H, to: 12 * H }))).toEqual([
      ['2026-06-13T15:00:00.000Z', '2026-06-13T17:00:00.000Z'],
      ['2026-06-20T13:00:00.000Z', '2026-06-20T15:00:00.000Z'],
    ]);
    // Today's evening is still ahead; Monday to Friday each once.
    expect(
      openWhenWindows(SAT_10AM, { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 17 * H, to: 21 * H }),
    ).toHaveLength(5);
    expect(iso(openWhenWindows(SAT_10AM, { days: ['fri'], from: 20 * H, to: 24 * H }))).toEqual([
      ['2026-06-20T01:00:00.000Z', '2026-06-20T05:00:00.000Z'],
    ]);
  });

  it('every day, the whole day, is the week "in season" means', () => {
    const all: OpenWhen = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: 0, to: 24 * H };
    const windows = openWhenWindows(SAT_10AM, all);
    expect(windows[0]![0]).toBe(SAT_10AM.getTime());
    expect(windows.at(-1)![1]).toBe(seasonWindowEnd(SAT_10AM).getTime());
    for (let i = 1; i < windows.length; i++) expect(windows[i]![0]).toBe(windows[i - 1]![1]);
  });

  it('across the March change: the skipped hour is not there', () => {
    // Friday 6 March 2026, 12:00 CST; the clocks go forward on Sunday 8 March at 02:00.
    const now = new Date('2026-03-06T18:00:00Z');
    expect(iso(openWhenWindows(now, { days: ['sat', 'sun', 'mon'], from: 1 * H, to: 4 * H }))).toEqual([
      ['2026-03-07T07:00:00.000Z', '2026-03-07T10:00:00.000Z'], // CST
      ['2026-03-08T07:00:00.000Z', '2026-03-08T09:00:00.000Z'], // 01:00 CST to 04:00 CDT: two hours
      ['2026-03-09T06:00:00.000Z', '2026-03-09T09:00:00.000Z'], // CDT
    ]);
  });

  it('across the November change: the repeated hour counts both times', () => {
    // Friday 30 October 2026, 12:00 CDT; the clocks go back on Sunday 1 November at 02:00.
    const now = new Date('2026-10-30T17:00:00Z');
    expect(iso(openWhenWindows(now, { days: ['sun'], from: 0, to: 2 * H }))).toEqual([
      ['2026-11-01T05:00:00.000Z', '2026-11-01T08:00:00.000Z'], // three real hours
    ]);
    expect(iso(openWhenWindows(now, { days: ['sun'], from: 1 * H, to: 1 * H + 30 }))).toEqual([
      ['2026-11-01T06:00:00.000Z', '2026-11-01T07:30:00.000Z'],
    ]);
    expect(iso(openWhenWindows(now, { days: ['sat', 'mon'], from: 8 * H, to: 12 * H }))).toEqual([
      ['2026-10-31T13:00:00.000Z', '2026-10-31T17:00:00.000Z'], // CDT
      ['2026-11-02T14:00:00.000Z', '2026-11-02T18:00:00.000Z'], // CST
    ]);
    // Next Friday's evening lies past the week (it ends Friday 6 November at 12:00).
    expect(iso(openWhenWindows(now, { days: ['fri'], from: 20 * H, to: 24 * H }))).toEqual([
      ['2026-10-31T01:00:00.000Z', '2026-10-31T05:00:00.000Z'],
    ]);
  });

  it("a season's edge: hours that end before the window's day do not overlap it", () => {
    // Open every day until Tuesday 16 June; asked about Thursday and about Monday.
    const intervals = openIntervals('Jun 01-16 09:00-17:00', SAT_10AM, new Date(SAT_10AM.getTime() + 9 * 86_400_000));
    const overlaps = (when: OpenWhen) =>
      openWhenWindows(SAT_10AM, when).some(([a, b]) =>
        intervals.some((iv) => iv.start.getTime() < b && a < iv.end.getTime()),
      );
    expect(intervals.length).toBeGreaterThan(0);
    expect(overlaps({ days: ['thu'], from: 9 * H, to: 17 * H })).toBe(false);
    expect(overlaps({ days: ['mon'], from: 9 * H, to: 17 * H })).toBe(true);
    // Closed at 17:00: an evening window the same days does not overlap.
    expect(overlaps({ days: ['mon'], from: 17 * H, to: 21 * H })).toBe(false);
  });
});
