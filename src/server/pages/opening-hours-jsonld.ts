// schema.org `openingHoursSpecification` of a place's structured hours (decisions 0800 and 0251):
// simple values as one specification per rule, anything else as the coming 7 days, day by day.
// Left out: `PH off` (schema.org would need every holiday's date), and "maybe open" ranges.
import { toWallTime } from '../../shared/chicago-time.js';
import { weekTable } from '../../shared/opening-hours.js';

export type OpeningHoursSpecification = {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
};

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY = `(?:${DAYS.join('|')})`;
const MONTH = `(?:${MONTHS.join('|')})`;
const RULE = new RegExp(
  `^(?:(${MONTH})(?:-(${MONTH}))?:? )?(${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)*) ((?:[0-2]\\d:[0-5]\\d-[0-2]\\d:[0-5]\\d)(?:,[0-2]\\d:[0-5]\\d-[0-2]\\d:[0-5]\\d)*)$`,
);

interface SimpleRule {
  /** Month numbers 1-12 the rule covers (all twelve without a season). */
  months: number[];
  season: { from: number; to: number } | null;
  /** 0 = Monday … 6 = Sunday. */
  days: number[];
  ranges: Array<{ opens: string; closes: string }>;
}

function span(from: number, to: number, size: number): number[] {
  const out: number[] = [];
  for (let i = from; ; i = (i + 1) % size) {
    out.push(i);
    if (i === to) return out;
  }
}

function parseRule(rule: string): SimpleRule | null {
  const m = RULE.exec(rule);
  if (!m) return null;
  const [, fromMonth, toMonth, dayList, rangeList] = m;
  const days = new Set<number>();
  for (const part of dayList!.split(',')) {
    const [a, b] = part.split('-').map((d) => DAYS.indexOf(d as (typeof DAYS)[number]));
    for (const d of b === undefined ? [a!] : span(a!, b, 7)) days.add(d);
  }
  const season = fromMonth
    ? {
        from: MONTHS.indexOf(fromMonth as (typeof MONTHS)[number]) + 1,
        to: MONTHS.indexOf((toMonth ?? fromMonth) as (typeof MONTHS)[number]) + 1,
      }
    : null;
  const months = season
    ? span(season.from - 1, season.to - 1, 12).map((x) => x + 1)
    : span(0, 11, 12).map((x) => x + 1);
  const ranges = rangeList!.split(',').map((r) => {
    const [opens, closes] = r.split('-') as [string, string];
    return { opens, closes: closes === '24:00' ? '23:59' : closes };
  });
  return { months, season, days: [...days].sort(), ranges };
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The season's occurrence running now, or the next one, as dates in Kansas City. */
function seasonDates(season: { from: number; to: number }, now: Date): { validFrom: string; validThrough: string } {
  const today = toWallTime(now);
  const wraps = season.from > season.to;
  const inSeason = wraps
    ? today.month >= season.from || today.month <= season.to
    : today.month >= season.from && today.month <= season.to;
  let startYear: number;
  if (inSeason) startYear = wraps && today.month <= season.to ? today.year - 1 : today.year;
  else startYear = today.month < season.from ? today.year : today.year + 1;
  const endYear = wraps ? startYear + 1 : startYear;
  return {
    validFrom: `${startYear}-${pad(season.from)}-01`,
    validThrough: `${endYear}-${pad(season.to)}-${pad(lastDay(endYear, season.to))}`,
  };
}

/** The simple rules of a value, or null when it is not simple: rules of the form
 * `[Mon[-Mon][:]] days HH:MM-HH:MM[,HH:MM-HH:MM]`, `24/7` or `PH off`, and no two naming the same
 * weekday in the same month (a later rule replacing part of an earlier one cannot be said in
 * schema.org without repeating the earlier one's dates). */
function simpleRules(text: string): SimpleRule[] | null {
  const rules = text
    .split(';')
    .map((r) => r.trim())
    .filter((r) => r && !/^PH (off|closed)$/.test(r));
  const parsed = rules.map(parseRule);
  if (parsed.some((r) => r === null)) return null;
  const seen = new Set<string>();
  for (const r of parsed as SimpleRule[]) {
    for (const m of r.months) {
      for (const d of r.days) {
        const key = `${m}:${d}`;
        if (seen.has(key)) return null;
        seen.add(key);
      }
    }
  }
  return parsed as SimpleRule[];
}

/** The specifications of a stored value at `now`; empty without hours, or with none to say. */
export function openingHoursSpecification(text: string | null | undefined, now: Date): OpeningHoursSpecification[] {
  const value = (text ?? '').trim();
  if (!value) return [];
  const spec = (extra: Omit<OpeningHoursSpecification, '@type'>): OpeningHoursSpecification => ({
    '@type': 'OpeningHoursSpecification',
    ...extra,
  });
  if (value === '24/7') return [spec({ dayOfWeek: DAY_NAMES, opens: '00:00', closes: '23:59' })];
  const rules = simpleRules(value);
  if (rules) {
    return rules.flatMap((r) =>
      r.ranges.map((range) =>
        spec({
          dayOfWeek: r.days.map((d) => DAY_NAMES[d]!),
          ...range,
          ...(r.season ? seasonDates(r.season, now) : {}),
        }),
      ),
    );
  }
  // Not simple: the coming week as the library reads it, each day valid on its date only, so
  // nothing wrong is ever published.
  return weekTable(value, now).flatMap((day) =>
    day.ranges
      .filter((range) => !range.maybe)
      .map((range) =>
        spec({
          // weekTable counts from Sunday; DAY_NAMES from Monday.
          dayOfWeek: [DAY_NAMES[(day.weekday + 6) % 7]!],
          opens: range.from,
          closes: range.to === '24:00' ? '23:59' : range.to,
          validFrom: day.date,
          validThrough: day.date,
        }),
      ),
  );
}
