// One held item of the review queue (decision 0403): what it is, who sent it, why it waits, what it
// would change, and its own Approve and Reject (with "Approve anyway" when the place changed since).
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingItem } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/dates';
import { Link } from '../../lib/router';
import { FieldDiff } from './field-diff';

export interface ItemFailure {
  message: string;
}

export function PendingItemCard({
  item,
  selected,
  onSelect,
  onDecide,
  failure,
  busy,
}: {
  item: PendingItem;
  selected: boolean;
  onSelect(selected: boolean): void;
  onDecide(decision: 'approve' | 'reject', force?: boolean): void;
  failure?: ItemFailure;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const title = `${t(`pending.kind.${item.kind}`)} · ${item.name}`;
  const link = 'slug' in item && item.kind !== 'place' ? `/discover/${item.slug}` : null;
  const changes = 'changes' in item ? item.changes : [];
  return (
    <li
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="pending-item"
      aria-labelledby={`${id}-t`}
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-s`}
          type="checkbox"
          className="mt-1 h-5 w-5 accent-brand-700"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('pending.select', { item: title })}
        />
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-t`} className="font-semibold text-gray-900">
            {t(`pending.kind.${item.kind}`)}
            {' · '}
            {link ? (
              <Link className="text-brand-800 underline underline-offset-4" to={link}>
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h3>
          <p className="text-sm text-gray-700">
            {formatDateTime(item.createdAt, i18n.language)}
            {' · '}
            {item.author.sessionId
              ? t('changes.bySession', { session: item.author.sessionId.slice(0, 12) })
              : t('changes.byUnknown')}
          </p>
          <p className="mt-1 text-sm text-amber-900">
            {t('pending.why')} {item.reasons.map((r) => t(`reasons.${r}`, { defaultValue: r })).join('; ')}
          </p>
          {item.kind === 'tag' && (
            <p className="mt-1 text-sm text-gray-700">{t('pending.usedBy', { count: item.places })}</p>
          )}
          <FieldDiff changes={changes} />
          {failure && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {failure.message}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => onDecide('approve')}
              disabled={busy}
              aria-label={t('pending.approveOne', { item: title })}
            >
              <Check aria-hidden="true" className="h-4 w-4" />
              {t('pending.approve')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onDecide('reject')}
              disabled={busy}
              aria-label={t('pending.rejectOne', { item: title })}
            >
              <X aria-hidden="true" className="h-4 w-4" />
              {t('pending.reject')}
            </Button>
            {failure && item.kind === 'edit' && (
              <Button size="sm" variant="secondary" onClick={() => onDecide('approve', true)} disabled={busy}>
                {t('pending.approveAnyway')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
