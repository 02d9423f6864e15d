// Freshness (issue 14): an administrator confirms a place's details; the review desk lists the
// places nobody confirmed for VERIFICATION_STALE_MONTHS months.
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
export type VerifyLocation = z.input<typeof verifyLocationSchema>;

/** One confirmation, as stored (never overwritten). */
export interface LocationVerification {
  id: number;
  locationId: number;
  verifiedBy: string;
  /** ISO instant. */
  at: string;
  note: string | null;
}

/** GET /api/admin/locations/needs-check */
export const needsCheckQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
});

export interface NeedsCheckItem {
  id: number;
  name: string;
  slug: string;
  category: string;
  hidden: boolean;
  /** ISO instant of the latest confirmation, or null when never confirmed. */
  lastVerifiedAt: string | null;
  createdAt: string;
}
