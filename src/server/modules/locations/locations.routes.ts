import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas/common.js';
import { heldEditSchema, type Location, locationSchema } from '../../../shared/schemas/location.js';
import {
  locationListQuerySchema,
  locationPointSchema,
  mapAnswerSchema,
  mapViewQuerySchema,
} from '../../../shared/schemas/location-query.js';
import { locationFormSchemaChecked, locationPatchSchemaChecked } from '../../../shared/schemas/location-hours.js';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LOCATION_LIST_MAX } from '../../../shared/constants.js';
import { locationVersion } from '../../../shared/location-version.js';
import type { ApiModule, AppContext, ZodApp } from '../../context.js';
import { notFound } from '../../http-error.js';
import { MSG } from '../../../shared/messages.js';
import { sessionIdFromRequest } from '../revisions/revisions.repository.js';
import { authorOf } from '../trust/contributor.js';
import { passGate } from '../trust/gate.js';
import { editHoldReasons, newPlaceHoldReasons } from '../trust/hold-rules.js';
import { searchMapJson, searchPointsJson } from './locations.map.js';
import {
  LOCATION_NOT_FOUND,
  getEngagementTotals,
  getLocationById,
  getLocationBySlug,
  ownPendingMatches,
  ownPendingPlaceIds,
  searchLocations,
} from './locations.reads.js';
import { createLocation, holdLocationEdit, proposedFields, snapshotLocation, updateLocation } from './writes/index.js';
import { type CachedAnswer, gzippedBody, searchKey, versionTag } from '../../plugins/search-cache/index.js';

/** Sends a cached JSON answer, gzipped when the client accepts it. */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const zipped = accepts ? await gzippedBody(answer) : null;
  if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
  return reply.send(answer.body);
}

/** If-Match: the version (ETag) an edit started from; optional for API clients (see the route). */
const ifMatchHeaderSchema = z.looseObject({ 'if-match': z.string().max(200).optional() });

const slugParamSchema = z.object({ slug: z.string().trim().min(1, 'slug is required').max(200, 'slug is too long') });

export const locationsRoutes: ApiModule = async (app, ctx) => {
  // Reads are limited per client too, so one script cannot take the server from everyone; sized far
  // above a person browsing and panning the map; counted in memory, see plugins/rate-limit.ts.
  const searchLimit = ctx.readLimit({ bucket: 'locations:search', max: 600, windowMs: 60_000 });
  const placeLimit = ctx.readLimit({ bucket: 'locations:read', max: 600, windowMs: 60_000 });
  registerSearchRoutes(app, ctx, searchLimit);
  registerPlaceReadRoutes(app, ctx, placeLimit);
  registerPlaceWriteRoutes(app, ctx);
};

/** The author's own waiting places, when the request names its session (the app does so only
 * while it has some). */
async function ownPending(ctx: AppContext, request: FastifyRequest) {
  const sessionId = sessionIdFromRequest(request);
  if (!sessionId) return [];
  return ownPendingPlaceIds(ctx.db, { sessionId, clientHash: ctx.clientHash(request) });
}

/** A place only its author may see: personal, never kept by a shared cache. */
async function ownPlace(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, location: Location | null) {
  if (!location || !(await ownPending(ctx, request)).includes(location.id)) return null;
  reply.header('cache-control', 'private, no-store');
  return { ...location, review: 'pending' as const };
}

// Map answers carry no counters, so the data version is a sound ETag: a map that asks again
// after no write gets 304 without a query.
async function sendMapAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  body: () => Promise<string>,
) {
  const cache = ctx.searchCache.current();
  if (!cache) return reply.type('application/json; charset=utf-8').send(await body());
  reply.header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === versionTag(ctx.dataVersion, key)) return reply.status(304).send();
  const answer = await cache.get(key, async () => ({ body: await body() }));
  reply.header('etag', answer.etag);
  return sendAnswer(request, reply, answer);
}

/** The list search, the map's points and the map's view. */
function registerSearchRoutes(app: ZodApp, ctx: AppContext, searchLimit: preHandlerAsyncHookHandler): void {
  app.get(
    '/locations',
    {
      schema: { querystring: locationListQuerySchema, response: { 200: z.array(locationSchema) } },
      preHandler: searchLimit,
    },
    async (request, reply) => {
      // Without a limit, at most LOCATION_LIST_MAX places; X-Total-Count still says how many matched.
      request.query.limit ??= LOCATION_LIST_MAX;
      const mine = request.query.offset ? [] : await ownPending(ctx, request);
      if (mine.length) {
        // The author's own waiting places lead the first page (only they see them).
        const { limit: _l, offset: _o, ...filters } = request.query;
        const own = await ownPendingMatches(ctx.db, mine, filters);
        const { items, total } = await searchLocations(ctx, request.query);
        reply.header('x-total-count', String(total + own.length)).header('cache-control', 'private, no-store');
        return [...own, ...items];
      }
      // Search answers come from the app's cache (plugins/search-cache), emptied after every write.
      const cache = ctx.searchCache.current();
      if (!cache) {
        const { items, total } = await searchLocations(ctx, request.query);
        reply.header('x-total-count', String(total));
        return items;
      }
      const answer = await cache.get(searchKey('list', request.query), async () => {
        const { items, total } = await searchLocations(ctx, request.query);
        return { body: JSON.stringify(items), total };
      });
      reply.header('x-total-count', String(answer.total ?? 0));
      return sendAnswer(request, reply, answer);
    },
  );

  app.get(
    '/locations/points',
    {
      schema: { querystring: locationListQuerySchema, response: { 200: z.array(locationPointSchema) } },
      preHandler: searchLimit,
    },
    async (request, reply) => {
      const { limit: _l, offset: _o, ...filters } = request.query;
      return sendMapAnswer(ctx, request, reply, searchKey('points', filters), () => searchPointsJson(ctx, filters));
    },
  );

  // What the map draws (decision 0203): every point when there are few, else the clusters and
  // points of the part in view.
  app.get(
    '/locations/map',
    { schema: { querystring: mapViewQuerySchema, response: { 200: mapAnswerSchema } }, preHandler: searchLimit },
    async (request, reply) => {
      const { filters, view } = request.query;
      return sendMapAnswer(ctx, request, reply, searchKey('map', filters, view), () =>
        searchMapJson(ctx, filters, view, ctx.env.MAP_POINT_LIMIT),
      );
    },
  );
}

