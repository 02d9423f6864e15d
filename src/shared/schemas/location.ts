// The location contract (docs/product.md sections 3, 5 and 7): one set of zod schemas used by the client's
// forms (react-hook-form resolver), by the routes (fastify-type-provider-zod) and by tests.
import { z } from 'zod';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  LOCATION_CATEGORIES,
  LOCATION_STATUSES,
  METRO_BOUNDS,
  NAME_MAX,
  OPENING_HOURS_MAX,
  SHORT_TEXT_MAX,
  URL_MAX,
} from '../constants.js';
import { MSG } from '../messages.js';
import { cleanName } from '../names.js';
import { placeAttributesAnswerSchema, placeAttributesSchema } from '../place-attributes.js';
import { tagSchema } from './tag.js';

/** A web address, or empty. 'www.example.org' is accepted (https:// is added when shown);
 * any scheme other than http(s) is refused. */
export function isValidUrlOrEmpty(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (/\s/.test(v)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(v);
  if (hasScheme && !/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(hasScheme ? v : `https://${v}`);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

const urlField = z
  .string()
  .max(URL_MAX, `URLs must be at most ${URL_MAX} characters`)
  .nullish()
  .transform((v) => (v ?? '').trim())
  .refine(isValidUrlOrEmpty, MSG.invalidUrl);

/** 'YYYY-MM-DD' (date input) or a full ISO timestamp, or empty. */
const deadlineField = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Please enter a valid date');

export const locationCategorySchema = z.enum(LOCATION_CATEGORIES, { error: 'Please select a category' });
const locationStatusSchema = z.enum(LOCATION_STATUSES, { error: 'Status must be active or expired' });

/** A coordinate inside the metro area, or null/absent. */
const coordinate = (label: 'latitude' | 'longitude', min: number, max: number) =>
  z
    .number({ error: `${label[0]!.toUpperCase()}${label.slice(1)} must be a number` })
    .min(min, MSG.outsideMetro)
    .max(max, MSG.outsideMetro)
    .nullish();

/**
 * Structured opening hours (decision 0800): OpenStreetMap `opening_hours` text, trimmed; empty or
 * null means none. Only the length is checked here: reading the syntax needs the opening_hours
 * library (about 118 KiB gzip), which this file must not load, as the forms import it
 * (docs/architecture.md, Performance budgets). ./location-hours.ts adds the syntax check.
 */
export const openingHoursText = z
  .string({ error: 'The opening hours must be text' })
  .trim()
  .max(OPENING_HOURS_MAX, `The opening hours must be at most ${OPENING_HOURS_MAX} characters.`)
  .nullish()
  .transform((v) => v ?? '');

/** The fields of the location form payload, before the cross-field address rule. */
const formFieldsWithoutHours = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .overwrite(cleanName)
    .trim()
    .min(1, MSG.nameRequired)
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  category: locationCategorySchema,
  description: optionalText(DESCRIPTION_MAX, 'Description'),
  address: z
    .string()
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  phone: optionalText(SHORT_TEXT_MAX, 'Phone'),
  website: urlField,
  operatingHours: optionalText(SHORT_TEXT_MAX, 'Operating hours'),
  tagIds: z
    .array(z.number({ error: 'Tag ids must be numbers' }).int().positive(), {
      error: 'tagIds must be a list of numbers',
    })
    .max(100, 'At most 100 tags')
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  deadline: deadlineField,
  /** The place's own point (a pin or typed coordinates): given, it is used instead of geocoding
   * the address, so a place without an address can still be found on the map and directed to. */
  latitude: coordinate('latitude', METRO_BOUNDS.south, METRO_BOUNDS.north),
  longitude: coordinate('longitude', METRO_BOUNDS.west, METRO_BOUNDS.east),
  registrationLink: urlField,
  faqLink: urlField,
  status: locationStatusSchema.nullish().transform((v) => v ?? 'active'),
  /** Payments, access, cost, eligibility, languages (decision 0803): given, it replaces the
   * place's whole set; a null or absent answer inside it is "unknown". */
  attributes: placeAttributesSchema.nullish(),
});

/** docs/product.md section 5: an address is required for every category except resource. */
function requireAddress(v: { category?: string; address?: string }, ctx: z.RefinementCtx) {
  if (v.category && v.category !== 'resource' && !(v.address ?? '').trim()) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.addressRequired });
  }
}

