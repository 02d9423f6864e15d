// POST /api/locations/{id}/view and /click {sessionId} (docs/product.md section 7): a network group
// counts once per place and day for each, whatever session ids it sends (decision 0712); later
// ones answer the first one's counters unchanged.
import { idParamSchema } from '../../../shared/schemas/common.js';
import { engagementBodySchema, engagementResultSchema } from '../../../shared/schemas/engagement.js';
import { MSG } from '../../../shared/messages.js';
import type { ApiModule } from '../../context.js';
import { notFound } from '../../http-error.js';
import { createWindowCounter } from '../../plugins/rate-limit.js';
import { type EngagementKind, readEngagement, recordEngagement } from './engagement.repository.js';

const DAY_MS = 24 * 60 * 60_000;

export const engagementRoutes: ApiModule = (app, ctx) => {
  // Browsing fast through many places sends a view per opening: generous, but scripts stop.
  const limit = ctx.rateLimit({ bucket: 'engagement', max: 120, windowMs: 60_000 });
  // "Seen once today" per kind, place and network group, in the rate limits' table (swept daily).
  const seen = createWindowCounter(ctx.db);
  for (const kind of ['view', 'click'] as const satisfies EngagementKind[]) {
    app.post(
      `/locations/:id/${kind}`,
      {
        schema: { params: idParamSchema, body: engagementBodySchema, response: { 200: engagementResultSchema } },
        preHandler: limit,
      },
      async (request) => {
        const { id } = request.params;
        const { sessionId } = request.body;
        // The place first: an unknown id leaves no "seen" row behind.
        const current = await readEngagement(ctx.db, id, sessionId);
        if (!current) throw notFound(MSG.locationNotFoundShort);
        const first = (await seen(`engagement:${kind}:${id}:${ctx.clientHash(request)}`, DAY_MS)).count === 1;
        const counts = first ? await recordEngagement(ctx.db, id, sessionId, kind) : current;
        if (!counts) throw notFound(MSG.locationNotFoundShort);
        return { success: true as const, viewCount: counts.viewCount, clickCount: counts.clickCount };
      },
    );
  }
};
