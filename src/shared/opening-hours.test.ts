// Structured opening hours in Kansas City time (decision 0800), with pinned clocks. The answers
// must not depend on the process's zone: the last test probes several TZ values, and the whole file
// must pass under TZ=UTC, TZ=Asia/Tokyo and TZ=America/Chicago.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toWallTime, wallTimeToInstant, wallTimeToInstants } from './chicago-time';
import { hoursMoment, statusFromEvaluation } from './hours-status';
import {
  describeStatus,
  evaluateOpeningHours,
  inSeason,
  openIntervals,
  openingHoursFields,
  validateOpeningHours,
  weekTable,
} from './opening-hours';

const SEASON = 'Apr-Oct Sa 07:00-12:00';
/** A Kansas City wall time in daylight time (CDT, UTC-5) or standard time (CST, UTC-6). */
const cdt = (local: string) => new Date(`${local}-05:00`);
const cst = (local: string) => new Date(`${local}-06:00`);

describe('chicago wall time', () => {
  it('reads instants on the Kansas City clock', () => {
    expect(toWallTime(new Date('2026-07-04T15:30:00Z'))).toMatchObject({
      year: 2026,
      month: 7,
      day: 4,
      hour: 10,
      minute: 30,
      weekday: 6,
    });
    expect(toWallTime(new Date('2026-01-01T05:59:00Z'))).toMatchObject({
      year: 2025,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
    });
  });

  it('skips the March hour and repeats the November one', () => {
    const wall = (day: number, month: number, hour: number, minute = 30) => ({
      year: 2026,
      month,
      day,
      hour,
      minute,
      second: 0,
      millisecond: 0,
    });
    expect(wallTimeToInstants(wall(8, 3, 2))).toEqual([]);
    expect(wallTimeToInstant(wall(8, 3, 2)).toISOString()).toBe('2026-03-08T08:30:00.000Z'); // 03:30 CDT
    expect(wallTimeToInstants(wall(1, 11, 1)).map((d) => d.toISOString())).toEqual([
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
    expect(wallTimeToInstant(wall(1, 11, 1), new Date('2026-11-01T07:00:00Z')).toISOString()).toBe(
      '2026-11-01T07:30:00.000Z',
    );
  });
});

describe('a season: Apr-Oct Sa 07:00-12:00', () => {
  it('opens on its first day, Saturday 4 April 2026', () => {
    expect(evaluateOpeningHours(SEASON, cdt('2026-04-04T06:59'))).toEqual({
      openNow: false,
      nextChange: cdt('2026-04-04T07:00').toISOString(),
      inSeason: true,
    });
    expect(describeStatus(SEASON, cdt('2026-04-04T06:59'), 'en')).toMatchObject({
      kind: 'opens',
      at: { weekday: 6, hour: 7, minute: 0, time: '7:00', weekdayName: 'Sat' },
    });
    expect(evaluateOpeningHours(SEASON, cdt('2026-04-04T07:00'))?.openNow).toBe(true);
  });

  it('closes at noon: 11:59 open, 12:00 and 12:01 closed', () => {
    expect(evaluateOpeningHours(SEASON, cdt('2026-04-04T11:59'))).toEqual({
      openNow: true,
      nextChange: cdt('2026-04-04T12:00').toISOString(),
      inSeason: true,
    });
    expect(describeStatus(SEASON, cdt('2026-04-04T11:59'), 'en')).toMatchObject({
      kind: 'open',
      closesAt: { time: '12:00', hour: 12 },
    });
    for (const t of ['2026-04-04T12:00', '2026-04-04T12:01']) {
      expect(evaluateOpeningHours(SEASON, cdt(t))).toEqual({
        openNow: false,
        nextChange: cdt('2026-04-11T07:00').toISOString(),
        inSeason: true,
      });
    }
  });

  it('is out of season before its first day and after its last, Saturday 31 October 2026', () => {
    expect(inSeason(SEASON, cdt('2026-03-27T12:00'))).toBe(false);
    expect(inSeason(SEASON, cdt('2026-03-28T07:00'))).toBe(false); // 4 April 07:00 is 7 days on: outside
    expect(inSeason(SEASON, cdt('2026-03-28T07:01'))).toBe(true);
    expect(evaluateOpeningHours(SEASON, cdt('2026-10-31T11:00'))).toMatchObject({ openNow: true, inSeason: true });
    expect(evaluateOpeningHours(SEASON, cdt('2026-10-31T12:00'))).toEqual({
      openNow: false,
      nextChange: cdt('2027-04-03T07:00').toISOString(),
      inSeason: false,
    });
    expect(describeStatus(SEASON, cdt('2026-10-31T12:00'), 'en')).toMatchObject({
      kind: 'outOfSeason',
      until: { year: 2027, month: 4, monthName: 'April' },
    });
    expect(describeStatus(SEASON, cdt('2026-10-31T12:00'), 'es')).toMatchObject({
      kind: 'outOfSeason',
      until: { monthName: 'abril' },
    });
  });
});

describe('daylight-saving days', () => {
  it('8 March 2026: 02:00-03:00 does not exist, times keep the clock on the wall', () => {
    expect(evaluateOpeningHours('Mo-Su 08:00-17:00', cst('2026-03-08T01:00'))?.nextChange).toBe(
      cdt('2026-03-08T08:00').toISOString(),
    );
    expect(evaluateOpeningHours('Su 01:00-04:00', cst('2026-03-08T01:30'))).toMatchObject({
      openNow: true,
      nextChange: '2026-03-08T09:00:00.000Z',
    });
    // 00:30 CST to 03:30 CDT: two real hours.
    expect(openIntervals('Su 00:30-03:30', new Date('2026-03-07T00:00Z'), new Date('2026-03-10T00:00Z'))).toEqual([
      { start: new Date('2026-03-08T06:30:00Z'), end: new Date('2026-03-08T08:30:00Z') },
    ]);
  });

  it('1 November 2026: 01:00-02:00 happens twice', () => {
    expect(openIntervals('Su 00:30-03:30', new Date('2026-10-31T00:00Z'), new Date('2026-11-03T00:00Z'))).toEqual([
      { start: new Date('2026-11-01T05:30:00Z'), end: new Date('2026-11-01T09:30:00Z') },
    ]);
    // Open until 01:30 on the clock: the first pass closes at 01:30 CDT, the second at 01:30 CST.
    expect(evaluateOpeningHours('Su 00:00-01:30', new Date('2026-11-01T06:10:00Z'))?.nextChange).toBe(
      '2026-11-01T06:30:00.000Z',
    );
    expect(evaluateOpeningHours('Su 00:00-01:30', new Date('2026-11-01T07:10:00Z'))?.nextChange).toBe(
      '2026-11-01T07:30:00.000Z',
    );
    expect(evaluateOpeningHours('Mo-Su 08:00-17:00', cdt('2026-10-31T20:00'))?.nextChange).toBe(
      cst('2026-11-01T08:00').toISOString(),
    );
  });
});

describe('public holidays (Missouri)', () => {
  const DAILY = 'Mo-Su 08:00-12:00; PH off';
  it('closes on 4 July 2026 (a Saturday) and on 3 July, the day it is observed', () => {
    expect(evaluateOpeningHours(DAILY, cdt('2026-07-04T10:00'))).toEqual({
      openNow: false,
      nextChange: cdt('2026-07-05T08:00').toISOString(),
      inSeason: true,
    });
    const week = weekTable(DAILY, cdt('2026-07-01T12:00'));
    expect(week.map((d) => [d.date, d.weekday, d.publicHoliday, d.ranges.length, d.closedComment])).toEqual([
      ['2026-07-01', 3, false, 1, null],
      ['2026-07-02', 4, false, 1, null],
      ['2026-07-03', 5, true, 0, 'Independence Day'],
      ['2026-07-04', 6, true, 0, 'Independence Day'],
      ['2026-07-05', 0, false, 1, null],
      ['2026-07-06', 1, false, 1, null],
      ['2026-07-07', 2, false, 1, null],
    ]);
    expect(week[0]).toMatchObject({
      isToday: true,
      ranges: [{ from: '08:00', to: '12:00', maybe: false, comment: null }],
    });
  });

  it('works on 31 December 2028, where the library alone stops with an error', () => {
    expect(evaluateOpeningHours(DAILY, cst('2028-12-31T10:00'))).toEqual({
      openNow: true,
      nextChange: cst('2028-12-31T12:00').toISOString(),
      inSeason: true,
    });
    expect(
      weekTable(DAILY, cst('2028-12-30T09:00')).map((d) => d.ranges.map((r) => `${r.from}-${r.to}`).join()),
    ).toEqual([
      '08:00-12:00',
      '08:00-12:00',
      '', // New Year's Day
      '08:00-12:00',
      '08:00-12:00',
      '08:00-12:00',
      '08:00-12:00',
    ]);
  });
});

describe('always and never', () => {
  it('24/7 is open with no closing', () => {
    expect(evaluateOpeningHours('24/7', cdt('2026-06-01T03:00'))).toEqual({
      openNow: true,
      nextChange: null,
      inSeason: true,
    });
    expect(describeStatus('24/7', cdt('2026-06-01T03:00'), 'en')).toEqual({ kind: 'open', closesAt: null });
    expect(weekTable('24/7', cdt('2026-06-01T03:00'))[3]?.ranges).toEqual([
      { from: '00:00', to: '24:00', maybe: false, comment: null },
    ]);
  });

  it('off is closed with no opening', () => {
    expect(evaluateOpeningHours('off', cdt('2026-06-01T03:00'))).toEqual({
      openNow: false,
      nextChange: null,
      inSeason: false,
    });
    expect(describeStatus('off', cdt('2026-06-01T03:00'), 'en')).toEqual({ kind: 'closed' });
  });

  it('a range past midnight continues the next day', () => {
    const week = weekTable('Fr 22:00-02:00', cdt('2026-06-05T12:00')); // a Friday
    expect(week[0]?.ranges.map((r) => `${r.from}-${r.to}`)).toEqual(['22:00-24:00']);
    expect(week[1]?.ranges.map((r) => `${r.from}-${r.to}`)).toEqual(['00:00-02:00']);
  });
});

describe('validateOpeningHours', () => {
  it('explains a parse error in one sentence, with where it was found', () => {
    const v = validateOpeningHours('Mo 10:00-12:00 foo');
    expect(v).toMatchObject({ ok: false, code: 'syntax' });
    if (v.ok) return;
    expect(v.error).toMatch(/^The opening hours cannot be read near "Mo 10:00-12:00 fo": Unexpected character "f"/);
    expect(v.error).toMatch(/\.$/);
    expect(v.position).toBeGreaterThan(10);
    expect(evaluateOpeningHours('Mo 10:00-12:00 foo', cdt('2026-06-01T10:00'))).toBeNull();
    expect(describeStatus('Mo 10:00-12:00 foo', cdt('2026-06-01T10:00'), 'en')).toBeNull();
    expect(weekTable('Mo 10:00-12:00 foo', cdt('2026-06-01T10:00'))).toEqual([]);
    expect(openIntervals('Mo 10:00-12:00 foo', cdt('2026-06-01T00:00'), cdt('2026-06-08T00:00'))).toEqual([]);
  });

  it('accepts a value with warnings and offers its tidy spelling', () => {
    const v = validateOpeningHours('Sa 8am-1pm');
    expect(v).toMatchObject({ ok: true, normalized: 'Sa 08:00-13:00' });
    expect(v.ok && v.warnings.length).toBeGreaterThan(0);
    const trailing = validateOpeningHours('Mo 10:00-12:00;');
    expect(trailing.ok && trailing.warnings.some((w) => /empty rule/.test(w))).toBe(true);
    expect(validateOpeningHours('Apr-Oct Sa 07:00-12:00; PH off')).toEqual({
      ok: true,
      warnings: [],
      normalized: 'Apr-Oct Sa 07:00-12:00; PH off',
    });
  });

  it('says what the site does with sun times and maybe-open times', () => {
    const sun = validateOpeningHours('Mo-Su sunrise-sunset');
    expect(sun.ok && sun.warnings.join(' ')).toMatch(/fixed times/);
    const maybe = validateOpeningHours('Sa 08:00+');
    expect(maybe.ok && maybe.warnings.join(' ')).toMatch(/maybe open/);
  });

  it('refuses empty, too long, and school holidays it cannot know', () => {
    expect(validateOpeningHours('  ')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateOpeningHours(`Mo 10:00-12:00${', Tu 10:00-12:00'.repeat(20)}`)).toMatchObject({
      ok: false,
      code: 'tooLong',
    });
    expect(validateOpeningHours('Mo-Fr 08:00-12:00; SH off')).toMatchObject({
      ok: false,
      code: 'syntax',
      error: expect.stringMatching(/School holidays/),
    });
  });
});

describe('read-answer helpers', () => {
  it('answers null fields without structured hours', () => {
    expect(openingHoursFields(null, new Date())).toEqual({ openNow: null, nextChange: null, inSeason: null });
    expect(openingHoursFields('', new Date())).toEqual({ openNow: null, nextChange: null, inSeason: null });
  });

  it('the card status from an answer is null once the answer is stale', () => {
    const answer = { openNow: true, nextChange: cdt('2026-04-04T12:00').toISOString() };
    expect(statusFromEvaluation(answer, cdt('2026-04-04T11:00'), 'en')).toMatchObject({ kind: 'open' });
    expect(statusFromEvaluation(answer, cdt('2026-04-04T12:00'), 'en')).toBeNull();
    expect(statusFromEvaluation({ openNow: null, nextChange: null }, new Date(), 'en')).toBeNull();
    expect(hoursMoment(cdt('2026-04-04T07:00'), 'es')).toMatchObject({ weekdayName: 'sáb', time: '7:00' });
  });
});

describe('the same answers in every process time zone', () => {
  it('gives identical results under UTC, Asia/Tokyo, America/Chicago and Europe/Berlin', {
    timeout: 90_000,
  }, async () => {
    const module = path.join(import.meta.dirname, 'opening-hours.ts');
    const probe = `
      import * as oh from ${JSON.stringify(module)};
      const at = ['2026-03-08T07:30:00Z', '2026-04-04T16:59:00Z', '2026-07-04T15:00:00Z', '2026-11-01T06:10:00Z', '2026-11-01T07:10:00Z', '2028-12-31T16:00:00Z'];
      const texts = ['Apr-Oct Sa 07:00-12:00; PH off', 'Su 00:00-01:30', 'Mo-Su 08:00-12:00; PH off', 'Su 01:00-04:00', 'Fr 22:00-02:00'];
      const out = texts.flatMap((t) => at.map((a) => [oh.evaluateOpeningHours(t, new Date(a)), oh.weekTable(t, new Date(a)), oh.openIntervals(t, new Date(a), new Date(Date.parse(a) + 8 * 864e5))]));
      console.log(JSON.stringify(out));`;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      ['UTC', 'Asia/Tokyo', 'America/Chicago', 'Europe/Berlin'].map(async (tz) => {
        const r = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
          env: { ...process.env, TZ: tz },
          encoding: 'utf8',
        });
        return r.stdout;
      }),
    );
    expect(outputs[0]!.length).toBeGreaterThan(1000);
    for (const o of outputs.slice(1)) expect(o).toBe(outputs[0]);
  });
});
