import { sessionBodySchema } from '../../../shared/schemas/common.js';
import type { ApiModule } from '../../context.js';
import { countVisitors, recordVisit } from './visitors.repository.js';

export const visitorsRoutes: ApiModule = (app, ctx) => {
  app.get('/visitors/total', async () => ({ totalVisitors: await countVisitors(ctx.db) }));

  app.post(
    '/visitors/record',
    {
      schema: { body: sessionBodySchema },
      // A browser records once per session; a generous cap stops scripted inflation.
      preHandler: ctx.rateLimit({ bucket: 'visitors:record', max: 30, windowMs: 60_000 }),
    },
    async (request) => {
      const visitor = await recordVisit(ctx.db, request.body.sessionId);
      return { success: true, visitCount: visitor.visitCount };
    },
  );
};
