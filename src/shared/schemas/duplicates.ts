// GET /api/locations/similar: possible duplicates of a place being added.
import { z } from 'zod';
import { ADDRESS_MAX, NAME_MAX } from '../constants.js';

export const similarQuerySchema = z.object({
  name: z.string().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional().default(''),
  address: z.string().max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`).optional().default(''),
});

export const similarLocationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  category: z.string(),
});
export type SimilarLocation = z.infer<typeof similarLocationSchema>;

/** At most this many possible duplicates are answered. */
export const SIMILAR_LIMIT = 5;
/** pg_trgm similarity of the lower-cased names above which two places look like twins. */
export const SIMILAR_NAME_THRESHOLD = 0.45;

/** Lower case, every run of other characters than a-z and 0-9 as one space: '12 Main St.' and
 * '12  main st' are the same address. The SQL twin is in the duplicates repository. */
export function normaliseAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
