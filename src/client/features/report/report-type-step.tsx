// The Report dialog's first step: what kind of problem (a radio card per type), and for "other"
// a description. Enter anywhere but in the text box means Continue.
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FLAG_TYPES, type FlagType } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/form-controls';
import { cn } from '../../lib/cn';
import { REPORT_TEXT_MAX } from './report-description';

interface Props {
  ids: string;
  flagType: FlagType | null;
  description: string;
  onType(type: FlagType): void;
  onDescription(text: string): void;
  onContinue(): void;
  onCancel(): void;
}

export function ReportTypeStep({ ids, flagType, description, onType, onDescription, onContinue, onCancel }: Props) {
  const { t } = useTranslation('report');
  const descriptionId = `${ids}-description`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onContinue();
  };

  // Enter anywhere in the step (but in the description box) means Continue, even while the
  // button is still disabled, so the missing type is explained rather than silently ignored.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    onContinue();
  };

  return (
    <>
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogDescription>{t('selectDescription')}</DialogDescription>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-900">{t('typeLegend')}</legend>
          <div className="space-y-2">
            {FLAG_TYPES.map((type) => (
              <div
                key={type}
                className={cn(
                  'relative flex min-h-12 cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700',
                  flagType === type ? 'border-brand-700 bg-brand-50' : 'border-gray-300 hover:bg-gray-50',
                )}
              >
                <input
                  id={`${ids}-type-${type}`}
                  type="radio"
                  name={`${ids}-type`}
                  value={type}
                  checked={flagType === type}
                  onChange={() => onType(type)}
                  aria-describedby={`${ids}-hint-${type}`}
                  className="relative z-10 mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-700"
                />
                <div>
                  {/* The label's ::after covers the whole card, so all of it is the target. */}
                  <label
                    htmlFor={`${ids}-type-${type}`}
                    className="block cursor-pointer text-sm font-medium text-gray-900 after:absolute after:inset-0 after:content-['']"
                  >
                    {t(`types.${type}`)}
                  </label>
                  <p id={`${ids}-hint-${type}`} className="text-sm text-gray-700">
                    {t(`typeHints.${type}`)}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        {flagType === 'other' && (
          <div>
            <Label htmlFor={descriptionId}>{t('descriptionLabel')}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              onChange={(e) => onDescription(e.target.value)}
              placeholder={t('descriptionPlaceholder')}
              maxLength={REPORT_TEXT_MAX}
              required
              aria-required="true"
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!flagType}>
            {t('continue')}
          </Button>
        </div>
      </form>
    </>
  );
}
