import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear } from './dates';

describe('formatDate', () => {
  it('uses the short US form in UTC', () => {
    expect(formatDate('2026-11-20T23:30:00Z', 'en')).toBe('Nov 20, 2026');
    // Late evening in Kansas City is already the next day in UTC: UTC wins.
    expect(formatDate(new Date('2026-11-21T02:00:00Z'), 'en')).toBe('Nov 21, 2026');
    expect(formatDate(Date.UTC(2026, 0, 5), 'en')).toBe('Jan 5, 2026');
  });

  it('follows the Spanish convention in Spanish', () => {
    expect(formatDate('2026-11-20T12:00:00Z', 'es')).toBe('20 nov 2026');
  });

  it('is empty when the date is absent or invalid', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('defaults to the current interface language', async () => {
    const { default: i18n } = await import('i18next');
    const before = i18n.language;
    try {
      i18n.language = 'es';
      expect(formatDate('2026-11-20T12:00:00Z')).toBe('20 nov 2026');
    } finally {
      i18n.language = before;
    }
  });
});

describe('formatDateTime', () => {
  it('adds the time in UTC, in the interface language', () => {
    expect(formatDateTime('2026-11-20T15:04:00Z', 'en')).toBe('Nov 20, 2026, 3:04 PM UTC');
    expect(formatDateTime('2026-11-20T15:04:00Z', 'es')).toBe('20 nov 2026, 15:04 UTC');
    expect(formatDateTime(null, 'en')).toBe('');
  });
});

describe('formatMonthYear', () => {
  it('gives the month and year in UTC, in the interface language', () => {
    expect(formatMonthYear('2026-03-14T12:00:00Z', 'en')).toBe('Mar 2026');
    expect(formatMonthYear('2026-03-14T12:00:00Z', 'es')).toBe('mar 2026');
    // The last evening of March in Kansas City is already April in UTC: UTC wins, as for formatDate.
    expect(formatMonthYear('2026-04-01T02:00:00Z', 'en')).toBe('Apr 2026');
    expect(formatMonthYear(null, 'en')).toBe('');
  });
});
