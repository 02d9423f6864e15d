// The seed's hours conversion (decision 0800): plain texts convert, unclear ones stay text, and
// data/seed/opening-hours.json is what the script proposes for the seed today.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { validateOpeningHours } from '../src/shared/opening-hours';
import { slugify } from '../src/shared/slug';
import { SEED_PLACE_FILES } from '../src/server/db/seed-files';
import { proposeOpeningHours, REJECTED_ON_REVIEW } from './convert-seed-hours';

const seedDir = path.resolve(import.meta.dirname, '../data/seed');

describe('proposeOpeningHours', () => {
  it('converts plain days, times and months', () => {
    expect(proposeOpeningHours('Sat-Sun 7am-3pm year-round; Wed 4pm-7pm May-Sep')).toEqual({
      ok: true,
      openingHours: 'Sa,Su 07:00-15:00; May-Sep We 16:00-19:00',
    });
    expect(proposeOpeningHours('Wed 2pm-6pm & Sat 8am-1pm, May-Oct; Wed 2pm-6pm, Nov-Mar')).toEqual({
      ok: true,
      openingHours: 'May-Oct We 14:00-18:00; May-Oct Sa 08:00-13:00; Nov-Mar We 14:00-18:00',
    });
    expect(proposeOpeningHours('Daily 5am-midnight')).toEqual({ ok: true, openingHours: 'Mo-Su 05:00-24:00' });
    expect(proposeOpeningHours('Fri 7am-1:30pm, May-Oct')).toEqual({
      ok: true,
      openingHours: 'May-Oct Fr 07:00-13:30',
    });
    expect(proposeOpeningHours('Sat 9am-12pm, Nov')).toEqual({ ok: true, openingHours: 'Nov Sa 09:00-12:00' });
    // The age of the text is the place's provenance (decision 0804), not part of its hours.
    expect(proposeOpeningHours('Sat 7:30am-12pm, Apr-Oct (as last listed)')).toEqual({
      ok: true,
      openingHours: 'Apr-Oct Sa 07:30-12:00',
    });
    expect(proposeOpeningHours('Thu-Fri 9am-6pm (as reported in 2018)')).toEqual({
      ok: true,
      openingHours: 'Th,Fr 09:00-18:00',
    });
  });

  it('leaves the season of one past year as text', () => {
    expect(proposeOpeningHours('Thu 4pm-7pm, Jun-Sep 2018 (as last listed)')).toEqual({
      ok: false,
      reason: 'the season of one past year ("Jun-Sep 2018"): the source gave none that repeats',
    });
  });

  it('leaves unclear texts as text', () => {
    for (const text of [
      'Sat 7am-1pm, Apr-early Dec',
      'Creamery Thu-Sun 11am-7pm',
      'Sat 8am in season, by appointment',
      'Sun 9am-1pm (Rosedale)',
      'Trails dawn-dusk',
      'Mon-Fri 9am-5pm; Wed 10am-12pm', // the second would replace the first on Wednesdays
      'Fri 10pm-2am',
      '',
    ]) {
      expect(proposeOpeningHours(text).ok, text).toBe(false);
    }
  });
});

describe('data/seed/opening-hours.json', () => {
  it('holds exactly the reviewed proposals for the seed places, each valid without warnings', () => {
    const rows: Array<{ name: string; operatingHours: string }> = SEED_PLACE_FILES.flatMap((file) =>
      parse(fs.readFileSync(path.join(seedDir, file)), {
        columns: true,
        skip_empty_lines: true,
        bom: true,
        trim: true,
      }),
    );
    const expected: Record<string, string> = {};
    for (const row of rows) {
      const p = proposeOpeningHours(row.operatingHours);
      if (p.ok && !REJECTED_ON_REVIEW[slugify(row.name)]) expected[slugify(row.name)] = p.openingHours;
    }
    const stored = JSON.parse(fs.readFileSync(path.join(seedDir, 'opening-hours.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(stored).toEqual(expected);
    for (const text of Object.values(stored))
      expect(validateOpeningHours(text)).toMatchObject({ ok: true, warnings: [] });
  });
});
