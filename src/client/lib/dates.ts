// Every date the client shows, in the interface language (docs/product.md section 2): 'Nov 20,
// 2026' ('20 nov 2026' in Spanish), in UTC so a stored date (a deadline at midnight UTC) is the
// same day for every visitor. Components pass useTranslation()'s language, to re-render on change.
import i18n from 'i18next';

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
/** The review desk's moments: the date, then the time in UTC ('Nov 20, 2026, 3:04 PM UTC'). */
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
/** A month of a year ('Mar 2026'): when a place's details were last checked (decision 0800). */
const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC' };
const FORMS = { date: DATE, time: DATE_TIME, month: MONTH_YEAR } as const;
type Form = keyof typeof FORMS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string, form: Form): Intl.DateTimeFormat {
  const locale = language.startsWith('es') ? 'es' : 'en-US';
  const key = `${locale}|${form}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, FORMS[form]);
    formatters.set(key, f);
  }
  return f;
}

type DateInput = Date | string | number | null | undefined;

function format(value: DateInput, language: string | undefined, form: Form): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(language ?? 'en', form).format(date);
}

export function formatDate(value: DateInput, language: string = i18n.language ?? 'en'): string {
  return format(value, language, 'date');
}

export function formatDateTime(value: DateInput, language: string = i18n.language ?? 'en'): string {
  return format(value, language, 'time');
}

/** The month and year only ('Mar 2026' / 'mar 2026'), in UTC like the other dates. */
export function formatMonthYear(value: DateInput, language: string = i18n.language ?? 'en'): string {
  return format(value, language, 'month');
}
