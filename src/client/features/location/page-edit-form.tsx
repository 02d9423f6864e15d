// The location page's inline edit form (docs/product.md sections 2 and 4): tabs About, Contact, reach (the
// address), Tags and Details (resources), Cancel discards, a successful save reloads the page.
import { useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
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

/** Which tab holds each field, to show the first error after a failed check. */
const FIELD_TAB: Partial<Record<keyof LocationFormInput, string>> = {
  name: 'about',
  category: 'about',
  description: 'about',
  phone: 'contact',
  website: 'contact',
  operatingHours: 'contact',
  openingHours: 'contact',
  address: 'reach',
  tagIds: 'tags',
  deadline: 'details',
  registrationLink: 'details',
  faqLink: 'details',
};
const FIELD_ORDER = Object.keys(FIELD_TAB) as (keyof LocationFormInput)[];

/** Reloads the page, on the place's current address if a rename changed its slug. Delayed a
 * moment so the success toast can be read first. */
function reloadAfterSave(slug: string | undefined) {
  window.setTimeout(() => {
    if (slug && window.location.pathname !== `/discover/${slug}`) {
      window.history.replaceState(window.history.state, '', `/discover/${encodeURIComponent(slug)}`);
    }
    window.location.reload();
  }, 1000);
}

export function PageEditForm({ location, onCancel }: { location: Location; onCancel(): void }) {
  const { t } = useTranslation('location');
  const form = useLocationForm(locationToFormValues(location));
  const [tab, setTab] = useState('about');
  const category = useWatch({ control: form.control, name: 'category' });
  const isResource = category === 'resource';
  useEffect(() => {
    if (!isResource && tab === 'details') setTab('about');
  }, [isResource, tab]);

  const save = useUpdateLocation<LocationFormInput>(location.id, {
    base: location,
    onLoadTheirs: (theirs) => form.reset(locationToFormValues(theirs)),
    onSaved: (updated) => reloadAfterSave(updated?.slug),
    // The checker's sentence goes beside the hours (docs/product.md section 3), on their tab.
    setError: (name, error, options) => {
      if (name !== 'openingHours') return;
      setTab('contact');
      form.setError(name, error, options);
    },
  });

  const onInvalid = (errors: FieldErrors<LocationFormInput>) => {
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (!first) return;
    const target = FIELD_TAB[first] ?? 'about';
    setTab(target);
    // Focus the field once its tab is shown.
    window.setTimeout(() => form.setFocus(first), 0);
  };

  return (
    <form
      noValidate
      aria-label={t('editFormLabel', { name: location.name })}
      onSubmit={form.handleSubmit((values) => {
        // The page sends the listed fields (docs/product.md section 7), plus the resource fields for resources.
        const { status: _status, ...payload } = formValuesToPayload(values);
        save.mutate(payload);
      }, onInvalid)}
      className="space-y-4"
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className={isResource ? 'grid-cols-3 sm:grid-cols-5' : 'grid-cols-2 sm:grid-cols-4'}>
          <TabsTrigger value="about">{t('tabs.about')}</TabsTrigger>
          <TabsTrigger value="contact">{t('tabs.contact')}</TabsTrigger>
          <TabsTrigger value="reach">{t('tabs.reach')}</TabsTrigger>
          <TabsTrigger value="tags">{t('tabs.tags')}</TabsTrigger>
          {isResource && <TabsTrigger value="details">{t('tabs.details')}</TabsTrigger>}
        </TabsList>
        <TabsContent value="about" className="space-y-4">
          <NameField form={form} idPrefix="edit" />
          <CategoryField form={form} idPrefix="edit" />
          <DescriptionField form={form} idPrefix="edit" />
        </TabsContent>
        <TabsContent value="contact" className="space-y-4">
          <PhoneField form={form} idPrefix="edit" />
          <WebsiteField form={form} idPrefix="edit" />
          <OperatingHoursField form={form} idPrefix="edit" />
          <OpeningHoursField form={form} idPrefix="edit" />
        </TabsContent>
        <TabsContent value="reach" className="space-y-4">
          <AddressField form={form} idPrefix="edit" />
          <CoordinatesField form={form} idPrefix="edit" />
        </TabsContent>
        <TabsContent value="tags">
          <TagsField form={form} idPrefix="edit" />
        </TabsContent>
        {isResource && (
          <TabsContent value="details">
            <ResourceFields form={form} idPrefix="edit" />
          </TabsContent>
        )}
      </Tabs>
      {save.conflict && (
        <EditConflictNotice conflict={save.conflict} onKeepMine={save.keepMine} onLoadTheirs={save.loadTheirs} />
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending || save.isSuccess}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
