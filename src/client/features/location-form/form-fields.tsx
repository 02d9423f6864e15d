// The location form's fields, one component each, so the add dialog (features/add-location), the
// detail dialog and the location page can lay them out in their own ways. Every field: a label
// bound to its control, aria-invalid, and aria-describedby pointing at the message beside it.
import { MapPin } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOCATION_CATEGORIES, LOCATION_STATUSES, METRO_BOUNDS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { FieldError, Input, Label, NativeSelect, Textarea } from '../../components/ui/form-controls';
import { LoadBoundary } from '../../components/ui/load-boundary';
import { PinMap, type PinPoint } from '../map';
import { TagPicker } from '../tags';
import { DESCRIPTION_REQUIRED, type LocationForm, type LocationFormInput } from './use-location-form';

export interface FieldProps {
  form: LocationForm;
  /** Prefix of the element ids, so two forms on one page never share ids. */
  idPrefix?: string;
}

type FieldName = keyof LocationFormInput;

/** The zod messages are docs/product.md's English texts; show them in the interface language. */
const ERROR_KEYS: Record<string, string> = {
  [MSG.nameRequired]: 'form.errors.nameRequired',
  [MSG.addressRequired]: 'form.errors.addressRequired',
  [MSG.invalidUrl]: 'form.errors.invalidUrl',
  [DESCRIPTION_REQUIRED]: 'form.errors.descriptionRequired',
  'Please select a category': 'form.errors.categoryRequired',
  'Please enter a valid date': 'form.errors.invalidDate',
  [MSG.outsideMetro]: 'form.errors.outsideMetro',
  [MSG.coordinatesTogether]: 'form.errors.coordinatesTogether',
  'Latitude must be a number': 'form.errors.latitudeNumber',
  'Longitude must be a number': 'form.errors.longitudeNumber',
};

function useFieldState(form: LocationForm, name: FieldName, idPrefix = 'location') {
  const { t } = useTranslation('location');
  const error = form.formState.errors[name];
  const raw = typeof error?.message === 'string' ? error.message : undefined;
  const message = raw ? (ERROR_KEYS[raw] ? t(ERROR_KEYS[raw]) : raw) : undefined;
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  return {
    t,
    id,
    errorId,
    message,
    aria: {
      id,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? errorId : undefined,
    } as const,
  };
}

/** Visible star; the control itself carries aria-required. */
function Required() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

function FieldShell({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ?? 'space-y-0'}>{children}</div>;
}

export function NameField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'name', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>
        {f.t('form.fields.name')}
        <Required />
      </Label>
      <Input {...f.aria} aria-required="true" autoComplete="off" {...form.register('name')} />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

