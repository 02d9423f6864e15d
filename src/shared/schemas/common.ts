import { z } from 'zod';
import { SESSION_ID_MAX } from '../constants.js';

/** Anonymous browser-session id (docs/product.md section 3, "Sessions"). */
const sessionIdSchema = z
  .string({ error: 'sessionId is required' })
  .trim()
  .min(1, 'sessionId is required')
  .max(SESSION_ID_MAX, `sessionId must be at most ${SESSION_ID_MAX} characters`);

/** Body of POST /api/visitors/record and of the engagement calls. */
export const sessionBodySchema = z.object({ sessionId: sessionIdSchema });

/** A positive integer id in a path. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/** The answer of a write that has nothing else to say (DELETE /api/tags/{id}). */
export const successSchema = z.object({ success: z.literal(true) });

/** GET /api/health. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /api/visitors/total and POST /api/visitors/record. */
export const visitorTotalSchema = z.object({ totalVisitors: z.number().int() });
export const visitRecordedSchema = z.object({ success: z.literal(true), visitCount: z.number().int() });
