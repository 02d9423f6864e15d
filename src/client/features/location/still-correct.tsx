// "Is this still correct?" under a place's hours: "Yes" counts an anonymous confirmation (apart
// from administrators' checks, so "Checked" does not move) and thanks the visitor; "No, report a
// problem" opens the Report dialog about this place (lib/report-location.ts).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { apiRequest } from '../../lib/api';
import { openReportDialog } from '../../lib/report-location';

export function StillCorrect({ locationId }: { locationId: number }) {
  const { t } = useTranslation('location');
  const confirm = useMutation({
    mutationFn: () => apiRequest('POST', `/api/locations/${locationId}/confirm`, {}),
  });
  return (
    <fieldset className="space-y-2 print:hidden" data-testid="still-correct">
      <legend className="text-sm font-medium text-gray-900">{t('stillCorrect.question')}</legend>
      {/* A polite live region, so the thanks (or the failure) is announced where the buttons were. */}
      <div aria-live="polite">
        {confirm.isSuccess ? (
          <p className="text-sm text-brand-800" data-testid="still-correct-thanks">
            {t('stillCorrect.thanks')}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {t('stillCorrect.yes')}
            </Button>
            <Button size="sm" variant="secondary" onClick={openReportDialog}>
              {t('stillCorrect.no')}
            </Button>
          </div>
        )}
        {confirm.isError && (
          <p className="mt-1 text-sm text-red-700" data-testid="still-correct-error">
            {t('stillCorrect.failed')}
          </p>
        )}
      </div>
    </fieldset>
  );
}
