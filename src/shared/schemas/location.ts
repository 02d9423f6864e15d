// The location contract (docs/product.md sections 3, 5 and 7): one set of zod schemas used by the client's
// forms (react-hook-form resolver), by the routes (fastify-type-provider-zod) and by tests.
import { z } from 'zod';
import {
  ADDRESS_MAX,
  DEFAULT_RADIUS_MILES,
  DESCRIPTION_MAX,
  LOCATION_CATEGORIES,
  LOCATION_STATUSES,
  METRO_BOUNDS,
  NAME_MAX,
  OPENING_HOURS_MAX,
  SHORT_TEXT_MAX,
  TAG_FILTER_MAX,
  URL_MAX,
} from '../constants.js';
import { MAP_VIEW_MAX_CELLS, MERCATOR_MAX_LAT, type MapView, mapGridCells } from '../map-grid.js';
import { MSG } from '../messages.js';
import { cleanName } from '../names.js';
import { parseClock, parseDays } from '../open-when.js';
import {
  ACCESS_FILTERS,
  PAY_FILTERS,
  parseFacets,
  placeAttributesAnswerSchema,
  placeAttributesSchema,
} from '../place-attributes.js';
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

const locationCategorySchema = z.enum(LOCATION_CATEGORIES, { error: 'Please select a category' });
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

const commaIds = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'tagIds must be comma-separated numbers' });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length > TAG_FILTER_MAX) {
      ctx.addIssue({ code: 'custom', message: `tagIds may name at most ${TAG_FILTER_MAX} tags` });
      return z.NEVER;
    }
    return unique;
  });

/** A yes/no filter in a query string: 'true' filters, 'false' or absent does not. */
const queryFlag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => (v === 'true' ? true : undefined))
    .optional();

