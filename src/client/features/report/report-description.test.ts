// @vitest-environment jsdom
// The description a flag report carries (docs/product.md section 5; decision 0350), the element
// preview of the review step, and the script check the server makes too.
import { describe, expect, it } from 'vitest';
import { ELEMENT_PREVIEW_CHARS, FLAG_TYPES } from '../../../shared/constants';
import { FLAG_DESCRIPTION_MAX } from '../../../shared/schemas/flag-report';
import { buildReportDescription, elementPreview, hasScriptTag, REPORT_TEXT_MAX } from './report-description';

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
  it('ignores what was typed in the description box for duplicate and outdated', () => {
    expect(buildReportDescription('duplicate', 'Same as the one on Main St', 'See the other card')).toBe(
      'duplicate issue reported - Additional notes: See the other card',
    );
  });
  it('trims the notes and leaves out blank ones for every type', () => {
    for (const type of FLAG_TYPES) {
      const base = type === 'other' ? 'Wrong hours' : `${type} issue reported`;
      expect(buildReportDescription(type, 'Wrong hours', ' \n\t ')).toBe(base);
      expect(buildReportDescription(type, 'Wrong hours', '\n Opens at 9 \n')).toBe(
        `${base} - Additional notes: Opens at 9`,
      );
    }
  });
  it('keeps two texts of the longest allowed length within the server limit', () => {
    const longest = buildReportDescription('other', 'd'.repeat(REPORT_TEXT_MAX), 'n'.repeat(REPORT_TEXT_MAX));
    expect(longest.length).toBeLessThanOrEqual(FLAG_DESCRIPTION_MAX);
    expect(REPORT_TEXT_MAX).toBeGreaterThan(0);
  });
});

describe('elementPreview', () => {
  const el = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    return box.firstElementChild!;
  };
  it('shows the element text with the spacing collapsed', () => {
    expect(elementPreview(el('<p>  Open   Saturdays\n  <b>8am</b>-1pm </p>'))).toBe('Open Saturdays 8am-1pm');
  });
  it(`cuts it to the first ${ELEMENT_PREVIEW_CHARS} characters`, () => {
    const preview = elementPreview(el(`<p>${'x'.repeat(ELEMENT_PREVIEW_CHARS + 40)}</p>`));
    expect(preview).toHaveLength(ELEMENT_PREVIEW_CHARS);
  });
  it('falls back to the alt text, then the label, then the title, else nothing', () => {
    expect(elementPreview(el('<img alt="Market map">'))).toBe('Market map');
    expect(elementPreview(el('<button aria-label="Close dialog"></button>'))).toBe('Close dialog');
    expect(elementPreview(el('<span title="Tooltip"></span>'))).toBe('Tooltip');
    expect(elementPreview(el('<div></div>'))).toBe('');
  });
});

describe('hasScriptTag', () => {
  it('finds script tags in any case and spacing', () => {
    expect(hasScriptTag('<script>alert(1)</script>')).toBe(true);
    expect(hasScriptTag('< SCRIPT src=x>')).toBe(true);
    expect(hasScriptTag('a description about scripts')).toBe(false);
  });
  it('finds closing tags, split letters and encoded brackets', () => {
    expect(hasScriptTag('text </script>')).toBe(true);
    expect(hasScriptTag('<s c r i p t>')).toBe(true);
    expect(hasScriptTag('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(true);
    expect(hasScriptTag('Prescriptions <b>and</b> descriptions')).toBe(false);
  });
});
