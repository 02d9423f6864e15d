import { z } from 'zod';
import type { ApiModule } from '../../context.js';

const clientConfigSchema = z.object({ mapTileUrl: z.string() });

/** GET /api/config: the few settings the browser needs (the map's tile URL template, from
 * MAP_TILE_URL), so one build serves every deployment. Nothing secret belongs here. */
export const configRoutes: ApiModule = (app, ctx) => {
  app.get('/config', { schema: { response: { 200: clientConfigSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { mapTileUrl: ctx.env.MAP_TILE_URL };
  });
};
