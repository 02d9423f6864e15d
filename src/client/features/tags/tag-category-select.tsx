// A tag's category chosen from the tag categories, or none: creating a tag and renaming one.
import { useTranslation } from 'react-i18next';
import { TAG_CATEGORIES } from '../../../shared/constants';
import { NativeSelect } from '../../components/ui/form-controls';

export function TagCategorySelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  label?: string;
}) {
  const { t } = useTranslation('tags');
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
      <option value="">{t('categories.none')}</option>
      {TAG_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {t(`categories.${c}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