/** A clock time of the "open when" window (decision 0802): 'HH:MM', 00:00 to 24:00, as minutes. */
const queryClock = (name: string) =>
  z
    .string()
    .max(5, `${name} must be a time HH:MM`)
    .transform((s, ctx) => {
      const minutes = parseClock(s);
      if (minutes === null) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a time HH:MM from 00:00 to 24:00` });
        return z.NEVER;
      }
      return minutes;
    })
    .optional();

/** A comma list of facets (decision 0803), read in the list's own order without repeats, so equal
 * searches share one cache key; an empty list is no filter. */
const facetList = <T extends string>(name: string, allowed: readonly T[]) => {
  const message = `${name} must be a comma list of ${allowed.join(', ')}`;
  return z
    .string()
    .max(200, message)
    .transform((s, ctx) => {
      const facets = parseFacets(s, allowed);
      if (!facets) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return facets.length ? allowed.filter((f) => facets.includes(f)) : undefined;
    })
    .optional();
};

/** The facet keys (decision 0803): every named fact must hold. Shared with the Discover URL's
 * query (discover-query.ts). */
export function facetFields() {
  return { pay: facetList('pay', PAY_FILTERS), access: facetList('access', ACCESS_FILTERS) };
}

/** The filters of GET /api/locations (docs/product.md section 7) plus paging, plus the opening
 * hours filters (decisions 0800, 0801 and 0802) and the facets (decision 0803). */
const listQueryFields = z.object({
  category: z.union([locationCategorySchema, z.literal('all')]).optional(),
  search: z.string().max(200, 'Search must be at most 200 characters').optional(),
  tagIds: commaIds.optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius: z.coerce.number().positive('radius must be positive').max(500, 'radius must be at most 500 miles').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** Only places surely open now (by their structured hours). */
  openNow: queryFlag('openNow'),
  /** Only places that open at least once in the next 7 days (open now counts). */
  inSeason: queryFlag('inSeason'),
  ...openWhenFields(),
  ...facetFields(),
});

/** The "open when" keys (decision 0802), shared with the Discover URL's query (discover-query.ts). */
export function openWhenFields() {
  return {
    /** Only places open for part of these days' window in the coming week (decision 0802). */
    days: z
      .string()
      .max(100, 'days must be a comma list of mon, tue, wed, thu, fri, sat, sun')
      .transform((s, ctx) => {
        const days = parseDays(s);
        if (!days) {
          ctx.addIssue({ code: 'custom', message: 'days must be a comma list of mon, tue, wed, thu, fri, sat, sun' });
          return z.NEVER;
        }
        return days;
      })
      .optional(),
    /** The window's start and end on the Kansas City clock; without them, the whole of each day. */
    from: queryClock('from'),
    to: queryClock('to'),
  };
}

/** The names of the list filters (the search cache's key test checks that each one counts). */
export const LOCATION_LIST_QUERY_FIELDS = Object.keys(listQueryFields.shape);

const latLngTogether = {
  check: (q: { lat?: number; lng?: number }) => (q.lat === undefined) === (q.lng === undefined),
  params: { message: 'lat and lng must be given together', path: ['lat'] },
};

/** from and to come together, from before to, and with days (decision 0802). */
export function checkOpenWhen(q: { days?: unknown; from?: number; to?: number }, ctx: z.RefinementCtx) {
  if (q.from === undefined && q.to === undefined) return;
  if (q.from === undefined || q.to === undefined) {
    const path = q.from === undefined ? 'from' : 'to';
    ctx.addIssue({ code: 'custom', message: 'from and to must be given together', path: [path] });
  } else if (q.from >= q.to) ctx.addIssue({ code: 'custom', message: 'from must be before to', path: ['from'] });
  else if (q.days === undefined)
    ctx.addIssue({ code: 'custom', message: 'days must be given with from and to', path: ['days'] });
}

/** GET /api/locations (and the map points call): docs/product.md section 7 plus paging. */
export const locationListQuerySchema = listQueryFields
  .refine(latLngTogether.check, latLngTogether.params)
  .superRefine(checkOpenWhen)
  .transform((q) => ({ ...q, radius: q.radius ?? DEFAULT_RADIUS_MILES }));
export type LocationListQuery = z.output<typeof locationListQuerySchema>;

/** The exports (decision 0151): the list's filters, without paging (an export is every match). */
export const locationFilterQuerySchema = listQueryFields
  .omit({ limit: true, offset: true })
  .refine(latLngTogether.check, latLngTogether.params)
  .superRefine(checkOpenWhen)
  .transform((q) => ({ ...q, radius: q.radius ?? DEFAULT_RADIUS_MILES }));

/**
 * GET /api/locations/map: the list's filters plus the part of the map in view (decision 0203).
 * The view is optional (all five fields or none): without it a large answer carries only the
 * total and the bounds, so that the map can frame them first and then ask for what it shows.
 */
export const mapViewQuerySchema = listQueryFields
  .omit({ limit: true, offset: true })
  .extend({
    west: z.coerce.number().min(-180, 'west must be at least -180').max(180, 'west must be at most 180').optional(),
    south: z.coerce
      .number()
      .min(-MERCATOR_MAX_LAT, 'south is below the map')
      .max(MERCATOR_MAX_LAT, 'south is above the map')
      .optional(),
    east: z.coerce.number().min(-180, 'east must be at least -180').max(180, 'east must be at most 180').optional(),
    north: z.coerce
      .number()
      .min(-MERCATOR_MAX_LAT, 'north is below the map')
      .max(MERCATOR_MAX_LAT, 'north is above the map')
      .optional(),
    zoom: z.coerce
      .number()
      .int('zoom must be a whole number')
      .min(0, 'zoom must be 0 to 20')
      .max(20, 'zoom must be 0 to 20')
      .optional(),
  })
  .refine(latLngTogether.check, latLngTogether.params)
  .superRefine(checkOpenWhen)
  .superRefine((q, ctx) => {
    const given = [q.west, q.south, q.east, q.north, q.zoom].filter((v) => v !== undefined).length;
    if (given === 0) return;
    if (given < 5) {
      ctx.addIssue({
        code: 'custom',
        message: 'west, south, east, north and zoom must be given together',
        path: ['west'],
      });
      return;
    }
    if (q.west! >= q.east!) ctx.addIssue({ code: 'custom', message: 'west must be less than east', path: ['west'] });
    if (q.south! >= q.north!)
      ctx.addIssue({ code: 'custom', message: 'south must be less than north', path: ['south'] });
    // A view wider or taller than MAP_VIEW_MAX_CELLS grid cells would ask for one cluster per place.
    const cells = mapGridCells(q as MapView);
    if (cells.columns > MAP_VIEW_MAX_CELLS || cells.rows > MAP_VIEW_MAX_CELLS) {
      ctx.addIssue({ code: 'custom', message: 'The map view is too large for its zoom level', path: ['zoom'] });
    }
  })
  .transform(({ west, south, east, north, zoom, ...filters }) => ({
    filters: { ...filters, radius: filters.radius ?? DEFAULT_RADIUS_MILES },
    view: zoom === undefined ? null : ({ west, south, east, north, zoom } as MapView),
  }));
export type { MapView };

/** One map point (GET /api/locations/points): never the full record. */
export const locationPointSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Present (true) only when the point stands for an area, a ZIP or town centroid (decision 0804). */
  approximate: z.literal(true).optional(),
});
export type LocationPoint = z.infer<typeof locationPointSchema>;

/** Several places of one grid cell of the map view, drawn as one marker with their count. */
const mapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

/** GET /api/locations/map: what the map draws for the filters and the view. */
export const mapAnswerSchema = z.object({
  /** Every matching place with coordinates (not only those in view). */
  total: z.number().int(),
  /** The box around all of them, or null when there are none. */
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }).nullable(),
  /** True when `points` holds every match: the map then clusters them itself and asks no more on moves. */
  complete: z.boolean(),
  points: z.array(locationPointSchema),
  clusters: z.array(mapClusterSchema),
});
export type MapAnswer = z.infer<typeof mapAnswerSchema>;
