// The opening-hours editor (decision 0800): days, time ranges, a season and holidays ticked without
// the syntax, or the text edited, kept in step. Controlled: `value` is the opening_hours text. The
// checker (the opening_hours library, ~118 KiB gzip) loads only when the editor is used.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpeningHoursValidation } from '../../../shared/opening-hours';
import { Button } from '../ui/button';
import { FieldError, Label, NativeSelect, Textarea } from '../ui/form-controls';
import { addRangeId, DayRow, dayCheckboxId, rangeFromId } from './day-row';
import { DAY_CODES, DEFAULT_RANGE, type HoursModel, MONTH_CODES, modelToText, textToModel } from './hours-model';

type HoursModule = typeof import('../../../shared/opening-hours');
let hoursModule: Promise<HoursModule> | undefined;
const loadHoursModule = () => {
  hoursModule ??= import('../../../shared/opening-hours');
  return hoursModule;
};

interface OpeningHoursEditorProps {
  /** The opening_hours text ('' for no structured hours). */
  value: string;
  onChange: (text: string) => void;
  /** Prefix of the element ids, so two editors on one page never share ids. */
  idPrefix?: string;
  /** A message for this field from the server (errors.openingHours). */
  error?: string;
}

interface Check {
  value: string;
  result: OpeningHoursValidation;
  max: number;
}

/** Checks the text with the library once it has loaded; null while loading or when empty. */
function useCheck(value: string): Check | null {
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    let live = true;
    if (value.trim() === '') return;
    loadHoursModule().then(
      (m) => {
        if (live) setCheck({ value, result: m.validateOpeningHours(value), max: m.OPENING_HOURS_MAX_LENGTH });
      },
      () => {
        /* the checker failed to load: the server still checks on save */
      },
    );
    return () => {
      live = false;
    };
  }, [value]);
  return check && check.value === value ? check : null;
}

