// Freshness on the review desk: POST /api/admin/locations/{id}/verify records a confirmation (read
// answers then carry lastVerifiedAt); GET /api/admin/locations/needs-check lists places due one.
// Registered in the admin scope by review.routes.ts, so both need a session.
import { idParamSchema } from '../../../shared/schemas/common.js';
import {
  locationVerificationSchema,
  needsCheckPageSchema,
  needsCheckQuerySchema,
  verifyLocationSchema,
} from '../../../shared/schemas/verification.js';
import type { AppContext, ZodApp } from '../../context.js';
import { adminOf } from './admin-auth.js';
import { listNeedsCheck, verifyLocation } from './verify.repository.js';

export async function verifyRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/locations/needs-check',
    { schema: { querystring: needsCheckQuerySchema, response: { 200: needsCheckPageSchema } } },
    async (request) => listNeedsCheck(ctx.db, request.query),
  );

  app.post(
    '/locations/:id/verify',
    { schema: { params: idParamSchema, body: verifyLocationSchema, response: { 201: locationVerificationSchema } } },
    async (request, reply) => {
      const verification = await verifyLocation(
        ctx.db,
        request.params.id,
        adminOf(request).username,
        request.body.note,
      );
      return reply.status(201).send(verification);
    },
  );
}
