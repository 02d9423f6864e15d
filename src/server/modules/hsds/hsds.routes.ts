// Open Referral HSDS 3.0 API under /hsds (decision 1003), read-only, public places only: the root,
// services, organizations, services at locations, the taxonomy and its terms, each list paginated
// with HSDS's page object and each record by its UUID. Limited like the rest of the API's reads.
import type { z } from 'zod';
import { hsdsPageSchema, hsdsRecordSchema, hsdsRootSchema } from '../../../shared/schemas/hsds.js';
import type { ApiModule, AppContext, ZodApp } from '../../context.js';
import { HttpError, notFound } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../pages/page-head.js';
import { gzippedBody, searchKey } from '../../plugins/search-cache/index.js';
import { readPublicPlaces } from '../feeds/feed-places.js';
import { centroidForAddress } from '../geocode/zip-centroids.js';
import { parseHsdsId } from './hsds-ids.js';
import {
  HSDS_VERSION,
  hasLocation,
  hsdsOrganization,
  hsdsOrganizationFull,
  hsdsService,
  hsdsServiceAtLocation,
  hsdsServiceAtLocationSummary,
  hsdsServiceSummary,
  type MapContext,
} from './hsds-mapping.js';
import {
  asRecord,
  hsdsDocs,
  HSDS_PER_PAGE_DEFAULT,
  type HsdsLimits,
  idParams,
  METERS_PER_MILE,
  organizationListQuery,
  page,
  serviceAtLocationQuery,
  serviceListQuery,
} from './hsds-query.js';
import { registerTaxonomyRoutes } from './hsds-taxonomy.routes.js';
import { listPlaceIds, type PlaceListQuery } from './hsds.repository.js';

type PlaceKind = 'service' | 'organization' | 'service_at_location';

export const hsdsRoutes: ApiModule = (app, ctx) => {
  // The same allowances, and the same counters, as the directory's own searches and place reads.
  const limits: HsdsLimits = {
    listLimit: ctx.readLimit({ bucket: 'locations:search', max: 600, windowMs: 60_000 }),
    recordLimit: ctx.readLimit({ bucket: 'locations:read', max: 600, windowMs: 60_000 }),
  };
  registerRootRoute(app, ctx);
  registerServiceRoutes(app, ctx, limits);
  registerOrganizationRoutes(app, ctx, limits);
  registerTaxonomyRoutes(app, ctx, limits);
};

function mapContext(ctx: AppContext, request: Parameters<typeof publicOrigin>[1]): MapContext {
  return { origin: publicOrigin(ctx, request), now: clockNow() };
}

async function placeOf(ctx: AppContext, id: string, kind: PlaceKind) {
  const parsed = parseHsdsId(id);
  const [place] = parsed?.kind === kind ? await readPublicPlaces(ctx.db, [parsed.n]) : [];
  if (!place || (kind === 'service_at_location' && !hasLocation(place))) throw notFound(`No ${kind} with id ${id}`);
  return place;
}

/** A list's answer from the search answer cache (decision 0500: emptied by every write, kept
 * 10 s), as the directory's own searches are: a 211 system paging through the same query again
 * costs no query. */
async function cachedList(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  make: () => Promise<ReturnType<typeof page>>,
): Promise<ReturnType<typeof page> | FastifyReply> {
  const cache = ctx.searchCache.current();
  if (!cache) return make();
  const key = searchKey(`hsds:${kind}`, { ...(request.query as object), origin: publicOrigin(ctx, request) });
  const answer = await cache.get(key, async () => ({ body: JSON.stringify(await make()) }));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const zipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? await gzippedBody(answer) : null;
  if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
  return reply.send(answer.body);
}

async function listOf(
  ctx: AppContext,
  q: z.output<typeof serviceListQuery> & { postcode?: string; proximity?: number },
  withLocation: boolean,
) {
  const perPage = q.per_page ?? HSDS_PER_PAGE_DEFAULT;
  const pageNumber = q.page ?? 1;
  const query: PlaceListQuery = {
    search: q.search?.trim() || undefined,
    taxonomyTermId: q.taxonomy_term_id,
    taxonomyId: q.taxonomy_id,
    organizationId: q.organization_id,
    modifiedAfter: q.modified_after ? new Date(q.modified_after) : undefined,
    withLocation,
    offset: (pageNumber - 1) * perPage,
    limit: perPage,
  };
  if (q.proximity !== undefined && !q.postcode) {
    throw new HttpError(400, 'proximity needs a postcode', { proximity: 'proximity needs a postcode' });
  }
  if (q.postcode) {
    if (q.proximity === undefined) query.postcode = q.postcode;
    else {
      const centroid = centroidForAddress(q.postcode);
      if (!centroid) {
        const message = 'postcode is not a ZIP code of the Kansas City area';
        throw new HttpError(400, message, { postcode: message });
      }
      query.near = { lat: centroid.lat, lng: centroid.lng, radius: q.proximity / METERS_PER_MILE };
    }
  }
  const found = await listPlaceIds(ctx, query, clockNow());
  const places = found.places ?? (await readPublicPlaces(ctx.db, found.ids));
  return { places, total: found.total, pageNumber, perPage };
}