export function CategoryField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'category', idPrefix);
  const reg = form.register('category', {
    onChange: () => {
      // The address rule depends on the category: re-check a message already shown.
      if (form.formState.isSubmitted) void form.trigger('address');
    },
  });
  return (
    <FieldShell>
      <Label htmlFor={f.id}>
        {f.t('form.fields.category')}
        <Required />
      </Label>
      <NativeSelect {...f.aria} aria-required="true" {...reg}>
        {LOCATION_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {f.t(`categories.${c}`)}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

export function DescriptionField({ form, idPrefix, required }: FieldProps & { required?: boolean }) {
  const f = useFieldState(form, 'description', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>
        {f.t('form.fields.description')}
        {required && <Required />}
      </Label>
      <Textarea {...f.aria} aria-required={required ? 'true' : undefined} rows={4} {...form.register('description')} />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

export function AddressField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'address', idPrefix);
  const category = useWatch({ control: form.control, name: 'category' });
  const optional = category === 'resource';
  return (
    <FieldShell>
      <Label htmlFor={f.id}>
        {f.t('form.fields.address')}
        {optional ? (
          <span className="font-normal text-gray-700"> {f.t('form.fields.addressOptional')}</span>
        ) : (
          <Required />
        )}
      </Label>
      <Input
        {...f.aria}
        aria-required={optional ? undefined : 'true'}
        autoComplete="street-address"
        {...form.register('address')}
      />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

/** Typed text to a coordinate: empty is "none", anything else a number (NaN fails the schema's
 * "must be a number"). A decimal text box, not type=number, so "-94.58" types the same everywhere. */
const toCoordinate = (v: unknown) => (typeof v === 'number' ? v : String(v ?? '').trim() === '' ? null : Number(v));

/** The fields' point when both hold a number inside the metro area (else the pin waits). */
function fieldPoint(lat: unknown, lng: unknown): PinPoint | null {
  const a = typeof lat === 'number' ? lat : Number.NaN;
  const b = typeof lng === 'number' ? lng : Number.NaN;
  const inside = a >= METRO_BOUNDS.south && a <= METRO_BOUNDS.north && b >= METRO_BOUNDS.west && b <= METRO_BOUNDS.east;
  return inside ? { lat: a, lng: b } : null;
}

/** Optional latitude and longitude (decision 0304): a place without an address can still be put on
 * the map and directed to; the server checks both-or-neither and the metro area too. "Place the pin
 * on the map" opens a small map beside them that sets both by tap, drag or arrow keys (0912). */
export function CoordinatesField({ form, idPrefix }: FieldProps) {
  const lat = useFieldState(form, 'latitude', idPrefix);
  const lng = useFieldState(form, 'longitude', idPrefix);
  const hintId = `${lat.id}-hint`;
  const mapId = `${lat.id}-pin-map`;
  const [pinOpen, setPinOpen] = useState(false);
  const latitude = useWatch({ control: form.control, name: 'latitude' });
  const longitude = useWatch({ control: form.control, name: 'longitude' });
  const point = fieldPoint(latitude, longitude);
  const pick = (p: PinPoint) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted } as const;
    form.setValue('latitude', p.lat, options);
    form.setValue('longitude', p.lng, options);
  };
  const box = (f: typeof lat, name: 'latitude' | 'longitude') => (
    <div className="min-w-0 flex-1">
      <Label htmlFor={f.id}>{f.t(`form.fields.${name}`)}</Label>
      <Input
        {...f.aria}
        aria-describedby={[hintId, f.aria['aria-describedby']].filter(Boolean).join(' ')}
        inputMode="decimal"
        autoComplete="off"
        {...form.register(name, { setValueAs: toCoordinate })}
      />
      <FieldError id={f.errorId} message={f.message} />
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-gray-900">{lat.t('form.fields.coordinates')}</legend>
      <p id={hintId} className="mb-1 text-xs text-gray-700">
        {lat.t('form.fields.coordinatesHint')}
      </p>
      <div className="flex gap-3">
        {box(lat, 'latitude')}
        {box(lng, 'longitude')}
      </div>
      <button
        type="button"
        aria-expanded={pinOpen}
        aria-controls={mapId}
        onClick={() => setPinOpen((open) => !open)}
        className="mt-2 inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 hover:bg-gray-100"
      >
        <MapPin aria-hidden="true" className="h-4 w-4" />
        {lat.t('form.fields.placePin')}
      </button>
      <div id={mapId}>
        {pinOpen && (
          <LoadBoundary>
            <Suspense
              fallback={
                <p role="status" className="mt-3 text-sm text-gray-700">
                  {lat.t('form.fields.pinLoading')}
                </p>
              }
            >
              <PinMap point={point} onPick={pick} />
            </Suspense>
          </LoadBoundary>
        )}
      </div>
    </fieldset>
  );
}

export function PhoneField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'phone', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>{f.t('form.fields.phone')}</Label>
      <Input {...f.aria} type="tel" autoComplete="tel" {...form.register('phone')} />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

function UrlField({
  form,
  idPrefix,
  name,
  label,
}: FieldProps & { name: 'website' | 'registrationLink' | 'faqLink'; label: string }) {
  const f = useFieldState(form, name, idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>{f.t(label)}</Label>
      <Input
        {...f.aria}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="url"
        {...form.register(name)}
      />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

export function WebsiteField(props: FieldProps) {
  return <UrlField {...props} name="website" label="form.fields.website" />;
}

export function OperatingHoursField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'operatingHours', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>{f.t('form.fields.operatingHours')}</Label>
      <Input
        {...f.aria}
        placeholder={f.t('form.fields.operatingHoursPlaceholder')}
        {...form.register('operatingHours')}
      />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

export function StatusField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'status', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>{f.t('form.fields.status')}</Label>
      <NativeSelect {...f.aria} {...form.register('status')}>
        {LOCATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {f.t(`statuses.${s}`)}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

function DeadlineField({ form, idPrefix }: FieldProps) {
  const f = useFieldState(form, 'deadline', idPrefix);
  return (
    <FieldShell>
      <Label htmlFor={f.id}>{f.t('form.fields.deadline')}</Label>
      <Input {...f.aria} type="date" {...form.register('deadline')} />
      <FieldError id={f.errorId} message={f.message} />
    </FieldShell>
  );
}

function RegistrationLinkField(props: FieldProps) {
  return <UrlField {...props} name="registrationLink" label="form.fields.registrationLink" />;
}

function FaqLinkField(props: FieldProps) {
  return <UrlField {...props} name="faqLink" label="form.fields.faqLink" />;
}

/** Deadline, registration link and FAQ link: only for resources (docs/product.md section 2). */
export function ResourceFields({ form, idPrefix, className }: FieldProps & { className?: string }) {
  const category = useWatch({ control: form.control, name: 'category' });
  if (category !== 'resource') return null;
  return (
    <div className={className ?? 'space-y-4'}>
      <DeadlineField form={form} idPrefix={idPrefix} />
      <RegistrationLinkField form={form} idPrefix={idPrefix} />
      <FaqLinkField form={form} idPrefix={idPrefix} />
    </div>
  );
}

/** The tag picker bound to tagIds, with access to tag management. */
export function TagsField({ form, idPrefix = 'location' }: FieldProps) {
  return (
    <Controller
      control={form.control}
      name="tagIds"
      render={({ field }) => (
        <TagPicker idPrefix={`${idPrefix}-tags`} value={field.value ?? []} onChange={(ids) => field.onChange(ids)} />
      )}
    />
  );
}
