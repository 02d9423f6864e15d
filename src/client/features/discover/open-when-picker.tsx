// "Open when I can go" (decision 0802): days of the week and a window of the day, beside Open now
// and In season. Day buttons say whether they are on (aria-pressed); two presets set both at once.
import { useTranslation } from 'react-i18next';
import { formatClock, OPEN_WHEN_DAYS, type OpenWhenDay, parseClock, WHOLE_DAY } from '../../../shared/open-when';
import { NativeSelect } from '../../components/ui/form-controls';
import { type Filters, PARAM } from './filters';
import type { DiscoverState } from './use-discover-state';
import { useDraft } from './use-draft';

type Window = Pick<Filters, 'days' | 'from' | 'to'>;

const HOUR = 60;
const PRESETS = [
  { key: 'weekdayEvenings', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 17 * HOUR, to: 21 * HOUR },
  { key: 'weekendMornings', days: ['sat', 'sun'], from: 8 * HOUR, to: 12 * HOUR },
] as const satisfies ReadonlyArray<{ key: string } & Window>;

/** 8:00, 17:30, 24:00: the clock as the hours line writes it. */
function clockLabel(minutes: number): string {
  return `${Math.floor(minutes / HOUR)}:${String(minutes % HOUR).padStart(2, '0')}`;
}

/** The hourly choices, plus the URL's own time when it is none of them. */
function choices(from: number, to: number, own: number): number[] {
  const hours = Array.from({ length: (to - from) / HOUR + 1 }, (_, i) => from + i * HOUR);
  return [...new Set([...hours, own])].sort((a, b) => a - b);
}

/** The chip's words: "Open: Sat, Sun 8:00–12:00", or the days alone for the whole day. */
export function useOpenWhenLabel(): (w: Window) => string {
  const { t } = useTranslation('discover');
  return (w) => {
    const days = w.days.map((d) => t(`filters.openWhen.short.${d}`)).join(', ');
    return w.from === WHOLE_DAY.from && w.to === WHOLE_DAY.to
      ? t('chips.openWhenAllDay', { days })
      : t('chips.openWhen', { days, window: `${clockLabel(w.from)}–${clockLabel(w.to)}` });
  };
}

export function OpenWhenPicker({ filters, setFilters }: Pick<DiscoverState, 'filters' | 'setFilters'>) {
  const { t } = useTranslation('discover');
  // The buttons follow a press at once: the URL's value arrives only when the navigation commits.
  const draft = useDraft(JSON.stringify([filters.days, filters.from, filters.to]));
  const [days, from, to] = JSON.parse(draft.draft) as [OpenWhenDay[], number, number];
  const noDay = days.length === 0;
  const set = (w: Partial<Window>) => {
    const next: Window = { days, from, to, ...w };
    const value = JSON.stringify([next.days, next.from, next.to]);
    draft.setDraft(value);
    draft.lastWritten.current = value;
    setFilters(w);
  };
  const toggle = (day: OpenWhenDay) => {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
    // Monday first, as the URL and the API write them.
    set({ days: OPEN_WHEN_DAYS.filter((d) => next.includes(d)) });
  };
  // A window always runs forwards: moving one end past the other moves the other an hour beyond.
  const setFrom = (value: number) => set({ from: value, to: Math.max(to, value + HOUR) });
  const setTo = (value: number) => set({ to: value, from: Math.min(from, value - HOUR) });
  const hintId = 'discover-open-when-hint';
  const chooseId = 'discover-open-when-choose';
  return (
    <fieldset className="grid min-w-0 gap-2" data-open-when="">
      <legend className="text-sm font-medium text-gray-900">
        {t('filters.openWhen.label')}{' '}
        <span id={hintId} className="text-xs font-normal text-gray-700">
          {t('filters.openWhen.hint')}
        </span>
      </legend>
      {/* Without JavaScript the days travel as this field; the buttons need script. */}
      {!noDay && <input type="hidden" name={PARAM.days} value={days.join(',')} />}
      {/* Days and times on one line where they fit: the panel stays short on a wide screen. */}
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form field */}
        <div role="group" aria-label={t('filters.openWhen.days')} className="flex flex-wrap gap-1">
          {OPEN_WHEN_DAYS.map((day) => (
            <button
              key={day}
              type="button"
              aria-pressed={days.includes(day)}
              aria-label={t(`filters.openWhen.long.${day}`)}
              aria-describedby={hintId}
              onClick={() => toggle(day)}
              className="min-h-8 min-w-11 rounded-md border border-gray-300 px-2 text-sm text-gray-900 hover:bg-gray-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {t(`filters.openWhen.short.${day}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <TimeSelect
            id="discover-open-from"
            name={PARAM.from}
            label={t('filters.openWhen.from')}
            value={from}
            options={choices(0, 23 * HOUR, from)}
            disabled={noDay}
            describedBy={noDay ? chooseId : undefined}
            onChange={setFrom}
          />
          <TimeSelect
            id="discover-open-to"
            name={PARAM.to}
            label={t('filters.openWhen.to')}
            value={to}
            options={choices(HOUR, 24 * HOUR, to)}
            disabled={noDay}
            describedBy={noDay ? chooseId : undefined}
            onChange={setTo}
          />
          {noDay && (
            <p id={chooseId} className="pb-2 text-xs text-gray-700">
              {t('filters.openWhen.chooseDay')}
            </p>
          )}
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form field */}
      <div role="group" aria-label={t('filters.openWhen.presets')} className="flex flex-wrap gap-x-3 gap-y-1">
        {PRESETS.map((p) => {
          const on = p.from === from && p.to === to && p.days.join() === days.join();
          return (
            <button
              key={p.key}
              type="button"
              aria-pressed={on}
              onClick={() => set(on ? { days: [] } : { days: [...p.days], from: p.from, to: p.to })}
              className="min-h-8 rounded-md text-sm font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900 aria-pressed:no-underline aria-pressed:font-semibold"
            >
              {t(`filters.openWhen.${p.key}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function TimeSelect(props: {
  id: string;
  name: string;
  label: string;
  value: number;
  options: number[];
  disabled: boolean;
  describedBy?: string;
  onChange(value: number): void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium text-gray-900">
        {props.label}
      </label>
      <NativeSelect
        id={props.id}
        name={props.disabled ? undefined : props.name}
        value={formatClock(props.value)}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(parseClock(e.target.value) ?? props.value)}
        className="w-28"
      >
        {props.options.map((m) => (
          <option key={m} value={formatClock(m)}>
            {clockLabel(m)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
