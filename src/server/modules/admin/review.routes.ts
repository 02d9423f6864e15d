// The review desk (/api/admin/...): what waits, flag reports, recent changes with reverts, and
// hide/show/delete of a place. Registered inside the admin scope, so every route needs a session.
import { z } from 'zod';
import {
  adminLocationHiddenSchema,
  adminLocationListQuerySchema,
  adminLocationPatchSchema,
  adminLocationRowSchema,
  adminRevisionPageSchema,
  adminSummarySchema,
  flagReportReviewedSchema,
  flagReportReviewSchema,
  revertResultSchema,
  revertSessionSchema,
  revisionListQuerySchema,
} from '../../../shared/schemas/admin.js';
import { idParamSchema } from '../../../shared/schemas/common.js';
import type { AppContext, ZodApp } from '../../context.js';
import { adminOf } from './admin-auth.js';
import {
  adminSummary,
  listAdminLocations,
  listRevisions,
  revertRevision,
  revertSession,
  reviewFlagReport,
} from './review.repository.js';
import { deleteLocation, setLocationHidden } from '../locations/writes/index.js';
import { verifyRoutes } from './verify.routes.js';

export async function reviewRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/summary', { schema: { response: { 200: adminSummarySchema } } }, async () => adminSummary(ctx.db));

  // GET /flag-reports (the list, without screenshots) and /flag-reports/:id/screenshot live in
  // modules/reports/reports-admin.routes.ts (decision 0703).

  app.patch(
    '/flag-reports/:id',
    { schema: { params: idParamSchema, body: flagReportReviewSchema, response: { 200: flagReportReviewedSchema } } },
    async (request) => reviewFlagReport(ctx.db, request.params.id, request.body.status, request.body.reviewNotes),
  );

  app.get(
    '/revisions',
    { schema: { querystring: revisionListQuerySchema, response: { 200: adminRevisionPageSchema } } },
    async (request) => listRevisions(ctx.db, request.query),
  );

  app.post(
    '/revisions/:id/revert',
    { schema: { params: idParamSchema, response: { 200: revertResultSchema } } },
    async (request) => revertRevision(ctx.db, request.params.id, adminOf(request).username),
  );

  app.post(
    '/revisions/revert-session',
    { schema: { body: revertSessionSchema, response: { 200: revertResultSchema } } },
    async (request) =>
      revertSession(ctx.db, request.body.sessionId, adminOf(request).username, request.body.clientHash),
  );

  app.get(
    '/locations',
    { schema: { querystring: adminLocationListQuerySchema, response: { 200: z.array(adminLocationRowSchema) } } },
    async (request) => listAdminLocations(ctx.db, request.query),
  );

  app.patch(
    '/locations/:id',
    { schema: { params: idParamSchema, body: adminLocationPatchSchema, response: { 200: adminLocationHiddenSchema } } },
    async (request) => setLocationHidden(ctx.db, request.params.id, request.body.hidden, adminOf(request).username),
  );

  app.delete('/locations/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteLocation(ctx.db, request.params.id, adminOf(request).username);
    return reply.status(204).send();
  });

  // Freshness: confirming a place, and the places due a check (issue 14).
  await verifyRoutes(app, ctx);
}