function OpeningHoursEditor({ value, onChange, idPrefix, error }: OpeningHoursEditorProps) {
  const { t } = useTranslation('hours');
  const autoId = useId();
  const id = idPrefix ?? `hours${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [model, setModel] = useState<HoursModel | null>(() => textToModel(value));
  // The text the rows last wrote: while it comes back as `value`, the rows (which may hold an
  // unfinished range) stay as they are; any other value redraws them.
  const written = useRef<string | null>(value);
  const [focusId, setFocusId] = useState<string | null>(null);
  const check = useCheck(value);

  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setModel(textToModel(value));
    }
  }, [value]);

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const update = (next: HoursModel) => {
    setModel(next);
    const text = modelToText(next);
    written.current = text;
    if (text !== value) onChange(text);
  };
  const updateDay = (m: HoursModel, index: number, day: HoursModel['days'][number]) =>
    update({ ...m, days: m.days.map((d, i) => (i === index ? day : d)) });

  const setText = (text: string) => {
    written.current = text;
    setModel(textToModel(text));
    onChange(text);
  };

  const textId = `${id}-text`;
  const hintId = `${id}-text-hint`;
  const errorId = `${id}-text-error`;
  const warningsId = `${id}-text-warnings`;
  const result = check?.result;
  const localError =
    result && !result.ok && result.code !== 'empty'
      ? result.code === 'tooLong'
        ? t('errors.tooLong', { max: check.max })
        : t('errors.syntax', { detail: result.error, interpolation: { escapeValue: false } })
      : undefined;
  const message = localError ?? error;
  const warnings = result?.ok ? result.warnings : [];
  const suggestion = result?.ok && warnings.length > 0 && result.normalized !== value.trim() ? result.normalized : null;
  const describedBy = [hintId, message ? errorId : null, warnings.length ? warningsId : null].filter(Boolean).join(' ');

  const seasonValue = (which: 'from' | 'to') => (model?.season ? String(model.season[which]) : '');
  const setSeason = (which: 'from' | 'to', raw: string) => {
    if (!model) return;
    const season = model.season ?? { from: 1, to: 12 };
    update({ ...model, season: raw === '' ? null : { ...season, [which]: Number(raw) } });
  };

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-intro`}>
      <legend className="mb-1 text-sm font-medium text-gray-900">{t('editor.legend')}</legend>
      <p id={`${id}-intro`} className="text-sm text-gray-700">
        {t('editor.intro')}
      </p>

      {model ? (
        <>
          <ul className="space-y-2">
            {DAY_CODES.map((code, index) => {
              const rowId = `${id}-${code}`;
              const day = model.days[index]!;
              return (
                <DayRow
                  key={code}
                  id={rowId}
                  dayName={t(`days.${code}`)}
                  day={day}
                  onToggle={(open) =>
                    updateDay(model, index, {
                      open,
                      ranges: open && day.ranges.length === 0 ? [{ ...DEFAULT_RANGE }] : day.ranges,
                    })
                  }
                  onRangeChange={(n, range) =>
                    updateDay(model, index, { ...day, ranges: day.ranges.map((r, i) => (i === n ? range : r)) })
                  }
                  onAddRange={() => {
                    const last = day.ranges.at(-1);
                    updateDay(model, index, { ...day, ranges: [...day.ranges, { from: last?.to ?? '', to: '' }] });
                    setFocusId(rangeFromId(rowId, day.ranges.length));
                  }}
                  onRemoveRange={(n) => {
                    const ranges = day.ranges.filter((_, i) => i !== n);
                    updateDay(model, index, { open: ranges.length > 0, ranges });
                    setFocusId(ranges.length > 0 ? addRangeId(rowId) : dayCheckboxId(rowId));
                  }}
                />
              );
            })}
          </ul>
          <p className="text-xs text-gray-700">{t('editor.midnightHint')}</p>

          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-medium text-gray-900">{t('editor.season')}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {(['from', 'to'] as const).map((which) => (
                <div key={which}>
                  <Label htmlFor={`${id}-season-${which}`}>
                    {t(which === 'from' ? 'editor.seasonFrom' : 'editor.seasonTo')}
                  </Label>
                  <NativeSelect
                    id={`${id}-season-${which}`}
                    value={seasonValue(which)}
                    onChange={(e) => setSeason(which, e.target.value)}
                  >
                    <option value="">{t('editor.allYear')}</option>
                    {MONTH_CODES.map((code, i) => (
                      <option key={code} value={String(i + 1)}>
                        {t(`months.${i + 1}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ))}
            </div>
          </fieldset>

          <div>
            <div className="flex min-h-10 items-center gap-2">
              <input
                id={`${id}-holidays`}
                type="checkbox"
                checked={model.closedOnHolidays}
                onChange={(e) => update({ ...model, closedOnHolidays: e.target.checked })}
                aria-describedby={`${id}-holidays-hint`}
                className="h-4 w-4 accent-brand-700"
              />
              <label htmlFor={`${id}-holidays`} className="text-sm font-medium text-gray-900">
                {t('editor.holidays')}
              </label>
            </div>
            <p id={`${id}-holidays-hint`} className="text-xs text-gray-700">
              {t('editor.holidaysHint')}
            </p>
          </div>
        </>
      ) : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-gray-900">{t('editor.custom')}</p>
      )}

      <div>
        <Label htmlFor={textId}>{t('editor.text')}</Label>
        <p id={hintId} className="mb-1 text-xs text-gray-700">
          {t('editor.textHint')}
        </p>
        <Textarea
          id={textId}
          rows={2}
          value={value}
          // One line in opening_hours: a line break typed here is a space.
          onChange={(e) => setText(e.target.value.replace(/[\r\n]+/g, ' '))}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-16! font-mono"
        />
        <FieldError id={errorId} message={message} />
        {warnings.length > 0 && (
          <div id={warningsId} className="mt-1 text-sm text-amber-900">
            <p>{t('editor.warnings')}</p>
            <ul className="list-disc pl-5">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
        {suggestion && (
          <Button variant="link" size="sm" className="mt-1" onClick={() => setText(suggestion)}>
            {t('editor.useSuggestion', { text: suggestion, interpolation: { escapeValue: false } })}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

// A default export because the location form loads the editor with React.lazy.
export default OpeningHoursEditor;
