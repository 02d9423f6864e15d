// Dates in docs/product.md's short US form (month abbreviation, day, year) in UTC, e.g. 'Nov 20, 2026';
// empty when absent. In Spanish the same parts follow the Spanish convention ('20 nov 2026').
// UTC keeps a stored date (a deadline at midnight UTC) on the same day for every visitor.
import i18n from 'i18next';

const OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string): Intl.DateTimeFormat {
  const locale = language.startsWith('es') ? 'es' : 'en-US';
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, OPTIONS);
    formatters.set(locale, f);
  }
  return f;
}

export function formatDate(
  value: Date | string | number | null | undefined,
  language: string = i18n.language ?? 'en',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(language ?? 'en').format(date);
}
