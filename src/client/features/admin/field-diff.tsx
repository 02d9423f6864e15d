// A change's fields as the desk shows them: field: old → new (struck and inserted text). The
// attributes read fact by fact, in words ('SNAP/EBT: Yes → Not known', decision 0803).
import { useTranslation } from 'react-i18next';
import { attributeChanges } from '../../../shared/place-attributes-changes';
import type { FieldChange } from '../../../shared/schemas/admin';
import { attributeValueWords } from '../place-attributes';

export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '∅';
  const s = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** A change of the whole set (an undo's preview) becomes one change per fact. */
const byFact = (changes: FieldChange[]) =>
  changes.flatMap((c) => (c.field === 'attributes' ? attributeChanges(c.before, c.after) : [c]));

export function FieldDiff({
  changes,
  show = (_f, v) => showValue(v),
}: {
  changes: FieldChange[];
  show?: (field: string, v: unknown) => string;
}) {
  const { t } = useTranslation('admin');
  const words = useTranslation('attributes');
  if (changes.length === 0) return null;
  const fact = (field: string) => (field.startsWith('attributes.') ? field.slice('attributes.'.length) : null);
  const label = (field: string) => {
    const key = fact(field);
    return key ? words.t(`fields.${key}`, { defaultValue: key }) : t(`fields.${field}`, { defaultValue: field });
  };
  const value = (field: string, v: unknown) => {
    const key = fact(field);
    return key ? attributeValueWords(key, v, words.t, words.i18n.language) : show(field, v);
  };
  return (
    <ul className="mt-2 grid gap-1 text-sm" aria-label={t('changes.diffLabel')}>
      {byFact(changes).map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium text-gray-900">{label(c.field)}:</span>{' '}
          <del className="bg-red-50 text-red-900">{value(c.field, c.before)}</del>
          {' → '}
          <ins className="bg-green-50 text-green-900 no-underline">{value(c.field, c.after)}</ins>
        </li>
      ))}
    </ul>
  );
}
