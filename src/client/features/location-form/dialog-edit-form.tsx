// The detail dialog's inline edit form: every field of the location form in one column, the
// server's field messages beside their fields, and the saved place shown on success.
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { EditConflictNotice } from './edit-conflict-notice';
import { AboutFields, ContactFields, ReachFields, useEditLocation } from './edit-form-parts';
import { ResourceFields, StatusField, TagsField } from './form-fields';
import { focusFirstError, formValuesToPayload } from './use-location-form';

export function DialogEditForm({
  location,
  onCancel,
  onSaved,
}: {
  location: Location;
  onCancel(): void;
  onSaved(updated: Location | null, held?: boolean): void;
}) {
  const { t } = useTranslation('location');
  const { form, category, save } = useEditLocation(location, { onSaved });

  const idPrefix = `detail-${location.id}`;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (values) => save.mutate(formValuesToPayload(values)),
        (errors, event) => focusFirstError(form, errors, event),
      )}
      className="mt-4 space-y-4"
    >
      <AboutFields form={form} idPrefix={idPrefix} />
      <ReachFields form={form} idPrefix={idPrefix} />
      <ContactFields form={form} idPrefix={idPrefix} />
      {category === 'resource' && <StatusField form={form} idPrefix={idPrefix} />}
      <ResourceFields form={form} idPrefix={idPrefix} />
      <TagsField form={form} idPrefix={idPrefix} />
      {save.conflict && (
        <EditConflictNotice conflict={save.conflict} onKeepMine={save.keepMine} onLoadTheirs={save.loadTheirs} />
      )}
      <div className="sticky -bottom-5 -mx-5 flex justify-end gap-2 border-t border-gray-200 bg-white px-5 pb-5 pt-3 sm:-bottom-6 sm:-mx-6 sm:px-6 sm:pb-6">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
