// The structured opening hours field (decision 0800) beside the free-text Operating Hours, in every
// location form. The editor is loaded on demand (React.lazy), so neither it nor the opening_hours
// library it checks with is part of Discover's first load (docs/architecture.md, Performance
// budgets). The server's `errors.openingHours` (docs/product.md section 3) shows under its text.
import { lazy, Suspense } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './form-fields';

const OpeningHoursEditor = lazy(() => import('../../components/opening-hours-editor/opening-hours-editor'));

export function OpeningHoursField({ form, idPrefix = 'location' }: FieldProps) {
  const { t } = useTranslation('location');
  const id = `${idPrefix}-openingHours`;
  return (
    <Controller
      control={form.control}
      name="openingHours"
      render={({ field, fieldState }) => (
        <div data-testid={id}>
          <Suspense fallback={<p className="text-sm text-gray-700">{t('form.fields.openingHoursLoading')}</p>}>
            <OpeningHoursEditor
              idPrefix={id}
              value={field.value ?? ''}
              onChange={(text) => field.onChange(text)}
              error={fieldState.error?.message}
            />
          </Suspense>
        </div>
      )}
    />
  );
}
