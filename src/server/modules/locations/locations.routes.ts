import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas/common.js';
import {
  locationListQuerySchema,
  locationPointSchema,
  locationSchema,
  mapAnswerSchema,
  mapViewQuerySchema,
} from '../../../shared/schemas/location.js';
import { locationFormSchemaChecked, locationPatchSchemaChecked } from '../../../shared/schemas/location-hours.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCATION_LIST_MAX } from '../../../shared/constants.js';
import { locationVersion } from '../../../shared/location-version.js';
import type { ApiModule } from '../../context.js';
import { notFound } from '../../http-error.js';
import { authorFromRequest } from '../revisions/revisions.repository.js';
import { searchMapJson, searchPointsJson } from './locations.map.js';
import {
  LOCATION_NOT_FOUND,
  getEngagementTotals,
  getLocationById,
  getLocationBySlug,
  searchLocations,
} from './locations.reads.js';
import { schedulePruneSearchChanges } from './search-index/sync.js';
import { createLocation, scheduleGeocodeLater, scheduleOpenIntervalRefresh, updateLocation } from './writes/index.js';
import { type CachedAnswer, gzippedBody, searchKey, versionTag } from '../../plugins/search-cache/index.js';

/** Sends a cached JSON answer, gzipped when the client accepts it. */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const zipped = accepts ? await gzippedBody(answer) : null;
  if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
  return reply.send(answer.body);
}

const slugParamSchema = z.object({ slug: z.string().trim().min(1, 'slug is required').max(200, 'slug is too long') });

export const locationsRoutes: ApiModule = async (app, ctx) => {
  // Adding and editing are anonymous (docs/product.md section 6). A person adds or fixes a few places a
  // minute at most; these caps only stop scripts.
  const writeLimits = [
    // Per person, and per address for a mapping event of about twenty (issue 13, finding 14).
    ctx.rateLimit({ bucket: 'locations:write:min', max: 30, addressMax: 120, windowMs: 60_000 }),
    ctx.rateLimit({ bucket: 'locations:write:hour', max: 300, addressMax: 1_500, windowMs: 3_600_000 }),
  ];
  const deps = { db: ctx.db, geocoder: ctx.geocoder };

  // The open intervals behind the openNow and inSeason filters move ahead daily; every process
  // checks hourly (decision 0801), the start hook in startup.ts did the first check.
  const stopRefresh = scheduleOpenIntervalRefresh(ctx.db, app.log);
  app.addHook('onClose', async () => stopRefresh());
  // The search index's change log keeps an hour (decision 0504).
  const stopPrune = schedulePruneSearchChanges(ctx.db, app.log);
  app.addHook('onClose', async () => stopPrune());
  // Places saved with a stand-in point while the geocoder was busy are asked again (finding 9).
  const stopGeocodeLater = scheduleGeocodeLater(ctx.db, ctx.geocoder, app.log);
  app.addHook('onClose', async () => stopGeocodeLater());

  // Search answers come from the app's cache (plugins/search-cache), emptied after every write.
  const cacheNow = () => ctx.searchCache.current();

  // Reads are limited per client too, sized far above a person browsing and panning the map
  // (issue 13, finding 4); counted in memory, see plugins/rate-limit.ts.
  const searchLimit = ctx.readLimit({ bucket: 'locations:search', max: 600, windowMs: 60_000 });
  const placeLimit = ctx.readLimit({ bucket: 'locations:read', max: 600, windowMs: 60_000 });

  app.get(
    '/locations',
    {
      schema: { querystring: locationListQuerySchema, response: { 200: z.array(locationSchema) } },
      preHandler: searchLimit,
    },
    async (request, reply) => {
      // Without a limit, at most LOCATION_LIST_MAX places; X-Total-Count still says how many matched.
      request.query.limit ??= LOCATION_LIST_MAX;
      const cache = cacheNow();
      if (!cache) {
        const { items, total } = await searchLocations(ctx.db, request.query);
        reply.header('x-total-count', String(total));
        return items;
      }
      const answer = await cache.get(searchKey('list', request.query), async () => {
        const { items, total } = await searchLocations(ctx.db, request.query);
        return { body: JSON.stringify(items), total };
      });
      reply.header('x-total-count', String(answer.total ?? 0));
      return sendAnswer(request, reply, answer);
    },
  );

  // Map answers carry no counters, so the data version is a sound ETag: a map that asks again
  // after no write gets 304 without a query.
  const sendMapAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    body: () => Promise<string>,
  ) => {
    const cache = cacheNow();
    if (!cache) return reply.type('application/json; charset=utf-8').send(await body());
    reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === versionTag(key)) return reply.status(304).send();
    const answer = await cache.get(key, async () => ({ body: await body() }));
    reply.header('etag', answer.etag);
    return sendAnswer(request, reply, answer);
  };

  app.get(
    '/locations/points',
    {
      schema: { querystring: locationListQuerySchema, response: { 200: z.array(locationPointSchema) } },
      preHandler: searchLimit,
    },
    async (request, reply) => {
      const { limit: _l, offset: _o, ...filters } = request.query;
      return sendMapAnswer(request, reply, searchKey('points', filters), () => searchPointsJson(ctx.db, filters));
    },
  );

  // What the map draws (decision 0203): every point when there are few, else the clusters and
  // points of the part in view.
  app.get(
    '/locations/map',
    { schema: { querystring: mapViewQuerySchema, response: { 200: mapAnswerSchema } }, preHandler: searchLimit },
    async (request, reply) => {
      const { filters, view } = request.query;
      return sendMapAnswer(request, reply, searchKey('map', filters, view), () =>
        searchMapJson(ctx.db, filters, view, ctx.env.MAP_POINT_LIMIT),
      );
    },
  );

  // Each place answers with its version as the ETag, for If-Match on PATCH (no lost updates).
  app.get(
    '/locations/slug/:slug',
    { schema: { params: slugParamSchema, response: { 200: locationSchema } }, preHandler: placeLimit },
    async (request, reply) => {
      const location = await getLocationBySlug(ctx.db, request.params.slug);
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      reply.header('etag', locationVersion(location));
      return location;
    },
  );

  app.get(
    '/locations/:id',
    { schema: { params: idParamSchema, response: { 200: locationSchema } }, preHandler: placeLimit },
    async (request, reply) => {
      const location = await getLocationById(ctx.db, request.params.id);
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      reply.header('etag', locationVersion(location));
      return { ...location, engagement: await getEngagementTotals(ctx.db, location.id) };
    },
  );

  app.post(
    '/locations',
    { schema: { body: locationFormSchemaChecked, response: { 201: locationSchema } }, preHandler: writeLimits },
    async (request, reply) => {
      const location = await createLocation(deps, request.body, authorFromRequest(request, ctx.clientHash));
      return reply.status(201).send(location);
    },
  );

  app.patch(
    '/locations/:id',
    {
      schema: { params: idParamSchema, body: locationPatchSchemaChecked, response: { 200: locationSchema } },
      preHandler: writeLimits,
    },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const updated = await updateLocation(
        deps,
        request.params.id,
        request.body,
        authorFromRequest(request, ctx.clientHash),
        { ifMatch: typeof ifMatch === 'string' ? ifMatch.trim() : undefined },
      );
      reply.header('etag', locationVersion(updated));
      return updated;
    },
  );
};
