// Payloads of the administrator API (/api/admin/*): sign-in, review desk and bulk import.
import { z } from 'zod';
import { SESSION_ID_MAX } from '../constants.js';

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

export const ADMIN_INVALID_CREDENTIALS = 'Invalid username or password';
export const ADMIN_SIGN_IN_REQUIRED = 'Sign in required';

export const REVIEW_STATUSES = ['resolved', 'dismissed'] as const;

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
export type FlagReportReview = z.input<typeof flagReportReviewSchema>;

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
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AdminRevision {
  id: number;
  entityType: 'location' | 'tag';
  entityId: number;
  entityName: string | null;
  entitySlug: string | null;
  entityHidden: boolean | null;
  action: string;
  sessionId: string | null;
  /** Salted hash of the client address of an anonymous change. */
  clientHash: string | null;
  actor: string | null;
  revertOf: number | null;
  revertedBy: number | null;
  createdAt: string;
  changes: FieldChange[];
}

/** A flag report in the review desk's list (GET /api/admin/flag-reports, decision 0703): the
 * screenshot is not in it, only whether there is one and its size in bytes; the picture itself is
 * GET /api/admin/flag-reports/{id}/screenshot. */
export interface AdminFlagReportItem {
  id: number;
  locationId: number | null;
  location: { id: number; name: string; slug: string } | null;
  flagType: string;
  description: string | null;
  hasScreenshot: boolean;
  screenshotBytes: number | null;
  reportedAt: string;
  status: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
}

export interface AdminSummary {
  pendingReports: number;
  changesLast7Days: number;
  hiddenLocations: number;
}

/** POST /api/admin/bulk-import answer (docs/product.md section 3, "Bulk import result"). */
export interface BulkImportResult {
  success: number;
  errors: string[];
}

/** The columns of the import file that must be there (website and tags are optional). */
export const BULK_IMPORT_REQUIRED_COLUMNS = ['name', 'category', 'description', 'address'] as const;
