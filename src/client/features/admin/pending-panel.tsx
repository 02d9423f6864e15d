// The review queue (decision 0403): new places, held edits and proposed tags, each approved or
// rejected on its own or with the others selected.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingDecisionResult, PendingList } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { apiRequest, getJson } from '../../lib/api';
import { type ItemFailure, PendingItemCard } from './pending-item';
import { useAdminAction } from './place-actions';

const URL = '/api/admin/pending';

export function PendingPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const list = useQuery({ queryKey: [URL], queryFn: () => getJson<PendingList>(URL) });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [failures, setFailures] = useState<Map<number, ItemFailure>>(new Map());
  const decide = useAdminAction(
    async ({ ids, decision, force }: { ids: number[]; decision: 'approve' | 'reject'; force?: boolean }) => {
      const res = await apiRequest('POST', `${URL}/decide`, { ids, decision, force });
      const result = (await res.json()) as PendingDecisionResult;
      setFailures(new Map(result.failed.map((f) => [f.id, { message: f.message }])));
      setSelected((s) => new Set([...s].filter((x) => !ids.includes(x) || result.failed.some((f) => f.id === x))));
      return result;
    },
    t('pending.decided'),
  );
  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const chosen = [...selected].filter((x) => items.some((i) => i.id === x));
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('pending.heading')}
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
      {list.data && items.length === 0 && <p className="text-gray-700">{t('pending.empty')}</p>}
      {items.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-gray-50 p-2">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-900">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={allSelected}
              onChange={(e) => setSelected(new Set(e.target.checked ? items.map((i) => i.id) : []))}
            />
            {t('pending.selectAll')}
          </label>
          <Button
            size="sm"
            disabled={chosen.length === 0 || decide.isPending}
            onClick={() => decide.mutate({ ids: chosen, decision: 'approve' })}
          >
            {t('pending.approveSelected', { count: chosen.length })}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={chosen.length === 0 || decide.isPending}
            onClick={() => decide.mutate({ ids: chosen, decision: 'reject' })}
          >
            {t('pending.rejectSelected', { count: chosen.length })}
          </Button>
        </div>
      )}
      <ul className="grid gap-3">
        {items.map((item) => (
          <PendingItemCard
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            onSelect={(on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(item.id);
                else next.delete(item.id);
                return next;
              })
            }
            onDecide={(decision, force) => decide.mutate({ ids: [item.id], decision, force })}
            failure={failures.get(item.id)}
            busy={decide.isPending}
          />
        ))}
      </ul>
    </section>
  );
}
