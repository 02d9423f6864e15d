// The location page's inline edit form (docs/product.md sections 2 and 4): tabs About, Contact, reach (the
// address), Tags and Details (resources), Cancel discards, a successful save reloads the page.
import { useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { EditConflictNotice } from './edit-conflict-notice';
import { AboutFields, ContactFields, ReachFields, useEditLocation } from './edit-form-parts';
import { ResourceFields, TagsField } from './form-fields';
import { errorPaths, formValuesToPayload, type LocationFormInput } from './use-location-form';

/** The tabs in their order, each with its fields; Details (the resource fields) is for resources only. */
const TABS = [
  { value: 'about', Fields: AboutFields, className: 'space-y-4' },
  { value: 'contact', Fields: ContactFields, className: 'space-y-4' },
  { value: 'reach', Fields: ReachFields, className: 'space-y-4' },
  { value: 'tags', Fields: TagsField, className: undefined },
  { value: 'details', Fields: ResourceFields, className: undefined },
] as const;

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
  attributes: 'reach',
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
  const [tab, setTab] = useState('about');
  const { form, category, save } = useEditLocation(location, {
    // A change held for review leaves the page as the public sees it: no reload, the toast says why.
    onSaved: (updated, held) => (held ? onCancel() : reloadAfterSave(updated?.slug)),
    // The checker's sentence goes beside the hours (docs/product.md section 3), on their tab.
    acceptFieldError: (name) => {
      if (name !== 'openingHours') return false;
      setTab('contact');
      return true;
    },
  });
  const isResource = category === 'resource';
  useEffect(() => {
    if (!isResource && tab === 'details') setTab('about');
  }, [isResource, tab]);
  const tabs = isResource ? TABS : TABS.filter((pane) => pane.value !== 'details');

  const onInvalid = (errors: FieldErrors<LocationFormInput>) => {
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (!first) return;
    const target = FIELD_TAB[first] ?? 'about';
    setTab(target);
    // Focus the field once its tab is shown.
    window.setTimeout(() => form.setFocus(errorPaths({ [first]: errors[first] })[0] as typeof first), 0);
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
          {tabs.map(({ value }) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Fields, className }) => (
          <TabsContent key={value} value={value} className={className}>
            <Fields form={form} idPrefix="edit" />
          </TabsContent>
        ))}
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
