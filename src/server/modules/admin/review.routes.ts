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
import {
  pendingDecisionResultSchema,
  pendingDecisionSchema,
  pendingListQuerySchema,
  pendingListSchema,
  type StandingInput,
  standingInputSchema,
  standingSchema,
  type UndoSelection,
  undoApplySchema,
  undoPreviewSchema,
  undoResultSchema,
} from '../../../shared/schemas/review.js';
import { HttpError } from '../../http-error.js';
import { contributorKey } from '../trust/identity.js';
import { listStandings, removeStanding, setStanding } from '../trust/standings.repository.js';
import { decidePending, listPending } from './queue.repository.js';
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
import {
  applyUndo,
  deleteLocation,
  previewUndo,
  setLocationHidden,
  type UndoCriteria,
} from '../locations/writes/index.js';
import { verifyRoutes } from './verify.routes.js';

const criteriaOf = (s: UndoSelection): UndoCriteria => ({
  sessionId: s.sessionId,
  clientHash: s.clientHash,
  network48: s.network48,
  from: s.from ? new Date(s.from) : undefined,
  to: s.to ? new Date(s.to) : undefined,
  locationId: s.locationId,
});

/** Whom an undo's block applies to: the contributor, else the network group, else the /48. */
function blockSubject(s: UndoSelection): Pick<StandingInput, 'kind' | 'key'> {
  if (s.sessionId && s.clientHash) return { kind: 'contributor', key: contributorKey(s.clientHash, s.sessionId) };
  if (s.clientHash) return { kind: 'network', key: s.clientHash };
  if (s.network48) return { kind: 'network48', key: s.network48 };
  const message = 'Choose a contributor or a network to block';
  throw new HttpError(400, message, { block: message });
}

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

  // The queue of held items, decided one at a time or together (decision 0403).
  const deps = { db: ctx.db, geocoder: ctx.geocoder };
  app.get(
    '/pending',
    { schema: { querystring: pendingListQuerySchema, response: { 200: pendingListSchema } } },
    async (request) => listPending(ctx.db, request.query.limit),
  );
  app.post(
    '/pending/decide',
    { schema: { body: pendingDecisionSchema, response: { 200: pendingDecisionResultSchema } } },
    async (request) =>
      decidePending(deps, request.body.ids, request.body.decision, adminOf(request).username, request.body.force),
  );

  // One-action undo of a contributor, a network group or a time window (decision 0406).
  app.post(
    '/undo/preview',
    { schema: { body: undoApplySchema.pick({ selection: true }), response: { 200: undoPreviewSchema } } },
    async (request) => previewUndo(ctx.db, criteriaOf(request.body.selection)),
  );
  app.post('/undo', { schema: { body: undoApplySchema, response: { 200: undoResultSchema } } }, async (request) => {
    const actor = adminOf(request).username;
    const { selection, block } = request.body;
    const subject = block ? blockSubject(selection) : null;
    return ctx.db.transaction(async (tx) => {
      const done = await applyUndo(tx, criteriaOf(selection), actor);
      if (block && subject) await setStanding(tx, { ...subject, standing: 'blocked', ...block }, actor);
      return done;
    });
  });

  // Trusted and blocked contributors and networks (decision 0405).
  app.get('/standings', { schema: { response: { 200: z.array(standingSchema) } } }, async () => listStandings(ctx.db));
  app.post(
    '/standings',
    { schema: { body: standingInputSchema, response: { 201: standingSchema } } },
    async (request, reply) =>
      reply.status(201).send(await setStanding(ctx.db, request.body, adminOf(request).username)),
  );
  app.delete('/standings/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await removeStanding(ctx.db, request.params.id);
    return reply.status(204).send();
  });

  // Freshness: confirming a place, and the places due a check.
  await verifyRoutes(app, ctx);
}
