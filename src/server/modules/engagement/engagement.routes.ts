// POST /api/locations/{id}/view and /api/locations/{id}/click {sessionId} (docs/product.md section 7).
import { idParamSchema } from '../../../shared/schemas/common.js';
import { engagementBodySchema, engagementResultSchema } from '../../../shared/schemas/engagement.js';
import { MSG } from '../../../shared/messages.js';
import type { ApiModule } from '../../context.js';
import { notFound } from '../../http-error.js';
import { type EngagementKind, recordEngagement } from './engagement.repository.js';

export const engagementRoutes: ApiModule = (app, ctx) => {
  // Browsing fast through many places sends a view per opening: generous, but scripts stop.
  const limit = ctx.rateLimit({ bucket: 'engagement', max: 120, windowMs: 60_000 });
  for (const kind of ['view', 'click'] as const satisfies EngagementKind[]) {
    app.post(
      `/locations/:id/${kind}`,
      {
        schema: { params: idParamSchema, body: engagementBodySchema, response: { 200: engagementResultSchema } },
        preHandler: limit,
      },
      async (request) => {
        const counts = await recordEngagement(ctx.db, request.params.id, request.body.sessionId, kind);
        if (!counts) throw notFound(MSG.locationNotFoundShort);
        return { success: true as const, viewCount: counts.viewCount, clickCount: counts.clickCount };
      },
    );
  }
};