/** A place by its slug or its id; each answers with its version as the ETag, for If-Match on
 * PATCH (no lost updates). */
function registerPlaceReadRoutes(app: ZodApp, ctx: AppContext, placeLimit: preHandlerAsyncHookHandler): void {
  app.get(
    '/locations/slug/:slug',
    { schema: { params: slugParamSchema, response: { 200: locationSchema } }, preHandler: placeLimit },
    async (request, reply) => {
      const location =
        (await getLocationBySlug(ctx.db, request.params.slug)) ??
        (await ownPlace(
          ctx,
          request,
          reply,
          await getLocationBySlug(ctx.db, request.params.slug, { includeHidden: true }),
        ));
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      reply.header('etag', locationVersion(location));
      return location;
    },
  );

  app.get(
    '/locations/:id',
    { schema: { params: idParamSchema, response: { 200: locationSchema } }, preHandler: placeLimit },
    async (request, reply) => {
      const location =
        (await getLocationById(ctx.db, request.params.id)) ??
        (await ownPlace(
          ctx,
          request,
          reply,
          await getLocationById(ctx.db, request.params.id, { includeHidden: true }),
        ));
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      reply.header('etag', locationVersion(location));
      return { ...location, engagement: await getEngagementTotals(ctx.db, location.id) };
    },
  );
}

/** Adding and editing a place: anonymous (docs/product.md section 6), within budgets by trust, and
 * held for review where a rule says so (decisions 0403-0405: modules/trust). */
function registerPlaceWriteRoutes(app: ZodApp, ctx: AppContext): void {
  const deps = { db: ctx.db, geocoder: ctx.geocoder };
  // A new place from a contributor without trust waits for review (answered with review 'pending'):
  // its author sees it, nobody else does until an administrator approves it.
  app.post(
    '/locations',
    { schema: { body: locationFormSchemaChecked, response: { 201: locationSchema } } },
    async (request, reply) => {
      const gate = await passGate(ctx, request, 'places');
      const body = request.body;
      const held = await newPlaceHoldReasons(gate, { name: body.name, tagIds: body.tagIds, website: body.website });
      const location = await createLocation(deps, body, authorOf(gate.contributor), { held });
      return reply.status(201).send(location);
    },
  );

  // An edit goes live unless a rule holds it (202: the public keeps the accepted version). Without
  // If-Match the edit applies to whatever version is current: the app always sends it.
  app.patch(
    '/locations/:id',
    {
      schema: {
        description:
          'Edits a place. Send If-Match with the ETag of the version the edit started from: a place changed ' +
          'since answers 412 and nothing is written. Without If-Match the edit applies to whatever version is ' +
          'current (the last write wins); the app always sends it. An edit a review rule holds answers 202 ' +
          'and waits for an administrator; the place stays as it was.',
        params: idParamSchema,
        body: locationPatchSchemaChecked,
        headers: ifMatchHeaderSchema,
        response: { 200: locationSchema, 202: heldEditSchema },
      },
    },
    async (request, reply) => {
      const gate = await passGate(ctx, request, 'places');
      const id = request.params.id;
      const ifMatch = request.headers['if-match']?.trim() || undefined;
      const author = authorOf(gate.contributor);
      // The author may go on editing their own place while it waits: it stays waiting.
      const own = (await ownPending(ctx, request)).includes(id);
      const before = own ? null : await snapshotLocation(ctx.db, id);
      const reasons = before ? await editHoldReasons(gate, id, before, proposedFields(request.body)) : [];
      if (reasons.length) {
        const changeId = await holdLocationEdit(ctx.db, id, request.body, author, { ifMatch, reasons });
        const location = await getLocationById(ctx.db, id);
        if (!location) throw notFound(LOCATION_NOT_FOUND);
        reply.header('etag', locationVersion(location));
        return reply.status(202).send({ held: true, changeId, message: MSG.changeHeld, location });
      }
      const updated = await updateLocation(deps, id, request.body, author, { ifMatch, includeHidden: own });
      reply.header('etag', locationVersion(updated));
      return own ? { ...updated, review: 'pending' as const } : updated;
    },
  );
}
