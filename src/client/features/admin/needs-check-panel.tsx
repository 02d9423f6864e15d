// The review desk's "Needs a check" tab (docs/product.md section 3, freshness): the places nobody
// confirmed for a year, the oldest first, each saying when its facts are stale (decision 0804). "Mark verified" asks for an optional note of what was
// checked, in a dialog, and records the confirmation (kept as a history on the server).
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { CONFIRMATION_WINDOW_DAYS, VERIFICATION_NOTE_MAX } from '../../../shared/constants';
import type { NeedsCheckItem } from '../../../shared/schemas/verification';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/form-controls';
import { apiRequest, getJson } from '../../lib/api';
import { formatMonthYear } from '../../lib/dates';
import { FactsAgeLine } from '../../components/provenance-lines';
import { useAdminAction } from './place-actions';

const NEEDS_CHECK_URL = '/api/admin/locations/needs-check?limit=100';

function VerifyButton({ place }: { place: NeedsCheckItem }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const verify = useAdminAction(
    (text: string) => apiRequest('POST', `/api/admin/locations/${place.id}/verify`, { note: text }),
    t('needsCheck.verified', { name: place.name }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate(note, {
      onSuccess: () => {
        setOpen(false);
        setNote('');
      },
    });
  };
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={t('needsCheck.verifyNamed', { name: place.name })}>
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t('needsCheck.verify')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md" data-testid="verify-dialog">
          <DialogTitle>{t('needsCheck.verifyNamed', { name: place.name })}</DialogTitle>
          <DialogDescription>{t('needsCheck.dialogIntro')}</DialogDescription>
          <form onSubmit={submit} className="mt-4 grid gap-4">
            <div>
              <Label htmlFor={`${id}-note`}>{t('needsCheck.note')}</Label>
              <Textarea
                id={`${id}-note`}
                value={note}
                maxLength={VERIFICATION_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
                placeholder={t('needsCheck.notePlaceholder')}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t('needsCheck.cancel')}
              </Button>
              <Button type="submit" disabled={verify.isPending}>
                {t('needsCheck.confirm')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

export function NeedsCheckPanel() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const list = useQuery({
    queryKey: [NEEDS_CHECK_URL],
    queryFn: () => getJson<{ items: NeedsCheckItem[]; total: number }>(NEEDS_CHECK_URL),
  });
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3" data-testid="needs-check-panel">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('needsCheck.heading')}
      </h2>
      <p className="text-sm text-gray-700">{t('needsCheck.intro')}</p>
      {list.isPending && (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      )}
      {list.isError && <p className="text-red-700">{t('loadFailed')}</p>}
      {list.data?.items.length === 0 && <p className="text-gray-700">{t('needsCheck.empty')}</p>}
      {/* The oldest 100: once those are checked, the next ones come up. */}
      {list.data && list.data.total > list.data.items.length && (
        <p className="text-sm text-gray-700" data-testid="needs-check-count">
          {t('needsCheck.showing', { shown: list.data.items.length, total: list.data.total })}
        </p>
      )}
      <ul className="grid gap-2">
        {list.data?.items.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
            data-testid="needs-check-item"
          >
            <span className="grid">
              <Link
                to={`/discover/${encodeURIComponent(p.slug)}`}
                className="font-medium text-brand-800 underline underline-offset-4"
              >
                {p.name}
              </Link>
              <span className="text-sm text-gray-700">
                {p.lastVerifiedAt
                  ? t('needsCheck.lastChecked', { date: formatMonthYear(p.lastVerifiedAt, i18n.language) })
                  : t('needsCheck.never')}
              </span>
              <FactsAgeLine place={p} detailed />
              {p.visitorConfirmations > 0 && (
                <span className="text-sm text-gray-700" data-testid="needs-check-visitors">
                  {t('needsCheck.visitors', { count: p.visitorConfirmations, days: CONFIRMATION_WINDOW_DAYS })}
                </span>
              )}
            </span>
            <VerifyButton place={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
