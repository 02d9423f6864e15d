// Freshness: an administrator confirms a place's details; the review desk lists the
// places nobody confirmed for VERIFICATION_STALE_MONTHS months and those whose facts are stale.
import { z } from 'zod';
import { VERIFICATION_NOTE_MAX } from '../constants.js';

/** POST /api/admin/locations/{id}/verify */
export const verifyLocationSchema = z.object({
  note: z
    .string({ error: 'The note must be text' })
    .max(VERIFICATION_NOTE_MAX, `The note must be at most ${VERIFICATION_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ?? '').trim()),
});

/** One confirmation, as stored (never overwritten). */
export const locationVerificationSchema = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  verifiedBy: z.string(),
  /** ISO instant. */
  at: z.string(),
  note: z.string().nullable(),
});
export type LocationVerification = z.infer<typeof locationVerificationSchema>;

/** GET /api/admin/locations/needs-check */
export const needsCheckQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
});

const needsCheckItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  hidden: z.boolean(),
  /** ISO instant of the latest confirmation, or null when never confirmed. */
  lastVerifiedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The place's source and its date (decision 0804), or null for a place a visitor added. */
  source: z.object({ name: z.string(), publishedAt: z.string().nullable() }).nullable(),
  /** Visitors' "Yes, still correct" answers in the last CONFIRMATION_WINDOW_DAYS days (not a check). */
  visitorConfirmations: z.number().int(),
});
export type NeedsCheckItem = z.infer<typeof needsCheckItemSchema>;
export const needsCheckPageSchema = z.object({ items: z.array(needsCheckItemSchema), total: z.number().int() });

/** POST /api/locations/{id}/confirm: a visitor's anonymous "Yes, this is still correct". Counted
 * apart from the administrators' confirmations: it never sets lastVerifiedAt. */
export const locationConfirmResultSchema = z.object({
  /** The place's visitor confirmations in the last CONFIRMATION_WINDOW_DAYS days, this one included. */
  confirmations: z.number().int(),
});
