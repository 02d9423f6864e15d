// The seed's provenance (decision 0804): how a source's date is read, and data/seed/provenance.csv
// is what the script writes today.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProvenance, noteDate, provenanceCsv, urlDate, USDA_FM, usdaDate } from './build-seed-provenance';

const seedDir = path.resolve(import.meta.dirname, '../data/seed');

describe('source dates', () => {
  it('reads the USDA export update times, a year alone staying a year', () => {
    expect(usdaDate('7/20/2016 2:02:34 PM')).toBe('2016-07-20');
    expect(usdaDate('Jun  2 2010 12:33PM')).toBe('2010-06-02');
    expect(usdaDate('2009')).toBe('2009');
    expect(() => usdaDate('soon')).toThrow();
  });

  it('reads a year or a date in a note, and a date in a page address', () => {
    expect(noteDate('(2021 season)')).toBe('2021');
    expect(noteDate('(Kansas City Star, 2022)')).toBe('2022');
    expect(noteDate('(JCPRD news item dated 2019-10-14)')).toBe('2019-10-14');
    expect(noteDate('(archived KC Parks news)')).toBeNull();
    expect(urlDate('http://www.theolathenews.com/2014/07/25/2527218/x.html')).toBe('2014-07-25');
    expect(urlDate('https://mikcexplore.com/home/2019/9/4/cultivate-kc')).toBe('2019-09-04');
    expect(urlDate('http://fairsharenews.blogspot.com/2012/06/in-share-week-5.html')).toBe('2012-06');
    expect(urlDate('http://www.435mag.com/July-2014/Pick-Your-Own/')).toBe('2014');
    // Digits that are not a year: an article number, a hash.
    expect(urlDate('https://www.travelawaits.com/2562731/parkville-mo-things-to-do/')).toBeNull();
    expect(urlDate('https://publicnow.com/view/ACBE87FDF03AE022ECAF174713106D13EE21F379')).toBeNull();
  });
});

describe('data/seed/provenance.csv', () => {
  const rows = buildProvenance();

  it('is what the script writes, one row per seed place', () => {
    expect(rows).toHaveLength(156);
    expect(fs.readFileSync(path.join(seedDir, 'provenance.csv'), 'utf8')).toBe(`${provenanceCsv(rows)}\n`);
  });

  it('dates a USDA market by its listing and names the listings whose flags it takes', () => {
    const brookside = rows.find((r) => r.name === "Brookside Farmers' Market")!;
    expect(brookside).toMatchObject({ source_name: USDA_FM, source_published: '2016-05-12', usda_fmids: '1002427' });
    expect(brookside.source_ref).toMatch(/^github:akschenker\/Project1-farmersMarkets@4570b37b.*\(FMID 1002427\)$/);
    // One market on three days: its first source is a newer page, the three listings give the flags.
    expect(rows.find((r) => r.name === 'KCK Farmers Market')).toMatchObject({
      source_name: 'Wyandotte Daily',
      source_published: '2021',
      usda_fmids: '1018496 1018497 1018498',
    });
  });

  it('leaves the date empty when the source gives none', () => {
    expect(rows.find((r) => r.name === 'Loose Park')).toMatchObject({
      source_name: 'KC Parks',
      source_ref: 'https://kcparks.org/places/loose-park/',
      source_published: '',
    });
  });
});
