// One weekday of the hours editor: a checkbox with the day's name and, when open, its time ranges
// with add and remove buttons. Every control has its own label (the time fields' are read by
// screen readers only, the day's name stands beside them).
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Input } from '../ui/form-controls';
import type { DayHours, TimeRange } from './hours-model';

export interface DayRowProps {
  /** Prefix of this row's element ids. */
  id: string;
  dayName: string;
  day: DayHours;
  onToggle: (open: boolean) => void;
  onRangeChange: (index: number, range: TimeRange) => void;
  onAddRange: () => void;
  onRemoveRange: (index: number) => void;
}

export const rangeFromId = (rowId: string, index: number) => `${rowId}-range-${index}-from`;
export const addRangeId = (rowId: string) => `${rowId}-add`;
export const dayCheckboxId = (rowId: string) => `${rowId}-open`;

/** A time of day with its label for screen readers only (the day's name stands beside it). */
function TimeField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="w-[7.5rem]">
        <Input id={id} type="time" className="px-2!" value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </>
  );
}

export function DayRow({ id, dayName, day, onToggle, onRangeChange, onAddRange, onRemoveRange }: DayRowProps) {
  const { t } = useTranslation('hours');
  const boxId = dayCheckboxId(id);
  return (
    <li className="border-b border-gray-200 pb-2 sm:rounded-md sm:border sm:p-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
        <div className="flex min-h-10 items-center gap-2 sm:w-36">
          <input
            id={boxId}
            type="checkbox"
            checked={day.open}
            onChange={(e) => onToggle(e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          <label htmlFor={boxId} className="text-sm font-medium text-gray-900">
            {dayName}
          </label>
        </div>
        {day.open ? (
          <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
            {day.ranges.map((range, n) => {
              const fromId = rangeFromId(id, n);
              const toId = `${id}-range-${n}-to`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                <div key={n} className="flex flex-wrap items-center gap-1.5">
                  <TimeField
                    id={fromId}
                    label={t('editor.opens', { day: dayName, n: n + 1 })}
                    value={range.from}
                    onChange={(from) => onRangeChange(n, { ...range, from })}
                  />
                  <span aria-hidden="true" className="text-sm text-gray-700">
                    {t('editor.to')}
                  </span>
                  <TimeField
                    id={toId}
                    label={t('editor.closes', { day: dayName, n: n + 1 })}
                    value={range.to}
                    onChange={(to) => onRangeChange(n, { ...range, to })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('editor.removeRange', { day: dayName, n: n + 1 })}
                    onClick={() => onRemoveRange(n)}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              );
            })}
            <Button
              id={addRangeId(id)}
              variant="secondary"
              size="sm"
              aria-label={t('editor.addRangeFor', { day: dayName })}
              onClick={onAddRange}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('editor.addRange')}
            </Button>
          </div>
        ) : (
          <span className="flex min-h-10 items-center text-sm text-gray-700">{t('editor.closed')}</span>
        )}
      </div>
    </li>
  );
}
