// The Add New Location dialog (docs/product.md section 2): the shared location form with the
// description required, a warning about possible duplicates (never blocking), and no lost work:
// a failed submit keeps every field, and closing with unsaved input asks first.
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import type { LocationCategory } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { noteAwaitingReview } from '../../lib/awaiting-review';
import { ApiError, apiRequest, errorMessage, serverFieldErrors } from '../../lib/api';
import { invalidateLocationQueries } from '../../lib/location-queries';
import { categoryBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import {
  AddressField,
  AttributesFieldset,
  CategoryField,
  CoordinatesField,
  DescriptionField,
  EMPTY_LOCATION_FORM,
  focusFirstError,
  formValuesToPayload,
  hasKnownAttributes,
  type LocationFormInput,
  type LocationPayload,
  NameField,
  OpeningHoursField,
  OperatingHoursField,
  PhoneField,
  ResourceFields,
  StatusField,
  TagsField,
  useLocationForm,
  WebsiteField,
} from '../location-form';
import { useSimilarLocations } from './use-similar-locations';

const ID_PREFIX = 'add-location';
const FORM_FIELDS = new Set(Object.keys(EMPTY_LOCATION_FORM));
/** Above the add dialog (50), below the Tag Management dialog (60000). */
const CONFIRM_Z_INDEX = 70;

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export default function AddLocationDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('add-location');
  const navigate = useNavigate();
  const form = useLocationForm(undefined, { requireDescription: true });
  // Where to go once the person agrees to discard: nowhere (just close) or a place's page.
  const [confirm, setConfirm] = useState<{ then: string | null } | null>(null);

  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const address = useWatch({ control: form.control, name: 'address' }) ?? '';
  const similar = useSimilarLocations(name, address, open);

  const mutation = useMutation({
    mutationFn: async (payload: LocationPayload) => {
      const res = await apiRequest('POST', '/api/locations', payload);
      return (await res.json()) as Location;
    },
    onSuccess: async (added) => {
      // Held for review: this browser now names itself on reads, to see its own place (decision 0403).
      if (added.review === 'pending') noteAwaitingReview();
      toast({ title: t('toast.added'), description: t('toast.addedText') });
      finishAndClose();
      await invalidateLocationQueries();
    },
    onError: (err) => {
      // Everything typed stays; the server's field messages go beside their fields.
      if (err instanceof ApiError && err.status === 400) {
        for (const [field, message] of Object.entries(serverFieldErrors(err))) {
          if (FORM_FIELDS.has(field.split('.')[0]!))
            form.setError(field as keyof LocationFormInput, { message }, { shouldFocus: true });
        }
      }
      toast({ title: t('toast.error'), description: errorMessage(err, t('toast.tryLater')), variant: 'destructive' });
    },
  });

  function finishAndClose() {
    form.reset(EMPTY_LOCATION_FORM);
    mutation.reset();
    setConfirm(null);
    onOpenChange(false);
  }

  // Compared by hand: react-hook-form only tracks isDirty when it is read while rendering.
  const hasUnsavedInput = () => {
    const v = form.getValues();
    return (Object.keys(EMPTY_LOCATION_FORM) as (keyof LocationFormInput)[]).some((k) =>
      k === 'tagIds'
        ? (v.tagIds ?? []).length > 0
        : k === 'attributes'
          ? hasKnownAttributes(v.attributes)
          : (v[k] ?? '') !== (EMPTY_LOCATION_FORM[k] ?? ''),
    );
  };

  function requestClose(then: string | null = null) {
    if (mutation.isPending) return;
    if (hasUnsavedInput()) {
      setConfirm({ then });
      return;
    }
    finishAndClose();
    if (then) navigate(then);
  }

  function discard() {
    const then = confirm?.then ?? null;
    finishAndClose();
    if (then) navigate(then);
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (mutation.isPending) return;
      mutation.mutate(formValuesToPayload(values, values.category));
    },
    (errors, event) => focusFirstError(form, errors, event),
  );

  const openSimilar = (e: MouseEvent<HTMLAnchorElement>, slug: string) => {
    // Ctrl/Cmd/Shift/middle click open a new tab as usual; a plain click stays in this tab.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    requestClose(`/discover/${slug}`);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else requestClose();
      }}
    >
      <DialogContent className="max-w-2xl" data-testid="add-location-dialog">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>

        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-busy={mutation.isPending}>
          <p className="text-sm text-gray-700">{t('requiredNote')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <NameField form={form} idPrefix={ID_PREFIX} />
            <CategoryField form={form} idPrefix={ID_PREFIX} />
          </div>
          <DescriptionField form={form} idPrefix={ID_PREFIX} required />
          <AddressField form={form} idPrefix={ID_PREFIX} />
          <CoordinatesField form={form} idPrefix={ID_PREFIX} />

          <div role="status" aria-live="polite">
            {similar.length > 0 && (
              <div
                className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
                data-testid="similar-warning"
              >
                <p className="font-semibold">{t('similar.title')}</p>
                <ul className="mt-1 space-y-1">
                  {similar.map((place) => (
                    <li key={place.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <a
                        href={`/discover/${place.slug}`}
                        onClick={(e) => openSimilar(e, place.slug)}
                        className="inline-flex min-h-6 items-center font-medium text-amber-950 underline underline-offset-2"
                      >
                        {place.name}
                      </a>
                      <span className={cn('rounded-full border px-2 text-xs', categoryBadgeClass(place.category))}>
                        {t(`categories.${place.category as LocationCategory}`, { defaultValue: place.category })}
                      </span>
                      {place.address && <span className="text-amber-900">{place.address}</span>}
                      <a
                        href={`/discover/${place.slug}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('similar.newTab', { name: place.name })}
                        title={t('similar.newTab', { name: place.name })}
                        className="inline-flex h-6 w-6 items-center justify-center rounded text-amber-950 hover:bg-amber-100"
                      >
                        <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      </a>
                    </li>
                  ))}
                </ul>
                <p className="mt-1 text-amber-900">{t('similar.hint')}</p>
              </div>
            )}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <PhoneField form={form} idPrefix={ID_PREFIX} />
            <WebsiteField form={form} idPrefix={ID_PREFIX} />
            <OperatingHoursField form={form} idPrefix={ID_PREFIX} />
            <StatusField form={form} idPrefix={ID_PREFIX} />
          </div>
          <OpeningHoursField form={form} idPrefix={ID_PREFIX} />
          <ResourceFields form={form} idPrefix={ID_PREFIX} className="grid gap-4 sm:grid-cols-2" />
          <TagsField form={form} idPrefix={ID_PREFIX} />
          <AttributesFieldset form={form} idPrefix={ID_PREFIX} />

          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => requestClose()} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            {/* aria-disabled, not disabled, while sending: a disabled button drops keyboard focus to the page. */}
            <Button
              type="submit"
              aria-disabled={mutation.isPending}
              className="aria-disabled:cursor-not-allowed aria-disabled:bg-gray-400"
            >
              {mutation.isPending ? t('submitting') : t('submit')}
            </Button>
          </div>
        </form>

        <DiscardConfirm open={confirm !== null} onKeep={() => setConfirm(null)} onDiscard={discard} />
      </DialogContent>
    </Dialog>
  );
}

function DiscardConfirm({ open, onKeep, onDiscard }: { open: boolean; onKeep(): void; onDiscard(): void }) {
  const { t } = useTranslation('add-location');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onKeep()}
      zIndex={CONFIRM_Z_INDEX}
      testId="discard-confirm"
      title={t('discard.title')}
      description={t('discard.text')}
      cancelLabel={t('discard.keep')}
      confirmLabel={t('discard.confirm')}
      onConfirm={onDiscard}
    />
  );
}
