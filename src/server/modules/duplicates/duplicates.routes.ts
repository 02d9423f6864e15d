// Possible duplicates while a place is being added: it warns, never blocks.
import { z } from 'zod';
import { similarLocationSchema, similarQuerySchema } from '../../../shared/schemas/duplicates.js';
import type { ApiModule } from '../../context.js';
import { findSimilarLocations } from './duplicates.repository.js';

export const duplicatesRoutes: ApiModule = (app, ctx) => {
  // A static path: find-my-way matches it before the parametric /locations/:id.
  app.get(
    '/locations/similar',
    {
      schema: { querystring: similarQuerySchema, response: { 200: z.array(similarLocationSchema) } },
      // Asked as a person types a name (debounced): far fewer than this in a minute.
      preHandler: ctx.readLimit({ bucket: 'locations:similar', max: 120, windowMs: 60_000 }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findSimilarLocations(ctx.db, request.query.name, request.query.address);
    },
  );
};
