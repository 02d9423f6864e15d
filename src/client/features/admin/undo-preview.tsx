// What an undo would do (decision 0406): the places whose fields go back (current → restored), the
// later changes by others that are kept, the places and tags taken out, the held items rejected.
import { useTranslation } from 'react-i18next';
import type { UndoPreview } from '../../../shared/schemas/review';
import { Link } from '../../lib/router';
import { FieldDiff } from './field-diff';

export function UndoPreviewList({ preview }: { preview: UndoPreview }) {
  const { t, i18n } = useTranslation('admin');
  const { pending } = preview;
  return (
    <div className="grid gap-3" data-testid="undo-preview">
      <p className="font-medium text-gray-900" role="status">
        {t('undo.summary', { changes: preview.changes, places: preview.places.length, tags: preview.tags.length })}
      </p>
      {pending.places + pending.edits + pending.tags > 0 && (
        <p className="text-sm text-gray-800">{t('undo.pendingRejected', pending)}</p>
      )}
      <ul className="grid gap-2">
        {preview.places.map((p) => (
          <li key={p.id} className="rounded-md border border-gray-200 bg-white p-3">
            <p className="font-semibold text-gray-900">
              <Link className="text-brand-800 underline underline-offset-4" to={`/discover/${p.slug}`}>
                {p.name}
              </Link>
              {' · '}
              {t(`undo.placeAction.${p.action}`)}
            </p>
            <FieldDiff changes={p.fields.map((f) => ({ field: f.field, before: f.current, after: f.restored }))} />
            {p.kept.map((k) => (
              <p key={k.field} className="mt-1 text-sm text-gray-700">
                {t('undo.kept', {
                  field: t(`fields.${k.field}`, { defaultValue: k.field }),
                  by: t(`undo.by.${k.by}`),
                  at: new Date(k.at).toLocaleString(i18n.language),
                })}
              </p>
            ))}
          </li>
        ))}
        {preview.tags.map((tag) => (
          <li key={`tag-${tag.id}`} className="rounded-md border border-gray-200 bg-white p-3 text-sm text-gray-900">
            {t(`undo.tagAction.${tag.action}`, { name: tag.name, restored: tag.restoredName ?? '' })}
          </li>
        ))}
      </ul>
    </div>
  );
}
