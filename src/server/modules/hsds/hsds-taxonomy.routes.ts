// The HSDS taxonomy under /hsds (decision 1003): the one taxonomy this directory publishes and its
// terms (categories, tag categories, tags, payments), each list paginated and each record by its UUID.
import { LOCATION_CATEGORIES, TAG_CATEGORIES } from '../../../shared/constants.js';
import { hsdsPageSchema, hsdsRecordSchema } from '../../../shared/schemas/hsds.js';
import type { AppContext, ZodApp } from '../../context.js';
import { notFound } from '../../http-error.js';
import { publicOrigin } from '../../pages/page-head.js';
import { parseHsdsId } from './hsds-ids.js';
import { paymentOfTerm, paymentTerm } from './hsds-attributes.js';
import { allTerms, categoryTerm, hsdsTaxonomy, TAXONOMY_ID, tagGroupTerm, tagTerm } from './hsds-mapping.js';
import {
  asRecord,
  hsdsDocs,
  HSDS_PER_PAGE_DEFAULT,
  type HsdsLimits,
  idParams,
  page,
  taxonomyListQuery,
  termListQuery,
} from './hsds-query.js';
import { readTag, readTags } from './hsds.repository.js';

/** The taxonomy and its terms: the lists and each record. */
export function registerTaxonomyRoutes(app: ZodApp, ctx: AppContext, { listLimit, recordLimit }: HsdsLimits): void {
  app.get(
    '/taxonomies',
    {
      schema: {
        ...hsdsDocs('Taxonomies (paginated)', 'The one taxonomy this directory publishes.'),
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
        ...hsdsDocs('A taxonomy', 'The taxonomy by its UUID.'),
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
        ...hsdsDocs(
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
        ...hsdsDocs('A taxonomy term', 'One term by its UUID.'),
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
}
