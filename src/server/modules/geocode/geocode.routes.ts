// GET /api/geocode?address=... -> {lat, lng} | 404 'Address not found'; 429 when this client has
// its share waiting (or used its allowance of uncached addresses), 503 when the queue is full, both
// with Retry-After: never "not found" because of someone else's lookups (decision 0711).
import { MSG } from '../../../shared/messages.js';
import { ADDRESS_NOT_FOUND, geocodeQuerySchema, geoPointSchema } from '../../../shared/schemas/geocode.js';
import type { ApiModule } from '../../context.js';
import { HttpError, notFound } from '../../http-error.js';
import { tooManyRequests } from '../../plugins/rate-limit.js';
import type { Located } from './geocoder.js';

export const geocodeRoutes: ApiModule = (app, ctx) => {
  app.get(
    '/geocode',
    {
      schema: { querystring: geocodeQuerySchema, response: { 200: geoPointSchema } },
      // A person types a few addresses a minute; the service behind allows one request a second.
      preHandler: ctx.rateLimit({ bucket: 'geocode', max: 30, windowMs: 60_000 }),
    },
    async (request, reply) => {
      const address = request.query.address;
      const found: Located = ctx.geocoder.locate
        ? await ctx.geocoder.locate(address, { client: ctx.clientHash(request) })
        : { point: await ctx.geocoder.geocode(address), approximate: false };
      if (found.refused === 'client') throw tooManyRequests(found.retryAfterS ?? 1);
      if (!found.point) {
        if (found.refused === 'busy') {
          throw new HttpError(503, MSG.geocoderBusy, undefined, {
            'retry-after': String(found.retryAfterS ?? 1),
            'cache-control': 'no-store',
          });
        }
        throw notFound(ADDRESS_NOT_FOUND);
      }
      // Answers are cached server-side; browsers may keep them for an hour (not a stand-in).
      reply.header('cache-control', found.approximate ? 'no-store' : 'private, max-age=3600');
      return { lat: found.point.lat, lng: found.point.lng };
    },
  );
};
