// Every date the client shows goes through here, in the interface language (docs/product.md section
// 2): docs/product.md's short US form (month abbreviation, day, year) in UTC, e.g. 'Nov 20, 2026';
// empty when absent. In Spanish the same parts follow the Spanish convention ('20 nov 2026').
// UTC keeps a stored date (a deadline at midnight UTC) on the same day for every visitor.
// Components pass the language from useTranslation(), so they render again when it changes.
import i18n from 'i18next';

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
/** The review desk's moments: the date, then the time in UTC ('Nov 20, 2026, 3:04 PM UTC'). */
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = language.startsWith('es') ? 'es' : 'en-US';
  const key = `${locale}|${withTime ? 'time' : 'date'}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, withTime ? DATE_TIME : DATE);
    formatters.set(key, f);
  }
  return f;
}

type DateInput = Date | string | number | null | undefined;

function format(value: DateInput, language: string | undefined, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(language ?? 'en', withTime).format(date);
}

export function formatDate(value: DateInput, language: string = i18n.language ?? 'en'): string {
  return format(value, language, false);
}

export function formatDateTime(value: DateInput, language: string = i18n.language ?? 'en'): string {
  return format(value, language, true);
}
