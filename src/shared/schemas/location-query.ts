// The list's query contract (docs/product.md section 7): the filters of GET /api/locations, the map
// calls and the exports, with paging, the hours filters (decisions 0801, 0802) and the facets
// (decision 0803); and the map's answers. The place itself and its form are in ./location.ts.
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES, TAG_FILTER_MAX } from '../constants.js';
import { MAP_VIEW_MAX_CELLS, MERCATOR_MAX_LAT, type MapView, mapGridCells } from '../map-grid.js';
import { parseClock, parseDays } from '../open-when.js';
import { ACCESS_FILTERS, PAY_FILTERS, parseFacets } from '../place-attributes.js';
import { locationCategorySchema } from './location.js';

/** A comma list of tag ids in a query string (each once, at most TAG_FILTER_MAX); the errors name
 * `field` and say the list must be `form`. */
export const tagIdList = (field: string, form: string) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const ids = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be ${form}` });
        return z.NEVER;
      }
      const unique = [...new Set(ids)];
      if (unique.length > TAG_FILTER_MAX) {
        ctx.addIssue({ code: 'custom', message: `${field} may name at most ${TAG_FILTER_MAX} tags` });
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
  tagIds: tagIdList('tagIds', 'comma-separated numbers').optional(),
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
