// The structured opening hours field (decision 0800) beside the free-text hours, in every location
// form. The editor loads on demand, keeping it and its library out of Discover's first load; the
// server's `errors.openingHours` (docs/product.md section 3) shows under its text.
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
