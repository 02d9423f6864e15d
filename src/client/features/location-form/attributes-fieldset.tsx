// "Payments and access" in every location form (decision 0803): a <details> closed unless an answer
// is known, one native radio group per fact with "Not known" (null, never read as "No") as default,
// the eligibility note and the languages. Native radios: Tab reaches each group, arrows choose.
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCESS_FLAG_KEYS, type AccessFlagKey, PAYMENT_KEYS, type PaymentKey } from '../../../shared/place-attributes';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { hasKnownAttributes, knownAttributeCount } from './attributes-values';
import type { FieldProps } from './form-fields';
import { attributeErrorText, LanguagesField } from './languages-field';

type Choice = { value: string | boolean | null; label: string };
type ChoiceKey = PaymentKey | AccessFlagKey | 'wheelchair' | 'free' | 'eligibility';

const GROUP = 'min-w-0 rounded-md border border-gray-200 p-3';

function ChoiceGroup({ form, idPrefix, name, choices }: FieldProps & { name: ChoiceKey; choices: Choice[] }) {
  const { t } = useTranslation('attributes');
  const base = `${idPrefix}-attributes-${name}`;
  return (
    <Controller
      control={form.control}
      name={`attributes.${name}`}
      render={({ field }) => (
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-gray-900">{t(`fields.${name}`)}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {choices.map((choice, i) => {
              const id = `${base}-${i}`;
              return (
                <label key={id} htmlFor={id} className="inline-flex min-h-10 items-center gap-2 text-sm text-gray-900">
                  <input
                    id={id}
                    type="radio"
                    name={base}
                    ref={i === 0 ? field.ref : undefined}
                    checked={(field.value ?? null) === choice.value}
                    onChange={() => field.onChange(choice.value)}
                    onBlur={field.onBlur}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {choice.label}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    />
  );
}

function EligibilityNoteField({ form, idPrefix }: FieldProps) {
  const { t } = useTranslation('attributes');
  const eligibility = useWatch({ control: form.control, name: 'attributes.eligibility' });
  if (eligibility !== 'restricted') return null;
  const id = `${idPrefix}-attributes-eligibilityNote`;
  const message = attributeErrorText(form.formState.errors.attributes?.eligibilityNote, t);
  const hintId = `${id}-hint`;
  return (
    <div className="mt-2">
      <Label htmlFor={id}>{t('fields.eligibilityNote')}</Label>
      <Input
        id={id}
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={[hintId, message ? `${id}-error` : ''].filter(Boolean).join(' ')}
        {...form.register('attributes.eligibilityNote')}
      />
      <p id={hintId} className="mt-1 text-xs text-gray-700">
        {t('hints.eligibilityNote')}
      </p>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

export function AttributesFieldset({ form, idPrefix = 'location' }: FieldProps) {
  const { t } = useTranslation('attributes');
  const answers = useWatch({ control: form.control, name: 'attributes' });
  const inError = !!form.formState.errors.attributes;
  const [open, setOpen] = useState(() => hasKnownAttributes(form.getValues('attributes')));
  // A message inside must be seen: a closed disclosure opens to show it.
  useEffect(() => {
    if (inError) setOpen(true);
  }, [inError]);
  const count = knownAttributeCount(answers);
  const yesNo: Choice[] = [
    { value: true, label: t('choices.yes') },
    { value: false, label: t('choices.no') },
    { value: null, label: t('choices.unknown') },
  ];
  const group = (name: ChoiceKey, choices: Choice[] = yesNo) => (
    <ChoiceGroup key={name} form={form} idPrefix={idPrefix} name={name} choices={choices} />
  );
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group rounded-md border border-gray-300 bg-white"
      data-testid={`${idPrefix}-attributes`}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" />
        {t('heading')}
        {count > 0 && <span className="font-normal text-gray-700">({t('knownCount', { count })})</span>}
      </summary>
      <div className="grid gap-3 border-t border-gray-200 p-3">
        <p className="text-xs text-gray-700">{t('hints.unknown')}</p>
        <fieldset className={GROUP}>
          <legend className="px-1 text-sm font-semibold text-gray-900">{t('groups.payments')}</legend>
          <div className="grid gap-x-6 sm:grid-cols-2">{PAYMENT_KEYS.map((k) => group(k))}</div>
        </fieldset>
        <fieldset className={GROUP}>
          <legend className="px-1 text-sm font-semibold text-gray-900">{t('groups.access')}</legend>
          <div className="grid gap-x-6 sm:grid-cols-2">
            {group('wheelchair', [
              { value: 'yes', label: t('choices.yes') },
              { value: 'limited', label: t('choices.limited') },
              { value: 'no', label: t('choices.no') },
              { value: null, label: t('choices.unknown') },
            ])}
            {ACCESS_FLAG_KEYS.map((k) => group(k))}
          </div>
        </fieldset>
        <fieldset className={GROUP}>
          <legend className="px-1 text-sm font-semibold text-gray-900">{t('groups.cost')}</legend>
          {group('free', [
            { value: true, label: t('choices.free') },
            { value: false, label: t('choices.fee') },
            { value: null, label: t('choices.unknown') },
          ])}
          {group('eligibility', [
            { value: 'everyone', label: t('choices.everyone') },
            { value: 'restricted', label: t('choices.restricted') },
            { value: null, label: t('choices.unknown') },
          ])}
          <EligibilityNoteField form={form} idPrefix={idPrefix} />
        </fieldset>
        <LanguagesField form={form} idPrefix={idPrefix} />
      </div>
    </details>
  );
}