/** The root: the HSDS version and where this API's description is. */
function registerRootRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/',
    {
      schema: {
        ...hsdsDocs('This API and its HSDS version', 'The HSDS version, profile and OpenAPI description of this API.'),
        response: { 200: hsdsRootSchema },
      },
    },
    async (request) => {
      const origin = publicOrigin(ctx, request);
      return {
        version: HSDS_VERSION,
        // No profile of our own: the base specification of this version.
        profile: 'https://docs.openreferral.org/en/v3.0/',
        openapi_url: `${origin}/api/docs/json`,
      };
    },
  );
}

/** Services and services at locations: the lists and each record. */
function registerServiceRoutes(app: ZodApp, ctx: AppContext, { listLimit, recordLimit }: HsdsLimits): void {
  app.get(
    '/services',
    {
      schema: {
        ...hsdsDocs(
          'Services (paginated)',
          'Every public place as a service. search (words, as the directory searches), taxonomy_term_id (a category, a tag category, a tag or a payment taken), taxonomy_id, organization_id, modified_after (ISO 8601), page, per_page (1-100, default 20); full=true for fully nested services.',
        ),
        querystring: serviceListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request, reply) =>
      cachedList(ctx, request, reply, 'services', async () => {
        const mc = mapContext(ctx, request);
        const { places, total, pageNumber, perPage } = await listOf(ctx, request.query, false);
        const map = request.query.full ? hsdsService : hsdsServiceSummary;
        return page(
          places.map((p) => map(p, mc)),
          total,
          pageNumber,
          perPage,
        );
      }),
  );

  app.get(
    '/services/:id',
    {
      schema: {
        ...hsdsDocs('A fully nested service', 'One service by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) =>
      asRecord(hsdsService(await placeOf(ctx, request.params.id, 'service'), mapContext(ctx, request))),
  );

  app.get(
    '/service_at_locations',
    {
      schema: {
        ...hsdsDocs(
          'Services at locations (paginated)',
          'Every public place with an address or a point, as a service at its location; the filters of /services plus postcode (a ZIP code the address names) and proximity (meters from the centroid of the postcode).',
        ),
        querystring: serviceAtLocationQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request, reply) =>
      cachedList(ctx, request, reply, 'service_at_locations', async () => {
        const mc = mapContext(ctx, request);
        const { places, total, pageNumber, perPage } = await listOf(ctx, request.query, true);
        const map = request.query.full ? hsdsServiceAtLocation : hsdsServiceAtLocationSummary;
        return page(
          places.map((p) => map(p, mc)),
          total,
          pageNumber,
          perPage,
        );
      }),
  );

  app.get(
    '/service_at_locations/:id',
    {
      schema: {
        ...hsdsDocs('A fully nested service at a location', 'One service at a location by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) =>
      asRecord(
        hsdsServiceAtLocation(await placeOf(ctx, request.params.id, 'service_at_location'), mapContext(ctx, request)),
      ),
  );
}

/** Organizations: the list and each record. */
function registerOrganizationRoutes(app: ZodApp, ctx: AppContext, { listLimit, recordLimit }: HsdsLimits): void {
  app.get(
    '/organizations',
    {
      schema: {
        ...hsdsDocs(
          'Organizations (paginated)',
          'Every public place as the organization that offers it; search, page, per_page.',
        ),
        querystring: organizationListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request) => {
      const mc = mapContext(ctx, request);
      const { places, total, pageNumber, perPage } = await listOf(ctx, request.query, false);
      const full = request.query.full || request.query.full_service;
      return page(
        places.map((p) => (full ? hsdsOrganizationFull(p, mc) : hsdsOrganization(p, mc))),
        total,
        pageNumber,
        perPage,
      );
    },
  );

  app.get(
    '/organizations/:id',
    {
      schema: {
        ...hsdsDocs('A fully nested organization', 'One organization by its UUID, with its location and service.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) =>
      asRecord(hsdsOrganizationFull(await placeOf(ctx, request.params.id, 'organization'), mapContext(ctx, request))),
  );
}
