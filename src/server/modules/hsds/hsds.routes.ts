// Open Referral HSDS 3.0 API under /hsds (decision 1003), read-only, public places only: the root,
// services, organizations, services at locations, the taxonomy and its terms, each list paginated
// with HSDS's page object and each record by its UUID. Limited like the rest of the API's reads.
import type { z } from 'zod';
import { LOCATION_CATEGORIES, TAG_CATEGORIES } from '../../../shared/constants.js';
import { hsdsPageSchema, hsdsRecordSchema, hsdsRootSchema } from '../../../shared/schemas/hsds.js';
import type { ApiModule } from '../../context.js';
import { HttpError, notFound } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../plugins/page-head.js';
import { gzippedBody, searchKey } from '../../plugins/search-cache/index.js';
import { readPublicPlaces } from '../feeds/feed-places.js';
import { centroidForAddress } from '../geocode/zip-centroids.js';
import { parseHsdsId } from './hsds-ids.js';
import { paymentOfTerm, paymentTerm } from './hsds-attributes.js';
import {
  allTerms,
  categoryTerm,
  HSDS_VERSION,
  hasLocation,
  hsdsOrganization,
  hsdsOrganizationFull,
  hsdsService,
  hsdsServiceAtLocation,
  hsdsServiceAtLocationSummary,
  hsdsServiceSummary,
  hsdsTaxonomy,
  type MapContext,
  TAXONOMY_ID,
  tagGroupTerm,
  tagTerm,
} from './hsds-mapping.js';
import {
  asRecord,
  HSDS_PER_PAGE_DEFAULT,
  idParams,
  METERS_PER_MILE,
  organizationListQuery,
  page,
  serviceAtLocationQuery,
  serviceListQuery,
  taxonomyListQuery,
  termListQuery,
} from './hsds-query.js';
import { listPlaceIds, type PlaceListQuery, readTag, readTags } from './hsds.repository.js';

const docs = (summary: string, description: string) => ({ tags: ['HSDS (Open Referral)'], summary, description });

