// The review desk: what waits at a glance, then the review queue, flag reports, recent changes (with
// reverts), the one-action undo, trusted and blocked contributors, hidden places, and the places that
// need a check (freshness). Every write refreshes the desk's own queries and the public lists.
import { useMutation, useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { AdminSummary } from '../../../shared/schemas/admin';
import type { StandingInput, UndoSelection } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ADMIN_SESSION_KEY } from '../../lib/admin-session';
import { apiRequest, getJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { AdminBulkImportButton } from '../bulk-import';
import { ChangesPanel } from './changes-panel';
import { HiddenPanel } from './hidden-panel';
import { NeedsCheckPanel } from './needs-check-panel';
import { PendingPanel } from './pending-panel';
import { ReportsPanel } from './reports-panel';
import { StandingsPanel } from './standings-panel';
import { UndoPanel } from './undo-panel';

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

  const [tab, setTab] = useState('pending');
  const [undoFor, setUndoFor] = useState<{ selection: UndoSelection; n: number } | null>(null);
  const [standingFor, setStandingFor] = useState<{ subject: Pick<StandingInput, 'kind' | 'key'>; n: number } | null>(
    null,
  );
  const stats: [keyof AdminSummary, string][] = [
    ['pendingReview', t('summary.pendingReview')],
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
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4">
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

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="grid-cols-2 sm:grid-cols-4 lg:grid-cols-7">
          <TabsTrigger value="pending">
            {t('tabs.pending')}
            {summary.data ? ` (${summary.data.pendingReview})` : ''}
          </TabsTrigger>
          <TabsTrigger value="reports">{t('tabs.reports')}</TabsTrigger>
          <TabsTrigger value="changes">{t('tabs.changes')}</TabsTrigger>
          <TabsTrigger value="undo">{t('tabs.undo')}</TabsTrigger>
          <TabsTrigger value="standings">{t('tabs.standings')}</TabsTrigger>
          <TabsTrigger value="hidden">{t('tabs.hidden')}</TabsTrigger>
          <TabsTrigger value="needs-check">{t('tabs.needsCheck')}</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <PendingPanel />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsPanel />
        </TabsContent>
        <TabsContent value="changes">
          <ChangesPanel
            onUndo={(selection) => {
              setUndoFor((u) => ({ selection, n: (u?.n ?? 0) + 1 }));
              setTab('undo');
            }}
            onStanding={(subject) => {
              setStandingFor((s) => ({ subject, n: (s?.n ?? 0) + 1 }));
              setTab('standings');
            }}
          />
        </TabsContent>
        <TabsContent value="undo">
          <UndoPanel key={undoFor?.n ?? 0} initial={undoFor?.selection ?? null} />
        </TabsContent>
        <TabsContent value="standings">
          <StandingsPanel key={standingFor?.n ?? 0} initial={standingFor?.subject ?? null} />
        </TabsContent>
        <TabsContent value="hidden">
          <HiddenPanel />
        </TabsContent>
        <TabsContent value="needs-check">
          <NeedsCheckPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
