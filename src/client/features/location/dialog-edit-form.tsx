// The detail dialog's inline edit form: every field of the location form in one column, the
// server's field messages beside their fields, and the saved place shown on success.
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { useUpdateLocation } from './api';
import { EditConflictNotice } from './edit-conflict-notice';
import {
  AddressField,
  CategoryField,
  CoordinatesField,
  DescriptionField,
  NameField,
  OperatingHoursField,
  PhoneField,
  ResourceFields,
  StatusField,
  TagsField,
  WebsiteField,
} from './form-fields';
import { OpeningHoursField } from './opening-hours-field';
import {
  formValuesToPayload,
  type LocationFormInput,
  locationToFormValues,
  useLocationForm,
} from './use-location-form';

export function DialogEditForm({
  location,
  onCancel,
  onSaved,
}: {
  location: Location;
  onCancel(): void;
  onSaved(updated: Location | null): void;
}) {
  const { t } = useTranslation('location');
  const form = useLocationForm(locationToFormValues(location));
  const category = useWatch({ control: form.control, name: 'category' });
  const save = useUpdateLocation<LocationFormInput>(location.id, {
    base: location,
    onLoadTheirs: (theirs) => form.reset(locationToFormValues(theirs)),
    onSaved,
    setError: form.setError,
  });

  const idPrefix = `detail-${location.id}`;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(formValuesToPayload(values)))}
      className="mt-4 space-y-4"
    >
      <NameField form={form} idPrefix={idPrefix} />
      <CategoryField form={form} idPrefix={idPrefix} />
      <DescriptionField form={form} idPrefix={idPrefix} />
      <AddressField form={form} idPrefix={idPrefix} />
      <CoordinatesField form={form} idPrefix={idPrefix} />
      <PhoneField form={form} idPrefix={idPrefix} />
      <WebsiteField form={form} idPrefix={idPrefix} />
      <OperatingHoursField form={form} idPrefix={idPrefix} />
      <OpeningHoursField form={form} idPrefix={idPrefix} />
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
