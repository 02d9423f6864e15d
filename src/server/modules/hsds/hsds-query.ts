// The HSDS API's query strings (decision 1003): HSDS's paging and filter parameters as zod schemas,
// with their messages, HSDS's page object around one page of records, and what every HSDS route
// shares (its OpenAPI tag, its read allowances).
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';

export const hsdsDocs = (summary: string, description: string) => ({
  tags: ['HSDS (Open Referral)'],
  summary,
  description,
});

/** The two read allowances: a list counts as a search, a record as a place read. */
export interface HsdsLimits {
  listLimit: preHandlerAsyncHookHandler;
  recordLimit: preHandlerAsyncHookHandler;
}

export const HSDS_PER_PAGE_DEFAULT = 20;
const HSDS_PER_PAGE_MAX = 100;
/** 500 miles, the search's largest radius. */
const PROXIMITY_MAX_METERS = 804_672;
export const METERS_PER_MILE = 1609.344;

const bool = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

const pageFields = {
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page is too large')
    .optional(),
  per_page: z.coerce
    .number({ error: `per_page must be a whole number from 1 to ${HSDS_PER_PAGE_MAX}` })
    .int(`per_page must be a whole number from 1 to ${HSDS_PER_PAGE_MAX}`)
    .min(1, `per_page must be a whole number from 1 to ${HSDS_PER_PAGE_MAX}`)
    .max(HSDS_PER_PAGE_MAX, `per_page must be a whole number from 1 to ${HSDS_PER_PAGE_MAX}`)
    .optional(),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  format: z.enum(['json'], { error: 'format must be json (the only format this API answers)' }).optional(),
};
const uuidText = (name: string) => z.string().max(100, `${name} must be a UUID`).optional();

export const serviceListQuery = z.object({
  ...pageFields,
  taxonomy_term_id: uuidText('taxonomy_term_id'),
  taxonomy_id: uuidText('taxonomy_id'),
  organization_id: uuidText('organization_id'),
  modified_after: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'modified_after must be a date and time (ISO 8601)')
    .optional(),
  full: bool('full'),
});
export const serviceAtLocationQuery = serviceListQuery.extend({
  postcode: z
    .string()
    .regex(/^\d{5}$/, 'postcode must be a five-digit ZIP code')
    .optional(),
  proximity: z.coerce
    .number({ error: 'proximity must be a distance in meters' })
    .positive('proximity must be a distance in meters')
    .max(PROXIMITY_MAX_METERS, `proximity must be at most ${PROXIMITY_MAX_METERS} meters`)
    .optional(),
});
export const organizationListQuery = z.object({
  ...pageFields,
  full: bool('full'),
  full_service: bool('full_service'),
});
export const termListQuery = z.object({
  ...pageFields,
  taxonomy_id: uuidText('taxonomy_id'),
  parent_id: uuidText('parent_id'),
  top_only: bool('top_only'),
});
/** /taxonomies: only the paging. */
export const taxonomyListQuery = z.object(pageFields);
export const idParams = z.object({ id: z.string().max(100, 'id must be a UUID') });

/** An HSDS record as the routes' declared answer types it (its fields are HSDS's). */
export type HsdsRecord = { id: string } & Record<string, unknown>;
export const asRecord = (r: object) => r as HsdsRecord;

/** HSDS's page object around one page of contents. */
export function page(records: object[], total: number, pageNumber: number, perPage: number) {
  const contents = records as HsdsRecord[];
  const totalPages = Math.ceil(total / perPage);
  return {
    total_items: total,
    total_pages: totalPages,
    page_number: pageNumber,
    size: contents.length,
    first_page: pageNumber === 1,
    last_page: pageNumber >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}
