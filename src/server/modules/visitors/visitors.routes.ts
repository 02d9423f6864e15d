import { sessionBodySchema, visitorTotalSchema, visitRecordedSchema } from '../../../shared/schemas/common.js';
import type { ApiModule } from '../../context.js';
import { createWindowCounter } from '../../plugins/rate-limit.js';
import { countVisitors, recordVisit } from './visitors.repository.js';

const DAY_MS = 24 * 60 * 60_000;

// The total counts browser sessions, but a network group (ctx.clientHash) adds at most one a day,
// whatever session ids it sends (decision 0712).
export const visitorsRoutes: ApiModule = (app, ctx) => {
  const newToday = createWindowCounter(ctx.db);
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
      const visitor = await recordVisit(
        ctx.db,
        request.body.sessionId,
        async () => (await newToday(`visitors:new:${ctx.clientHash(request)}`, DAY_MS)).count === 1,
      );
      return { success: true as const, visitCount: visitor.visitCount };
    },
  );
};
