import { sql } from 'drizzle-orm';
import type { ApiModule } from '../../context.js';

/** GET /api/health: 200 once the app is up (migrations run before buildApp is called). */
export const healthRoutes: ApiModule = (app, ctx) => {
  app.get('/health', async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok', database: ctx.database.kind };
  });
};
