// The review desk's flag reports (decision 0401): filtered by status, each with its screenshot, the
// place it is about and the review actions.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import type { AdminFlagReportItem } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Label, NativeSelect, Textarea } from '../../components/ui/form-controls';
import { apiRequest, getJson } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useAdminAction } from './place-actions';

export function ReportsPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [status, setStatus] = useState('pending');
  const url = `/api/admin/flag-reports?status=${status}`;
  const reports = useQuery({
    queryKey: [url],
    queryFn: () => getJson<{ items: AdminFlagReportItem[]; total: number }>(url),
  });
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
          {t('reports.heading')}
        </h2>
        <div className="w-44">
          <Label htmlFor={`${id}-status`}>{t('reports.show')}</Label>
          <NativeSelect id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            {(['pending', 'resolved', 'dismissed', 'all'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`reports.status.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {reports.isPending && (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      )}
      {reports.isError && (
        <p role="alert" className="text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {reports.data?.items.length === 0 && <p className="text-gray-700">{t('reports.empty')}</p>}
      <ul className="grid gap-3">
        {reports.data?.items.map((r) => (
          <ReportItem key={r.id} report={r} />
        ))}
      </ul>
    </section>
  );
}

function ReportItem({ report }: { report: AdminFlagReportItem }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [notes, setNotes] = useState(report.reviewNotes ?? '');
  const review = useAdminAction(
    (status: 'resolved' | 'dismissed') =>
      apiRequest('PATCH', `/api/admin/flag-reports/${report.id}`, { status, reviewNotes: notes }),
    t('reports.reviewed'),
  );
  return (
    <li
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="flag-report"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-gray-900">
          {t(`reports.type.${report.flagType}`, { defaultValue: report.flagType })}
          {' · '}
          {report.location ? (
            <Link className="text-brand-800 underline underline-offset-4" to={`/discover/${report.location.slug}`}>
              {report.location.name}
            </Link>
          ) : (
            <span className="font-normal text-gray-700">{t('reports.siteWide')}</span>
          )}
        </h3>
        <span className="text-sm text-gray-700">{formatDateTime(report.reportedAt, i18n.language)}</span>
      </div>
      {report.description && (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-gray-900">{report.description}</p>
      )}
      {report.hasScreenshot && (
        // Served on its own (decision 0703); the session cookie goes with a same-origin image.
        <img
          src={`/api/admin/flag-reports/${report.id}/screenshot`}
          alt={t('reports.screenshotAlt', { id: report.id })}
          loading="lazy"
          decoding="async"
          className="mt-3 max-h-64 max-w-full rounded border border-gray-200 object-contain"
        />
      )}
      {report.status === 'pending' ? (
        <div className="mt-3 grid gap-2">
          <Label htmlFor={`${id}-notes`}>{t('reports.notes')}</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            className="min-h-16"
            maxLength={2000}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => review.mutate('resolved')} disabled={review.isPending}>
              {t('reports.resolve')}
            </Button>
            <Button variant="secondary" onClick={() => review.mutate('dismissed')} disabled={review.isPending}>
              {t('reports.dismiss')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-700">
          {t(`reports.status.${report.status}`, { defaultValue: report.status })}
          {report.reviewedAt ? ` · ${formatDateTime(report.reviewedAt, i18n.language)}` : ''}
          {report.reviewNotes ? ` · ${report.reviewNotes}` : ''}
        </p>
      )}
    </li>
  );
}
