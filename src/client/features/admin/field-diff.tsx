// A change's fields as the desk shows them: field: old → new (struck and inserted text).
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../../../shared/schemas/admin';

export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '∅';
  const s = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

export function FieldDiff({
  changes,
  show = (_f, v) => showValue(v),
}: {
  changes: FieldChange[];
  show?: (field: string, v: unknown) => string;
}) {
  const { t } = useTranslation('admin');
  if (changes.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-1 text-sm" aria-label={t('changes.diffLabel')}>
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium text-gray-900">{t(`fields.${c.field}`, { defaultValue: c.field })}:</span>{' '}
          <del className="bg-red-50 text-red-900">{show(c.field, c.before)}</del>
          {' → '}
          <ins className="bg-green-50 text-green-900 no-underline">{show(c.field, c.after)}</ins>
        </li>
      ))}
    </ul>
  );
}
