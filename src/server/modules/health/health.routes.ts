import { sql } from 'drizzle-orm';
import { healthSchema } from '../../../shared/schemas/common.js';
import type { ApiModule } from '../../context.js';

/** GET /api/health: 200 once the app is up (migrations run before buildApp is called). */
export const healthRoutes: ApiModule = (app, ctx) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: ctx.database.kind };
  });
};
