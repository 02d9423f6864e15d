// Shown in an edit form when someone else saved the place first (HTTP 412):
// nothing was written, what this person typed is still in the form, and they choose — keep their
// changes (the next Save replaces the other version) or load the other version instead.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { EditConflict } from './update-location';

export function EditConflictNotice({
  conflict,
  onKeepMine,
  onLoadTheirs,
}: {
  conflict: EditConflict;
  onKeepMine(): void;
  onLoadTheirs(): void;
}) {
  const { t } = useTranslation('location');
  const named = (f: string) => (f === 'attributes' ? t('heading', { ns: 'attributes' }) : t(`form.fields.${f}`));
  const fields = conflict.changed.map((f) => (f === 'tags' ? t('tabs.tags') : named(f)));
  return (
    <div role="alert" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-gray-900">
      <p className="font-semibold">{t('conflict.title')}</p>
      <p>{fields.length ? t('conflict.changed', { fields: fields.join(', ') }) : t('conflict.unchanged')}</p>
      <p>{t('conflict.kept')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onLoadTheirs}>
          {t('conflict.loadTheirs')}
        </Button>
      </div>
    </div>
  );
}
