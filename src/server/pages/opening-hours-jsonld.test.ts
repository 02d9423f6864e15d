// The location page's JSON-LD carries the structured hours as openingHoursSpecification: simple
// values rule by rule with their season's dates, anything else as the coming week's days.
import { describe, expect, it } from 'vitest';
import type { locations } from '../db/schema.js';
import { locationJsonLd } from './location-head.js';
import { openingHoursSpecification } from './opening-hours-jsonld.js';

// Saturday 13 June 2026, 10:00 in Kansas City.
const JUNE = new Date('2026-06-13T15:00:00Z');
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** One specification: its days and hours, and the first and last day of its season if it has one. */
const spec = (dayOfWeek: string[], opens: string, closes: string, season?: [string, string]) => ({
  '@type': 'OpeningHoursSpecification',
  dayOfWeek,
  opens,
  closes,
  ...(season && { validFrom: season[0], validThrough: season[1] }),
});

describe('openingHoursSpecification', () => {
  it('turns each simple rule into a specification, its months into the season’s dates', () => {
    expect(openingHoursSpecification('Apr-Oct Sa 08:00-13:00; Nov Sa 09:00-12:00', JUNE)).toEqual([
      spec(['Saturday'], '08:00', '13:00', ['2026-04-01', '2026-10-31']),
      spec(['Saturday'], '09:00', '12:00', ['2026-11-01', '2026-11-30']),
    ]);
    // Several days and ranges, no season; midnight as 23:59; PH off left out.
    expect(openingHoursSpecification('Mo,We,Fr-Su 09:00-12:00,13:00-24:00; PH off', JUNE)).toEqual([
      spec(['Monday', 'Wednesday', 'Friday', 'Saturday', 'Sunday'], '09:00', '12:00'),
      spec(['Monday', 'Wednesday', 'Friday', 'Saturday', 'Sunday'], '13:00', '23:59'),
    ]);
    expect(openingHoursSpecification('May-Sep: We 16:00-19:00', JUNE)).toEqual([
      spec(['Wednesday'], '16:00', '19:00', ['2026-05-01', '2026-09-30']),
    ]);
    expect(openingHoursSpecification('24/7', JUNE)).toEqual([spec(WEEK, '00:00', '23:59')]);
  });

  it('dates a season across the new year: the one running now, else the next', () => {
    const winter = 'Sep-Mar Mo-Su 09:00-17:00';
    const dates = (now: string) => {
      const [s] = openingHoursSpecification(winter, new Date(now));
      return [s!.validFrom, s!.validThrough];
    };
    expect(dates('2026-06-13T15:00:00Z')).toEqual(['2026-09-01', '2027-03-31']);
    expect(dates('2027-01-15T15:00:00Z')).toEqual(['2026-09-01', '2027-03-31']);
    expect(dates('2026-10-15T15:00:00Z')).toEqual(['2026-09-01', '2027-03-31']);
    // February's last day in a leap year.
    expect(openingHoursSpecification('Feb Sa 10:00-12:00', new Date('2028-01-10T15:00:00Z'))[0]!.validThrough).toBe(
      '2028-02-29',
    );
  });

  it('falls back to the coming week, day by day, when rules overlap or say more', () => {
    const week = openingHoursSpecification('Mo-Fr 09:00-17:00; We 10:00-12:00', JUNE);
    // Saturday 13 to Friday 19 June: Monday, Tuesday, Thursday, Friday 9-5, Wednesday 10-12.
    expect(week).toHaveLength(5);
    expect(week.find((s) => s.dayOfWeek[0] === 'Wednesday')).toEqual(
      spec(['Wednesday'], '10:00', '12:00', ['2026-06-17', '2026-06-17']),
    );
    // Open ends ("maybe open") are left out.
    expect(openingHoursSpecification('Sa 08:00+', JUNE)).toEqual([]);
    expect(openingHoursSpecification(null, JUNE)).toEqual([]);
  });

  it('is part of the place’s JSON-LD', () => {
    const row = {
      name: 'Brookside Test Market',
      category: 'farmers-market',
      address: '6300 Brookside Plaza',
      latitude: null,
      longitude: null,
      phone: null,
      website: null,
      deadline: null,
      openingHours: 'Apr-Oct Sa 08:00-13:00',
    } as unknown as typeof locations.$inferSelect;
    const ld = locationJsonLd(row, 'https://green.example.org/discover/x', '', JUNE);
    expect(ld.openingHoursSpecification).toEqual([spec(['Saturday'], '08:00', '13:00', ['2026-04-01', '2026-10-31'])]);
    expect(locationJsonLd({ ...row, openingHours: null }, 'u', '', JUNE)).not.toHaveProperty(
      'openingHoursSpecification',
    );
  });
});
