// The review desk: what waits at a glance, then flag reports, recent changes (with reverts) and
// hidden places. Every write refreshes the desk's own queries and the public lists.
import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeOff, LogOut, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminFlagReportItem, AdminRevision, AdminSummary, FieldChange } from '../../../shared/schemas/admin';
import type { Tag } from '../../../shared/schemas/tag';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Label, NativeSelect, Textarea } from '../../components/ui/form-controls';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage, getJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { ADMIN_SESSION_KEY, AdminBulkImportButton } from '../bulk-import';

const refreshAll = () =>
  queryClient.invalidateQueries({
    predicate: (q) => {
      const k = q.queryKey[0];
      return (
        typeof k === 'string' &&
        k !== ADMIN_SESSION_KEY[0] &&
        (k.startsWith('/api/admin') || k.startsWith('/api/locations') || k.startsWith('/api/tags'))
      );
    },
  });

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

function useAdminAction<T>(fn: (arg: T) => Promise<unknown>, success: string) {
  const { t } = useTranslation('admin');
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast({ title: success });
      void refreshAll();
    },
    onError: (err) => {
      if ((err as { status?: number }).status === 401) queryClient.setQueryData(ADMIN_SESSION_KEY, null);
      toast({ title: t('actionFailed'), description: errorMessage(err, t('tryAgain')), variant: 'destructive' });
    },
  });
}

export function ReviewDesk({ username }: { username: string }) {
  const { t } = useTranslation('admin');
  const summary = useQuery({
    queryKey: ['/api/admin/summary'],
    queryFn: () => getJson<AdminSummary>('/api/admin/summary'),
  });
  const signOut = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSettled: () => {
      queryClient.setQueryData(ADMIN_SESSION_KEY, null);
      queryClient.removeQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') && q.queryKey[0] !== ADMIN_SESSION_KEY[0],
      });
    },
  });

  const stats: [keyof AdminSummary, string][] = [
    ['pendingReports', t('summary.pendingReports')],
    ['changesLast7Days', t('summary.changesLast7Days')],
    ['hiddenLocations', t('summary.hiddenLocations')],
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('desk.title')}</h1>
          <p className="mt-1 text-sm text-gray-700">{t('desk.signedInAs', { username })}</p>
        </div>
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {t('desk.signOut')}
        </Button>
      </div>

      <section aria-labelledby="desk-summary" className="grid gap-3">
        <h2 id="desk-summary" className="sr-only">
          {t('summary.heading')}
        </h2>
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          {stats.map(([key, label]) => (
            <div
              key={key}
              className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:p-4"
              data-testid={`summary-${key}`}
            >
              <dt className="text-xs font-medium text-gray-700 sm:text-sm">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-800 sm:text-3xl">
                {summary.data ? summary.data[key] : '–'}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="desk-import" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="desk-import" className="mb-2 text-lg font-semibold text-gray-900">
          {t('desk.importHeading')}
        </h2>
        <AdminBulkImportButton />
      </section>

      <Tabs defaultValue="reports">
        <TabsList className="grid-cols-3">
          <TabsTrigger value="reports">{t('tabs.reports')}</TabsTrigger>
          <TabsTrigger value="changes">{t('tabs.changes')}</TabsTrigger>
          <TabsTrigger value="hidden">{t('tabs.hidden')}</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <ReportsPanel />
        </TabsContent>
        <TabsContent value="changes">
          <ChangesPanel />
        </TabsContent>
        <TabsContent value="hidden">
          <HiddenPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

// ---------------------------------------------------------------- reports

function ReportsPanel() {
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
  const { t } = useTranslation('admin');
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
        <span className="text-sm text-gray-700">{formatDate(report.reportedAt)}</span>
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
          {report.reviewedAt ? ` · ${formatDate(report.reviewedAt)}` : ''}
          {report.reviewNotes ? ` · ${report.reviewNotes}` : ''}
        </p>
      )}
    </li>
  );
}

// ---------------------------------------------------------------- changes

const PAGE = 25;

function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '∅';
  const s = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** A revision keeps tag ids; the desk shows their names (an id only for a tag deleted since). */
function useShowChange() {
  const tags = useQuery<Tag[]>({ queryKey: ['/api/tags'] });
  const names = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
  return (field: string, v: unknown) =>
    field === 'tagIds' && Array.isArray(v)
      ? showValue(v.length ? v.map((id) => names.get(Number(id)) ?? `#${id}`) : null)
      : showValue(v);
}

function ChangesPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [offset, setOffset] = useState(0);
  const url = `/api/admin/revisions?limit=${PAGE}&offset=${offset}`;
  const list = useQuery({ queryKey: [url], queryFn: () => getJson<{ items: AdminRevision[]; total: number }>(url) });
  const total = list.data?.total ?? 0;
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('changes.heading')}
      </h2>
      {list.isPending && (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      )}
      {list.isError && (
        <p role="alert" className="text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {list.data?.items.length === 0 && <p className="text-gray-700">{t('changes.empty')}</p>}
      <ul className="grid gap-3">
        {list.data?.items.map((r) => (
          <ChangeItem key={r.id} rev={r} />
        ))}
      </ul>
      {total > PAGE && (
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t('changes.newer')}
          </Button>
          <span className="text-sm text-gray-700">
            {t('changes.range', { from: offset + 1, to: Math.min(total, offset + PAGE), total })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + PAGE >= total}
            onClick={() => setOffset(offset + PAGE)}
          >
            {t('changes.older')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ChangeItem({ rev }: { rev: AdminRevision }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const revert = useAdminAction(
    () => apiRequest('POST', `/api/admin/revisions/${rev.id}/revert`),
    t('changes.reverted'),
  );
  const revertSession = useAdminAction(
    () => apiRequest('POST', '/api/admin/revisions/revert-session', { sessionId: rev.sessionId }),
    t('changes.sessionReverted'),
  );
  const isLocation = rev.entityType === 'location';
  const canRevert = !rev.revertedBy && (rev.action === 'create' || rev.action === 'update' || rev.action === 'revert');
  const who = rev.actor
    ? t('changes.byAdmin', { actor: rev.actor })
    : rev.sessionId
      ? t('changes.bySession', { session: rev.sessionId.slice(0, 12) })
      : t('changes.byUnknown');
  const name = rev.entityName ?? `#${rev.entityId}`;
  const show = useShowChange();
  return (
    <li
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="revision"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-gray-900">
          {t(`changes.action.${rev.action}`, { defaultValue: rev.action })}
          {' · '}
          {isLocation && rev.entitySlug ? (
            <Link className="text-brand-800 underline underline-offset-4" to={`/discover/${rev.entitySlug}`}>
              {name}
            </Link>
          ) : (
            <span>{isLocation ? name : t('changes.tagName', { name })}</span>
          )}
          {rev.entityHidden && (
            <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-medium text-gray-800">
              {t('changes.hiddenBadge')}
            </span>
          )}
        </h3>
        <span className="text-sm text-gray-700">{formatDate(rev.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {who}
        {rev.revertedBy ? ` · ${t('changes.alreadyReverted')}` : ''}
      </p>
      {rev.changes.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm" aria-label={t('changes.diffLabel')}>
          {rev.changes.map((c: FieldChange) => (
            <li key={c.field} className="break-words">
              <span className="font-medium text-gray-900">{t(`fields.${c.field}`, { defaultValue: c.field })}:</span>{' '}
              <del className="bg-red-50 text-red-900">{show(c.field, c.before)}</del>
              {' → '}
              <ins className="bg-green-50 text-green-900 no-underline">{show(c.field, c.after)}</ins>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {canRevert && (
          <Button size="sm" variant="secondary" onClick={() => revert.mutate(undefined)} disabled={revert.isPending}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('changes.revert')}
          </Button>
        )}
        {rev.sessionId && !rev.actor && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => revertSession.mutate(undefined)}
            disabled={revertSession.isPending}
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('changes.revertSession')}
          </Button>
        )}
        {isLocation && rev.entityHidden !== null && (
          <PlaceActions id={rev.entityId} hidden={rev.entityHidden} name={name} />
        )}
      </div>
    </li>
  );
}

function PlaceActions({ id, hidden, name }: { id: number; hidden: boolean; name: string }) {
  const { t } = useTranslation('admin');
  const toggle = useAdminAction(
    () => apiRequest('PATCH', `/api/admin/locations/${id}`, { hidden: !hidden }),
    hidden ? t('places.shown') : t('places.hiddenDone'),
  );
  const remove = useAdminAction(() => apiRequest('DELETE', `/api/admin/locations/${id}`), t('places.deleted'));
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => toggle.mutate(undefined)}
        disabled={toggle.isPending}
        aria-label={hidden ? t('places.showNamed', { name }) : t('places.hideNamed', { name })}
      >
        <EyeOff aria-hidden="true" className="h-4 w-4" />
        {hidden ? t('places.show') : t('places.hide')}
      </Button>
      {/* Deleting cannot be undone: an explicit confirmation, in the page's own dialog (focus moves
          to it, Escape or Cancel keeps the place), not window.confirm. */}
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            aria-label={t('places.deleteNamed', { name })}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('places.delete')}
          </Button>
        }
        testId="delete-confirm"
        title={t('places.deleteNamed', { name })}
        description={t('places.confirmDelete', { name })}
        cancelLabel={t('places.keep')}
        confirmLabel={t('places.delete')}
        onConfirm={() => remove.mutate(undefined)}
      />
    </>
  );
}

// ---------------------------------------------------------------- hidden places

function HiddenPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const url = '/api/admin/locations?hidden=true';
  const list = useQuery({
    queryKey: [url],
    queryFn: () => getJson<{ id: number; name: string; slug: string; category: string }[]>(url),
  });
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('places.heading')}
      </h2>
      {list.isPending && (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      )}
      {list.data?.length === 0 && <p className="text-gray-700">{t('places.empty')}</p>}
      <ul className="grid gap-2">
        {list.data?.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
          >
            <span className="font-medium text-gray-900">{p.name}</span>
            <span className="flex flex-wrap gap-2">
              <PlaceActions id={p.id} hidden name={p.name} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
