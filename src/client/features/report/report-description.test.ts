import { describe, expect, it } from 'vitest';
import { buildReportDescription, hasScriptTag } from './report-description';

describe('buildReportDescription', () => {
  it('names the type for duplicate and outdated', () => {
    expect(buildReportDescription('duplicate', 'ignored', '')).toBe('duplicate issue reported');
    expect(buildReportDescription('outdated', '', '  ')).toBe('outdated issue reported');
  });
  it('appends notes when there are some', () => {
    expect(buildReportDescription('outdated', '', ' Closed on Mondays now ')).toBe(
      'outdated issue reported - Additional notes: Closed on Mondays now',
    );
  });
  it('sends the typed description for other, with the same notes suffix', () => {
    expect(buildReportDescription('other', ' Map pin is wrong ', '')).toBe('Map pin is wrong');
    expect(buildReportDescription('other', 'Map pin is wrong', 'It is across the street')).toBe(
      'Map pin is wrong - Additional notes: It is across the street',
    );
  });
});

describe('hasScriptTag', () => {
  it('finds script tags in any case and spacing', () => {
    expect(hasScriptTag('<script>alert(1)</script>')).toBe(true);
    expect(hasScriptTag('< SCRIPT src=x>')).toBe(true);
    expect(hasScriptTag('a description about scripts')).toBe(false);
  });
});
