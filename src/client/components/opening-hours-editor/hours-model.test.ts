// The editor's rows and opening_hours text, both ways (decision 0800).
import { describe, expect, it } from 'vitest';
import { emptyModel, type HoursModel, modelToText, textToModel } from './hours-model';

function withDays(open: Record<number, Array<[string, string]>>, extra: Partial<HoursModel> = {}): HoursModel {
  const m = emptyModel();
  for (const [d, ranges] of Object.entries(open)) {
    m.days[Number(d)] = { open: true, ranges: ranges.map(([from, to]) => ({ from, to })) };
  }
  return { ...m, ...extra };
}

describe('rows to text', () => {
  it('groups days with the same hours and writes runs with a dash', () => {
    const week = withDays({
      0: [['09:00', '17:00']],
      1: [['09:00', '17:00']],
      2: [['09:00', '17:00']],
      4: [['09:00', '17:00']],
      5: [['10:00', '14:00']],
    });
    expect(modelToText(week)).toBe('Mo-We,Fr 09:00-17:00; Sa 10:00-14:00');
  });

  it('adds the season to every rule and public holidays at the end', () => {
    expect(
      modelToText(withDays({ 5: [['07:00', '12:00']] }, { season: { from: 4, to: 10 }, closedOnHolidays: true })),
    ).toBe('Apr-Oct Sa 07:00-12:00; PH off');
    expect(modelToText(withDays({ 5: [['09:00', '12:00']] }, { season: { from: 11, to: 11 } }))).toBe(
      'Nov Sa 09:00-12:00',
    );
  });

  it('writes midnight as 24:00, several ranges, 24/7, and nothing for no finished range', () => {
    expect(
      modelToText(
        withDays({
          6: [['05:00', '00:00']],
          3: [
            ['08:00', '12:00'],
            ['13:00', '17:00'],
          ],
        }),
      ),
    ).toBe('Th 08:00-12:00,13:00-17:00; Su 05:00-24:00');
    const always = withDays(
      Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [['00:00', '00:00']]])) as Record<
        number,
        Array<[string, string]>
      >,
    );
    expect(modelToText(always)).toBe('24/7');
    expect(modelToText(withDays({ 0: [['09:00', '']] }))).toBe('');
    expect(modelToText({ ...emptyModel(), closedOnHolidays: true })).toBe('');
  });
});

describe('text to rows', () => {
  it('reads the plain shapes back', () => {
    const m = textToModel('Apr-Oct Sa 07:00-12:00; PH off');
    expect(m?.season).toEqual({ from: 4, to: 10 });
    expect(m?.closedOnHolidays).toBe(true);
    expect(m?.days[5]).toEqual({ open: true, ranges: [{ from: '07:00', to: '12:00' }] });
    expect(m?.days.filter((d) => d.open)).toHaveLength(1);
    expect(textToModel('Mo-Fr 09:00-17:00; We 10:00-12:00')?.days.map((d) => d.ranges[0]?.from ?? '-')).toEqual([
      '09:00',
      '09:00',
      '10:00',
      '09:00',
      '09:00',
      '-',
      '-',
    ]);
    expect(textToModel('Sa-Mo 10:00-24:00')?.days.map((d) => d.open)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(textToModel('24/7')?.days.every((d) => d.ranges[0]?.from === '00:00' && d.ranges[0]?.to === '00:00')).toBe(
      true,
    );
  });

  it('round-trips what the rows write', () => {
    for (const text of [
      'Mo-We,Fr 09:00-17:00; Sa 10:00-14:00',
      'Apr-Oct Sa 07:00-12:00; PH off',
      'Nov-Mar We 14:00-18:00',
      'Mo-Su 05:00-24:00',
      '24/7',
    ]) {
      expect(modelToText(textToModel(text)!)).toBe(text);
    }
  });

  it('leaves anything richer to the text field', () => {
    for (const text of [
      'Sa,Su 07:00-15:00; May-Sep We 16:00-19:00', // a season on some rules only
      'Mo-Fr 08:00-12:00, We 14:00-18:00', // an additional rule
      'PH off; Mo-Fr 09:00-17:00', // PH first would be overridden
      'Mo 10:00-12:00 "call first"',
      'week 1-53/2 Mo 10:00-12:00',
      'Mo 10:00+',
      'Sa 8am-1pm',
    ]) {
      expect(textToModel(text), text).toBeNull();
    }
  });
});
