// POST /api/locations/{id}/view and /click (docs/product.md section 7): body {sessionId}.
import { z } from 'zod';

export { sessionBodySchema as engagementBodySchema } from './common.js';

/** The answer: the counters of this session's row for the location. */
export const engagementResultSchema = z.object({
  success: z.literal(true),
  viewCount: z.number().int(),
  clickCount: z.number().int(),
});
