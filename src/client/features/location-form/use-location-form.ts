// The one location form (docs/product.md sections 3 and 5; decision 0300) shared by the Add New
// Location dialog (features/add-location), the detail dialog and the location page: react-hook-form driven by the shared zod schema,
// so the client shows the same messages the server answers with.
import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { type FieldErrors, type Path, useForm, type UseFormReturn } from 'react-hook-form';
import type { LocationCategory } from '../../../shared/constants';
import {
  type Location,
  type LocationFormInput,
  type LocationFormValues,
  locationFormSchema,
} from '../../../shared/schemas/location';
import { attributesPayload } from './attributes-values';

export type { LocationFormInput, LocationFormValues };
export type LocationForm = UseFormReturn<LocationFormInput, unknown, LocationFormValues>;

/** Client-only message: the add form asks for a description although the schema allows none. */
export const DESCRIPTION_REQUIRED = 'Description is required';

/** The add form's variant of the schema: the description is required (docs/product.md section 2). */
const addFormSchema = locationFormSchema.superRefine((v, ctx) => {
  if (!(v.description ?? '').trim()) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: DESCRIPTION_REQUIRED });
  }
});

export const EMPTY_LOCATION_FORM: LocationFormInput = {
  name: '',
  category: 'farmers-market',
  description: '',
  address: '',
  phone: '',
  website: '',
  operatingHours: '',
  openingHours: '',
  tagIds: [],
  deadline: '',
  registrationLink: '',
  faqLink: '',
  status: 'active',
  latitude: null,
  longitude: null,
  attributes: {},
};

export interface UseLocationFormOptions {
  /** The add form labels and checks the description as required. */
  requireDescription?: boolean;
}

export function useLocationForm(
  defaults?: Partial<LocationFormInput>,
  options: UseLocationFormOptions = {},
): LocationForm {
  return useForm<LocationFormInput, unknown, LocationFormValues>({
    resolver: zodResolver(options.requireDescription ? addFormSchema : locationFormSchema),
    defaultValues: { ...EMPTY_LOCATION_FORM, ...defaults },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The forms focus the first error themselves, once (focusFirstError): react-hook-form focuses
    // it and then again on a timer, and by then a quick typist (or a slow phone) may have fixed
    // that field, so the second focus pulled them into the next invalid field mid-word.
    shouldFocusError: false,
  });
}

/** The names of the fields in error, nested ones by their path ('attributes.languages'). */
export function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([k, v]) => {
    const leaf = !v || typeof v !== 'object' || Array.isArray(v) || typeof (v as { type?: unknown }).type === 'string';
    return leaf ? [`${prefix}${k}`] : errorPaths(v as object, `${prefix}${k}.`);
  });
}

/**
 * handleSubmit's onInvalid for a form that shows all its fields: focuses the first field in error
 * in the order the form shows them (the submit event's form), once. A field without a name in the
 * page (the tag picker) is focused through react-hook-form.
 */
export function focusFirstError(
  form: LocationForm,
  errors: FieldErrors<LocationFormInput>,
  event?: BaseSyntheticEvent,
): void {
  const inError = new Set(errorPaths(errors));
  const formElement = event?.target;
  if (formElement instanceof HTMLFormElement) {
    for (const element of Array.from(formElement.elements)) {
      const name = element.getAttribute('name');
      if (name && inError.has(name) && element instanceof HTMLElement) {
        element.focus();
        return;
      }
    }
  }
  const [first] = inError;
  if (first) form.setFocus(first as Path<LocationFormInput>);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
};

/** Stored description (sanitised HTML or plain text) -> editable plain text: block ends and <br>
 * become line breaks, list items get a bullet, every other tag is dropped, entities decoded. */
function htmlToEditableText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/<[a-z/!]/i.test(html) && !/&[a-z#0-9]+;/i.test(html)) return html;
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|li|h[1-6]|ul|ol|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39|#x27);/gi, (m) => ENTITIES[m.toLowerCase()] ?? m);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A stored location -> the form's values (docs/product.md section 4: deadline cut to its date part,
 * tags as a list of ids, description as editable text). */
export function locationToFormValues(location: Location): LocationFormInput {
  const category = location.category as LocationCategory;
  return {
    name: location.name,
    category,
    description: htmlToEditableText(location.description),
    address: location.address ?? '',
    phone: location.phone ?? '',
    website: location.website ?? '',
    operatingHours: location.operatingHours ?? '',
    openingHours: location.openingHours ?? '',
    tagIds: location.tags.map((t) => t.id),
    deadline: location.deadline ? location.deadline.slice(0, 10) : '',
    registrationLink: location.registrationLink ?? '',
    faqLink: location.faqLink ?? '',
    status: location.status === 'expired' ? 'expired' : 'active',
    latitude: location.latitude,
    longitude: location.longitude,
    attributes: { ...location.attributes },
  };
}

export interface LocationPayload {
  name: string;
  category: string;
  description: string;
  address: string;
  phone: string;
  website: string;
  operatingHours: string;
  /** OpenStreetMap opening_hours text, or null for none (decision 0800). */
  openingHours: string | null;
  tagIds: number[];
  status: 'active' | 'expired';
  /** Both numbers, or both null: "take the point from the address" (decision 0304). */
  latitude: number | null;
  longitude: number | null;
  deadline?: string;
  registrationLink?: string;
  faqLink?: string;
  /** The whole set, null for unknown: it replaces the place's (decision 0803). */
  attributes: Record<string, unknown>;
}

/** Validated values -> the body of POST/PATCH /api/locations. The resource-only fields are sent
 * only for resources; the deadline as 'YYYY-MM-DD'. */
export function formValuesToPayload(values: LocationFormValues, category: string = values.category): LocationPayload {
  const payload: LocationPayload = {
    name: values.name,
    category,
    description: values.description,
    address: values.address,
    phone: values.phone,
    website: values.website,
    operatingHours: values.operatingHours,
    openingHours: values.openingHours.trim() === '' ? null : values.openingHours,
    tagIds: values.tagIds,
    status: values.status,
    latitude: values.latitude ?? null,
    longitude: values.longitude ?? null,
    attributes: attributesPayload(values.attributes),
  };
  if (category === 'resource') {
    payload.deadline = values.deadline ? values.deadline.slice(0, 10) : '';
    payload.registrationLink = values.registrationLink;
    payload.faqLink = values.faqLink;
  }
  return payload;
}
