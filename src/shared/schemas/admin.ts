// Payloads of the administrator API (/api/admin/*): sign-in, review desk and bulk import.
import { z } from 'zod';
import { SESSION_ID_MAX } from '../constants.js';

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const ADMIN_INVALID_CREDENTIALS = 'Invalid username or password';
export const ADMIN_SIGN_IN_REQUIRED = 'Sign in required';

const REVIEW_STATUSES = ['resolved', 'dismissed'] as const;

export const flagReportListQuerySchema = z.object({
  status: z.enum(['pending', 'resolved', 'dismissed', 'all']).optional().default('pending'),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

export const flagReportReviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Status must be resolved or dismissed' }),
  reviewNotes: z
    .string()
    .max(2000, 'Review notes must be at most 2000 characters')
    .nullish()
    .transform((v) => (v ?? '').trim()),
});

export const revisionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

export const revertSessionSchema = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(SESSION_ID_MAX),
  /** The hash of the client address the session's changes came from (as the desk lists it). */
  clientHash: z.string().max(128).nullish(),
});

export const adminLocationPatchSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

export const adminLocationListQuerySchema = z.object({
  hidden: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

/** One field of a change, as the review desk shows it: field: old -> new. */
export const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

const adminRevisionSchema = z.object({
  id: z.number().int(),
  entityType: z.enum(['location', 'tag']),
  entityId: z.number().int(),
  entityName: z.string().nullable(),
  entitySlug: z.string().nullable(),
  entityHidden: z.boolean().nullable(),
  action: z.string(),
  sessionId: z.string().nullable(),
  /** Salted hash of the client address of an anonymous change. */
  clientHash: z.string().nullable(),
  actor: z.string().nullable(),
  revertOf: z.number().int().nullable(),
  revertedBy: z.number().int().nullable(),
  createdAt: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type AdminRevision = z.infer<typeof adminRevisionSchema>;
export const adminRevisionPageSchema = z.object({ items: z.array(adminRevisionSchema), total: z.number().int() });

/** A flag report in the review desk's list (GET /api/admin/flag-reports, decision 0703): the
 * screenshot is not in it, only whether there is one and its size in bytes; the picture itself is
 * GET /api/admin/flag-reports/{id}/screenshot. */
const adminFlagReportItemSchema = z.object({
  id: z.number().int(),
  locationId: z.number().int().nullable(),
  location: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  flagType: z.string(),
  description: z.string().nullable(),
  hasScreenshot: z.boolean(),
  screenshotBytes: z.number().int().nullable(),
  reportedAt: z.string(),
  status: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type AdminFlagReportItem = z.infer<typeof adminFlagReportItemSchema>;
export const adminFlagReportPageSchema = z.object({
  items: z.array(adminFlagReportItemSchema),
  total: z.number().int(),
});

export const adminSummarySchema = z.object({
  pendingReports: z.number().int(),
  changesLast7Days: z.number().int(),
  hiddenLocations: z.number().int(),
  /** New places, held edits and proposed tags waiting for review (decision 0403). */
  pendingReview: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** What a revert answers: how many changes were undone and the revert revisions written. */
export const revertResultSchema = z.object({ reverted: z.number().int(), revisionIds: z.array(z.number().int()) });

/** PATCH /api/admin/flag-reports/{id}. */
export const flagReportReviewedSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});

/** GET /api/admin/locations: the desk's list of places. */
export const adminLocationRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  hidden: z.boolean(),
  updatedAt: z.string(),
});

/** PATCH /api/admin/locations/{id}. */
export const adminLocationHiddenSchema = z.object({ id: z.number().int(), hidden: z.boolean() });

/** POST /api/admin/bulk-import answer (docs/product.md section 3, "Bulk import result"). */
export const bulkImportResultSchema = z.object({ success: z.number().int(), errors: z.array(z.string()) });
export type BulkImportResult = z.infer<typeof bulkImportResultSchema>;

/** The columns of the import file that must be there (website and tags are optional). */
export const BULK_IMPORT_REQUIRED_COLUMNS = ['name', 'category', 'description', 'address'] as const;
