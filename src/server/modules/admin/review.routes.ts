// The review desk (/api/admin/...): what waits, flag reports, recent changes with reverts, and
// hide/show/delete of a place. Registered inside the admin scope, so every route needs a session.
import {
  adminLocationListQuerySchema,
  adminLocationPatchSchema,
  flagReportReviewSchema,
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
  app.get('/summary', async () => adminSummary(ctx.db));

  // GET /flag-reports (the list, without screenshots) and /flag-reports/:id/screenshot live in
  // modules/reports/reports-admin.routes.ts (decision 0703).

  app.patch('/flag-reports/:id', { schema: { params: idParamSchema, body: flagReportReviewSchema } }, async (request) =>
    reviewFlagReport(ctx.db, request.params.id, request.body.status, request.body.reviewNotes),
  );

  app.get('/revisions', { schema: { querystring: revisionListQuerySchema } }, async (request) =>
    listRevisions(ctx.db, request.query),
  );

  app.post('/revisions/:id/revert', { schema: { params: idParamSchema } }, async (request) =>
    revertRevision(ctx.db, request.params.id, adminOf(request).username),
  );

  app.post('/revisions/revert-session', { schema: { body: revertSessionSchema } }, async (request) =>
    revertSession(ctx.db, request.body.sessionId, adminOf(request).username, request.body.clientHash),
  );

  app.get('/locations', { schema: { querystring: adminLocationListQuerySchema } }, async (request) =>
    listAdminLocations(ctx.db, request.query),
  );

  app.patch('/locations/:id', { schema: { params: idParamSchema, body: adminLocationPatchSchema } }, async (request) =>
    setLocationHidden(ctx.db, request.params.id, request.body.hidden, adminOf(request).username),
  );

  app.delete('/locations/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteLocation(ctx.db, request.params.id, adminOf(request).username);
    return reply.status(204).send();
  });

  // Freshness: confirming a place, and the places due a check (issue 14).
  await verifyRoutes(app, ctx);
}
