// The dialog's inline edit form, built from the shared location form (features/location-form).
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import {
  AddressField,
  CoordinatesField,
  CategoryField,
  DescriptionField,
  NameField,
  OperatingHoursField,
  PhoneField,
  ResourceFields,
  StatusField,
  TagsField,
  WebsiteField,
} from '../location-form/fields';
import {
  formValuesToPayload,
  type LocationFormInput,
  type LocationFormValues,
  locationToFormValues,
  useLocationForm,
} from '../location-form/use-location-form';

export function EditForm({
  location,
  onCancel,
  onSaved,
}: {
  location: Location;
  onCancel(): void;
  onSaved(updated: Location | null): void;
}) {
  const { t } = useTranslation('location-detail');
  const form = useLocationForm(locationToFormValues(location));
  const category = useWatch({ control: form.control, name: 'category' });
  const save = useMutation({
    mutationFn: async (values: LocationFormValues) => {
      const res = await apiRequest('PATCH', `/api/locations/${location.id}`, formValuesToPayload(values));
      const body = (await res.json().catch(() => null)) as Location | null;
      return body && typeof body === 'object' && 'id' in body ? body : null;
    },
    onSuccess: async (updated) => {
      toast({ title: t('toast.successTitle'), description: t('toast.successText') });
      // The listings, the map points and this place by id and by slug show the new data.
      await queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/locations'),
      });
      onSaved(updated);
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        try {
          const errors = (JSON.parse(err.body) as { errors?: Record<string, string> }).errors ?? {};
          for (const [field, message] of Object.entries(errors)) {
            form.setError(field as keyof LocationFormInput, { type: 'server', message });
          }
        } catch {
          /* not JSON */
        }
      }
      toast({
        variant: 'destructive',
        title: t('toast.errorTitle'),
        description: errorMessage(err, t('toast.errorText')),
      });
    },
  });

  const idPrefix = `detail-${location.id}`;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="mt-4 space-y-4">
      <NameField form={form} idPrefix={idPrefix} />
      <CategoryField form={form} idPrefix={idPrefix} />
      <DescriptionField form={form} idPrefix={idPrefix} />
      <AddressField form={form} idPrefix={idPrefix} />
      <CoordinatesField form={form} idPrefix={idPrefix} />
      <PhoneField form={form} idPrefix={idPrefix} />
      <WebsiteField form={form} idPrefix={idPrefix} />
      <OperatingHoursField form={form} idPrefix={idPrefix} />
      {category === 'resource' && <StatusField form={form} idPrefix={idPrefix} />}
      <ResourceFields form={form} idPrefix={idPrefix} />
      <TagsField form={form} idPrefix={idPrefix} />
      <div className="sticky -bottom-5 -mx-5 flex justify-end gap-2 border-t border-gray-200 bg-white px-5 pb-5 pt-3 sm:-bottom-6 sm:-mx-6 sm:px-6 sm:pb-6">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
