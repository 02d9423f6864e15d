import { sessionBodySchema, visitorTotalSchema, visitRecordedSchema } from '../../../shared/schemas/common.js';
import type { ApiModule } from '../../context.js';
import { countVisitors, recordVisit } from './visitors.repository.js';

export const visitorsRoutes: ApiModule = (app, ctx) => {
  app.get('/visitors/total', { schema: { response: { 200: visitorTotalSchema } } }, async () => ({
    totalVisitors: await countVisitors(ctx.db),
  }));

  app.post(
    '/visitors/record',
    {
      schema: { body: sessionBodySchema, response: { 200: visitRecordedSchema } },
      // A browser records once per session; a generous cap stops scripted inflation.
      preHandler: ctx.rateLimit({ bucket: 'visitors:record', max: 30, windowMs: 60_000 }),
    },
    async (request) => {
      const visitor = await recordVisit(ctx.db, request.body.sessionId);
      return { success: true as const, visitCount: visitor.visitCount };
    },
  );
};