/** Latitude and longitude come together (both numbers, or both null/absent). */
function coordinatesTogether(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  if ((v.latitude == null) !== (v.longitude == null)) {
    const path = v.latitude == null ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [path], message: MSG.coordinatesTogether });
  }
}

/** The form's schemas around an `openingHours` field: the plain one (length only) here, the one
 * that also reads the syntax in ./location-hours.ts. */
export function locationSchemasWith<H extends z.ZodType<string, string | null | undefined>>(openingHours: H) {
  const fields = formFieldsWithoutHours.extend({ openingHours });
  return {
    fields,
    /** POST /api/locations and the add form. */
    form: fields.superRefine((v, ctx) => {
      requireAddress(v, ctx);
      coordinatesTogether(v, ctx);
    }),
    /** PATCH /api/locations/{id}: any subset of the form; the server checks the address rule on
     * the merged result (so changing only the category to 'park' still needs an address). */
    patch: fields.partial().superRefine(coordinatesTogether),
  };
}

const plainSchemas = locationSchemasWith(openingHoursText);
/** POST /api/locations and the add form (the server uses ./location-hours.ts's, which also reads
 * the opening hours). */
export const locationFormSchema = plainSchemas.form;
export type LocationFormInput = z.input<typeof locationFormSchema>;
export type LocationFormValues = z.output<typeof locationFormSchema>;

/** PATCH /api/locations/{id}: any subset of the form; the server checks the address rule on the
 * merged result (so changing only the category to 'park' still needs an address). */
const locationPatchSchema = plainSchemas.patch;
export type LocationPatch = z.output<typeof locationPatchSchema>;
export { requireAddress as locationAddressRule };

const tagRefSchema = tagSchema.pick({ id: true, name: true, category: true });

/** A location as the API answers it. Dates are ISO strings. */
export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  website: z.string().nullable(),
  slug: z.string(),
  viewCount: z.number().int(),
  uniqueId: z.string(),
  phone: z.string().nullable(),
  operatingHours: z.string().nullable(),
  notionId: z.string().nullable(),
  status: z.string(),
  deadline: z.string().nullable(),
  registrationLink: z.string().nullable(),
  faqLink: z.string().nullable(),
  tags: z.array(tagRefSchema),
  flagCount: z.number().int(),
  /** OpenStreetMap opening_hours text in its tidy spelling, or null (decision 0800). */
  openingHours: z.string().nullable(),
  /** Surely open when the answer was made; null without structured hours. */
  openNow: z.boolean().nullable(),
  /** ISO instant openNow next flips (closing when open, opening when closed); null when none is
   * found within 400 days or without structured hours. Past it, the answer is stale. */
  nextChange: z.string().nullable(),
  /** When an administrator last confirmed the place's details (ISO), or null. */
  lastVerifiedAt: z.string().nullable(),
  /** Miles from the searched point, when lat/lng were given. */
  distance: z.number().nullable().optional(),
  /** Only on GET /api/locations/{id}. */
  engagement: z.object({ totalViews: z.number().int(), totalClicks: z.number().int() }).optional(),
  /** The known facts only: an absent key is "unknown", never "no" (decision 0803). */
  attributes: placeAttributesAnswerSchema,
  /** Where the facts came from (decision 0804); null for a place added through the site (its
   * provenance is then the visitor and createdAt). */
  source: z
    .object({
      name: z.string(),
      ref: z.string().nullable(),
      license: z.string().nullable(),
      /** When the source last published the facts (ISO), or null when it does not say. */
      publishedAt: z.string().nullable(),
    })
    .nullable(),
  /** The point stands for an area (a ZIP or town centroid), not the place's own spot. */
  pointApproximate: z.boolean(),
  /** 'pending' only in answers to the place's own author while it waits for review (decision 0403):
   * everyone else never sees a pending place. */
  review: z.enum(['pending']).optional(),
});
export type Location = z.infer<typeof locationSchema>;

/** PATCH /api/locations/{id} when a rule held the change (202): the public keeps `location` as it
 * is, and the change waits for an administrator (decision 0403). */
export const heldEditSchema = z.object({
  held: z.literal(true),
  changeId: z.number().int(),
  message: z.string(),
  location: locationSchema,
});
export type HeldEdit = z.infer<typeof heldEditSchema>;