export const hsdsRoutes: ApiModule = (app, ctx) => {
  // The same allowances, and the same counters, as the directory's own searches and place reads.
  const listLimit = ctx.readLimit({ bucket: 'locations:search', max: 600, windowMs: 60_000 });
  const recordLimit = ctx.readLimit({ bucket: 'locations:read', max: 600, windowMs: 60_000 });
  const mapContext = (request: Parameters<typeof publicOrigin>[1]): MapContext => ({
    origin: publicOrigin(ctx, request),
    now: clockNow(),
  });

  const placeOf = async (id: string, kind: 'service' | 'organization' | 'service_at_location') => {
    const parsed = parseHsdsId(id);
    const [place] = parsed?.kind === kind ? await readPublicPlaces(ctx.db, [parsed.n]) : [];
    if (!place || (kind === 'service_at_location' && !hasLocation(place))) throw notFound(`No ${kind} with id ${id}`);
    return place;
  };

  /** A list's answer from the search answer cache (decision 0500: emptied by every write, kept
   * 10 s), as the directory's own searches are: a 211 system paging through the same query again
   * costs no query. */
  const cachedList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    make: () => Promise<ReturnType<typeof page>>,
  ): Promise<ReturnType<typeof page> | FastifyReply> => {
    const cache = ctx.searchCache.current();
    if (!cache) return make();
    const key = searchKey(`hsds:${kind}`, { ...(request.query as object), origin: publicOrigin(ctx, request) });
    const answer = await cache.get(key, async () => ({ body: JSON.stringify(await make()) }));
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const zipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? await gzippedBody(answer) : null;
    if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
    return reply.send(answer.body);
  };

  const listOf = async (
    q: z.output<typeof serviceListQuery> & { postcode?: string; proximity?: number },
    withLocation: boolean,
  ) => {
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
    const found = await listPlaceIds(ctx.db, query, clockNow());
    const places = found.places ?? (await readPublicPlaces(ctx.db, found.ids));
    return { places, total: found.total, pageNumber, perPage };
  };

  app.get(
    '/',
    {
      schema: {
        ...docs('This API and its HSDS version', 'The HSDS version, profile and OpenAPI description of this API.'),
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

  app.get(
    '/services',
    {
      schema: {
        ...docs(
          'Services (paginated)',
          'Every public place as a service. search (words, as the directory searches), taxonomy_term_id (a category, a tag category, a tag or a payment taken), taxonomy_id, organization_id, modified_after (ISO 8601), page, per_page (1-100, default 20); full=true for fully nested services.',
        ),
        querystring: serviceListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request, reply) =>
      cachedList(request, reply, 'services', async () => {
        const mc = mapContext(request);
        const { places, total, pageNumber, perPage } = await listOf(request.query, false);
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
        ...docs('A fully nested service', 'One service by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) => asRecord(hsdsService(await placeOf(request.params.id, 'service'), mapContext(request))),
  );

  app.get(
    '/service_at_locations',
    {
      schema: {
        ...docs(
          'Services at locations (paginated)',
          'Every public place with an address or a point, as a service at its location; the filters of /services plus postcode (a ZIP code the address names) and proximity (meters from the centroid of the postcode).',
        ),
        querystring: serviceAtLocationQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request, reply) =>
      cachedList(request, reply, 'service_at_locations', async () => {
        const mc = mapContext(request);
        const { places, total, pageNumber, perPage } = await listOf(request.query, true);
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
        ...docs('A fully nested service at a location', 'One service at a location by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) =>
      asRecord(hsdsServiceAtLocation(await placeOf(request.params.id, 'service_at_location'), mapContext(request))),
  );

  app.get(
    '/organizations',
    {
      schema: {
        ...docs(
          'Organizations (paginated)',
          'Every public place as the organization that offers it; search, page, per_page.',
        ),
        querystring: organizationListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request) => {
      const mc = mapContext(request);
      const { places, total, pageNumber, perPage } = await listOf(request.query, false);
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
        ...docs('A fully nested organization', 'One organization by its UUID, with its location and service.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) =>
      asRecord(hsdsOrganizationFull(await placeOf(request.params.id, 'organization'), mapContext(request))),
  );

  app.get(
    '/taxonomies',
    {
      schema: {
        ...docs('Taxonomies (paginated)', 'The one taxonomy this directory publishes.'),
        querystring: taxonomyListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request) => {
      const perPage = request.query.per_page ?? HSDS_PER_PAGE_DEFAULT;
      const pageNumber = request.query.page ?? 1;
      const words = request.query.search?.trim().toLowerCase();
      const all = [hsdsTaxonomy(publicOrigin(ctx, request))].filter(
        (t) => !words || `${t.name} ${t.description}`.toLowerCase().includes(words),
      );
      return page(all.slice((pageNumber - 1) * perPage, pageNumber * perPage), all.length, pageNumber, perPage);
    },
  );

  app.get(
    '/taxonomies/:id',
    {
      schema: {
        ...docs('A taxonomy', 'The taxonomy by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) => {
      if (request.params.id.toLowerCase() !== TAXONOMY_ID) throw notFound(`No taxonomy with id ${request.params.id}`);
      return asRecord(hsdsTaxonomy(publicOrigin(ctx, request)));
    },
  );

  app.get(
    '/taxonomy_terms',
    {
      schema: {
        ...docs(
          'Taxonomy terms (paginated)',
          "The directory's categories, its tag categories, its tags (each tag under its tag category) and the payments places take; search, taxonomy_id, parent_id, top_only, page, per_page.",
        ),
        querystring: termListQuery,
        response: { 200: hsdsPageSchema },
      },
      preHandler: listLimit,
    },
    async (request) => {
      const q = request.query;
      const perPage = q.per_page ?? HSDS_PER_PAGE_DEFAULT;
      const pageNumber = q.page ?? 1;
      const words = q.search?.trim().toLowerCase();
      let terms = allTerms(publicOrigin(ctx, request), await readTags(ctx.db));
      if (q.taxonomy_id && q.taxonomy_id.toLowerCase() !== TAXONOMY_ID) terms = [];
      if (q.parent_id) terms = terms.filter((t) => t.parent_id === q.parent_id!.toLowerCase());
      // "Top only": the terms no other term has as its parent.
      if (q.top_only) terms = terms.filter((t) => !t.parent_id);
      if (words) terms = terms.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(words));
      return page(terms.slice((pageNumber - 1) * perPage, pageNumber * perPage), terms.length, pageNumber, perPage);
    },
  );

  app.get(
    '/taxonomy_terms/:id',
    {
      schema: {
        ...docs('A taxonomy term', 'One term by its UUID.'),
        params: idParams,
        response: { 200: hsdsRecordSchema },
      },
      preHandler: recordLimit,
    },
    async (request) => {
      const origin = publicOrigin(ctx, request);
      const parsed = parseHsdsId(request.params.id);
      const found =
        parsed?.kind === 'category_term'
          ? categoryTerm(origin, LOCATION_CATEGORIES[parsed.n - 1] ?? '')
          : parsed?.kind === 'tag_group_term'
            ? tagGroupTerm(origin, TAG_CATEGORIES[parsed.n - 1] ?? '')
            : parsed?.kind === 'tag_term'
              ? await readTag(ctx.db, parsed.n).then((t) => (t ? tagTerm(origin, t) : null))
              : parsed?.kind === 'payment_term' && paymentOfTerm(parsed.n)
                ? paymentTerm(origin, paymentOfTerm(parsed.n)!)
                : null;
      if (!found) throw notFound(`No taxonomy term with id ${request.params.id}`);
      return { ...found, taxonomy_detail: hsdsTaxonomy(origin) };
    },
  );
};
