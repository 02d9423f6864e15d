// The review desk's recent changes (decision 0401): each revision with its field changes, a revert,
// and the place's own actions.
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import type { AdminRevision } from '../../../shared/schemas/admin';
import type { StandingInput, UndoSelection } from '../../../shared/schemas/review';
import type { Tag } from '../../../shared/schemas/tag';
import { Button } from '../../components/ui/button';
import { apiRequest, getJson } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { FieldDiff, showValue } from './field-diff';
import { PlaceActions, useAdminAction } from './place-actions';

const PAGE = 25;

/** A revision keeps tag ids; the desk shows their names (an id only for a tag deleted since). */
function useShowChange() {
  const tags = useQuery<Tag[]>({ queryKey: ['/api/tags'] });
  const names = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
  return (field: string, v: unknown) =>
    field === 'tagIds' && Array.isArray(v)
      ? showValue(v.length ? v.map((id) => names.get(Number(id)) ?? `#${id}`) : null)
      : showValue(v);
}

export interface ChangesPanelProps {
  /** Opens the undo with this selection filled in (decision 0406). */
  onUndo(selection: UndoSelection): void;
  /** Opens the standings with this subject filled in (decision 0405). */
  onStanding(subject: Pick<StandingInput, 'kind' | 'key'>): void;
}

export function ChangesPanel({ onUndo, onStanding }: ChangesPanelProps) {
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
          <ChangeItem key={r.id} rev={r} onUndo={onUndo} onStanding={onStanding} />
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

function ChangeItem({ rev, onUndo, onStanding }: { rev: AdminRevision } & ChangesPanelProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const revert = useAdminAction(
    () => apiRequest('POST', `/api/admin/revisions/${rev.id}/revert`),
    t('changes.reverted'),
  );
  const revertSession = useAdminAction(
    () =>
      apiRequest('POST', '/api/admin/revisions/revert-session', {
        sessionId: rev.sessionId,
        clientHash: rev.clientHash,
      }),
    t('changes.sessionReverted'),
  );
  const isLocation = rev.entityType === 'location';
  // A deleted tag can be brought back with its links; a deleted place cannot (it is gone).
  const canRevert =
    !rev.revertedBy &&
    (rev.action === 'create' ||
      rev.action === 'update' ||
      rev.action === 'revert' ||
      (rev.action === 'delete' && rev.entityType === 'tag'));
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
        <span className="text-sm text-gray-700">{formatDateTime(rev.createdAt, i18n.language)}</span>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {who}
        {rev.revertedBy ? ` · ${t('changes.alreadyReverted')}` : ''}
      </p>
      <FieldDiff changes={rev.changes} show={show} />
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
        {rev.clientHash && !rev.actor && (
          <>
            {rev.sessionId && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onUndo({ sessionId: rev.sessionId!, clientHash: rev.clientHash! })}
              >
                {t('changes.undoContributor')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => onUndo({ clientHash: rev.clientHash! })}>
              {t('changes.undoNetwork')}
            </Button>
            {rev.sessionId && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onStanding({ kind: 'contributor', key: `${rev.clientHash}:${rev.sessionId}` })}
              >
                {t('changes.standContributor')}
              </Button>
            )}
          </>
        )}
        {isLocation && rev.entityHidden !== null && (
          <PlaceActions id={rev.entityId} hidden={rev.entityHidden} name={name} />
        )}
      </div>
    </li>
  );
}
