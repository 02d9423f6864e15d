// GET /api/geocode?address=... -> {lat, lng} | 404 {message: 'Address not found'}.
import { ADDRESS_NOT_FOUND, geocodeQuerySchema, geoPointSchema } from '../../../shared/schemas/geocode.js';
import type { ApiModule } from '../../context.js';
import { notFound } from '../../http-error.js';

export const geocodeRoutes: ApiModule = (app, ctx) => {
  app.get(
    '/geocode',
    {
      schema: { querystring: geocodeQuerySchema, response: { 200: geoPointSchema } },
      // A person types a few addresses a minute; the service behind allows one request a second.
      preHandler: ctx.rateLimit({ bucket: 'geocode', max: 30, windowMs: 60_000 }),
    },
    async (request, reply) => {
      const point = await ctx.geocoder.geocode(request.query.address);
      if (!point) throw notFound(ADDRESS_NOT_FOUND);
      // Answers are cached server-side; browsers may keep them for an hour.
      reply.header('cache-control', 'private, max-age=3600');
      return { lat: point.lat, lng: point.lng };
    },
  );
};
