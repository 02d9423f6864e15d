// "Also block": a reason and how long, for an undo or a standing (decision 0405).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label, NativeSelect } from '../../components/ui/form-controls';

export interface BlockValue {
  reason: string;
  hours: number | null;
}

const DURATIONS: Array<number | null> = [24, 24 * 7, 24 * 30, null];

export function DurationSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange(v: number | null): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect
      id={id}
      value={value === null ? 'forever' : String(value)}
      onChange={(e) => onChange(e.target.value === 'forever' ? null : Number(e.target.value))}
    >
      {DURATIONS.map((h) => (
        <option key={String(h)} value={h === null ? 'forever' : String(h)}>
          {t(`standings.duration.${h === null ? 'forever' : h}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

export function BlockFields({ value, onChange }: { value: BlockValue | null; onChange(v: BlockValue | null): void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <fieldset className="grid gap-2 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">{t('undo.blockLegend')}</legend>
      <label className="inline-flex items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? { reason: '', hours: 24 * 7 } : null)}
        />
        {t('undo.block')}
      </label>
      {value && (
        <div className="grid gap-2 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-reason`}>{t('standings.reason')}</Label>
            <Input
              id={`${id}-reason`}
              value={value.reason}
              onChange={(e) => onChange({ ...value, reason: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-hours`}>{t('standings.for')}</Label>
            <DurationSelect
              id={`${id}-hours`}
              value={value.hours}
              onChange={(hours) => onChange({ ...value, hours })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
