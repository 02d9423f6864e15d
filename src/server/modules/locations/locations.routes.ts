import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas/common.js';
import {
  locationFormSchema,
  locationListQuerySchema,
  locationPatchSchema,
} from '../../../shared/schemas/location.js';
import type { ApiModule } from '../../context.js';
import { notFound } from '../../http-error.js';
import { authorFromRequest } from '../revisions/revisions.repository.js';
import {
  LOCATION_NOT_FOUND,
  createLocation,
  getEngagementTotals,
  getLocationById,
  getLocationBySlug,
  searchLocations,
  searchPoints,
  updateLocation,
} from './locations.repository.js';

const slugParamSchema = z.object({ slug: z.string().trim().min(1, 'slug is required').max(200, 'slug is too long') });

export const locationsRoutes: ApiModule = (app, ctx) => {
  // Adding and editing are anonymous (SPEC.md section 6). A person adds or fixes a few places a
  // minute at most; these caps only stop scripts.
  const writeLimits = [
    ctx.rateLimit({ bucket: 'locations:write:min', max: 30, windowMs: 60_000 }),
    ctx.rateLimit({ bucket: 'locations:write:hour', max: 300, windowMs: 3_600_000 }),
  ];
  const deps = { db: ctx.db, geocoder: ctx.geocoder };

  app.get('/locations', { schema: { querystring: locationListQuerySchema } }, async (request, reply) => {
    const { items, total } = await searchLocations(ctx.db, request.query);
    reply.header('x-total-count', String(total));
    return items;
  });

  app.get('/locations/points', { schema: { querystring: locationListQuerySchema } }, async (request) => {
    const { limit: _l, offset: _o, ...filters } = request.query;
    return searchPoints(ctx.db, filters);
  });

  app.get('/locations/slug/:slug', { schema: { params: slugParamSchema } }, async (request) => {
    const location = await getLocationBySlug(ctx.db, request.params.slug);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    return location;
  });

  app.get('/locations/:id', { schema: { params: idParamSchema } }, async (request) => {
    const location = await getLocationById(ctx.db, request.params.id);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    return { ...location, engagement: await getEngagementTotals(ctx.db, location.id) };
  });

  app.post('/locations', { schema: { body: locationFormSchema }, preHandler: writeLimits }, async (request, reply) => {
    const location = await createLocation(deps, request.body, authorFromRequest(request, ctx.clientHash));
    return reply.status(201).send(location);
  });

  app.patch(
    '/locations/:id',
    { schema: { params: idParamSchema, body: locationPatchSchema }, preHandler: writeLimits },
    async (request) => updateLocation(deps, request.params.id, request.body, authorFromRequest(request, ctx.clientHash)),
  );
};
