// The Report dialog's second step: the screenshot (or "capturing"), the picked element on wide
// screens, optional notes, and Submit.
import { Camera } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/form-controls';
import { REPORT_TEXT_MAX } from './report-description';
import type { ReportState } from './report-state';

interface Props {
  ids: string;
  state: ReportState;
  pending: boolean;
  onNotes(text: string): void;
  onSubmit(): void;
  onCancel(): void;
}

export function ReportReviewStep({ ids, state, pending, onNotes, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('report');
  const { capturing, screenshot, mobileMode, selectedTag, selectedText, notes } = state;
  const notesId = `${ids}-notes`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <>
      <DialogTitle>{t('reviewTitle')}</DialogTitle>
      <DialogDescription>{t('reviewDescription')}</DialogDescription>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div>
          <p className="mb-1 text-sm font-medium text-gray-900">{t('screenshotLabel')}</p>
          {capturing || !screenshot ? (
            <p
              role="status"
              className="flex min-h-24 items-center justify-center gap-2 rounded-md border border-dashed border-gray-400 bg-gray-50 text-sm text-gray-700"
            >
              <Camera aria-hidden="true" className="h-4 w-4" />
              {t('capturing')}
            </p>
          ) : (
            <img
              src={screenshot}
              alt={mobileMode ? t('screenshotAltPage') : t('screenshotAlt')}
              data-testid="report-screenshot"
              className="max-h-64 w-full rounded-md border border-gray-300 bg-gray-50 object-contain"
            />
          )}
        </div>
        {!mobileMode && selectedTag && (
          <div>
            <p className="mb-1 text-sm font-medium text-gray-900">{t('selectedElement')}</p>
            <p className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-900" data-testid="report-element-preview">
              <code className="mr-2 font-semibold">{selectedTag}</code>
              <span>{selectedText || t('selectedElementEmpty')}</span>
            </p>
          </div>
        )}
        <div>
          <Label htmlFor={notesId}>{t('notesLabel')}</Label>
          <Textarea
            id={notesId}
            value={notes}
            onChange={(e) => onNotes(e.target.value)}
            placeholder={t('notesPlaceholder')}
            maxLength={REPORT_TEXT_MAX}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={pending || capturing}>
            {pending ? t('submitting') : t('submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
