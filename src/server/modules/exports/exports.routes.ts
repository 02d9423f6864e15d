// Open data: the whole public directory as CSV and as GeoJSON, streamed page by page.
// GET /api/export/locations.csv, GET /api/export/locations.geojson, GET /api/export/locations.hsds.json
import { Readable } from 'node:stream';
import { openingHoursFields } from '../../../shared/opening-hours.js';
import { ATTRIBUTE_CSV_COLUMNS, attributeCsvCell } from '../../../shared/place-attributes-csv.js';
import { locationFilterQuerySchema } from '../../../shared/schemas/location-query.js';
import type { ApiModule } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import type { SearchFilters } from '../locations/locations.search.js';
import { publicOrigin } from '../../pages/page-head.js';
import { readPublicPlaces } from '../feeds/feed-places.js';
import { hsdsService } from '../hsds/hsds-mapping.js';
import { type CsvCell, csvRow } from './csv.js';
import { type ExportRow, exportPages } from './exports.repository.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** What a cell is made of: the row, the address of its place's page and the export's instant. */
type Cell = (r: ExportRow, url: string, now: Date) => CsvCell;

/** The CSV's columns in order, each beside its cell. */
const CSV_FIELDS: readonly (readonly [string, Cell])[] = [
  ['id', (r) => r.id],
  ['name', (r) => r.name],
  ['category', (r) => r.category],
  ['description', (r) => r.description],
  ['address', (r) => r.address],
  ['latitude', (r) => num(r.latitude)],
  ['longitude', (r) => num(r.longitude)],
  ['website', (r) => r.website],
  ['phone', (r) => r.phone],
  ['operatingHours', (r) => r.operating_hours],
  ['status', (r) => r.status],
  ['deadline', (r) => r.deadline],
  ['registrationLink', (r) => r.registration_link],
  ['faqLink', (r) => r.faq_link],
  ['tags', (r) => (r.tags ?? []).join(', ')],
  ['slug', (r) => r.slug],
  ['url', (_r, url) => url],
  ['createdAt', (r) => r.created_at],
  ['updatedAt', (r) => r.updated_at],
  // Hours and freshness come after the older columns so that readers by position keep working.
  ['openingHours', (r) => r.opening_hours],
  ['openNow', (r, _url, now) => openingHoursFields(r.opening_hours, now).openNow],
  ['lastVerifiedAt', (r) => r.last_verified_at],
  // Payments, access, cost, eligibility, languages (decision 0803): yes/no/empty, as the import reads them.
  ...ATTRIBUTE_CSV_COLUMNS.map((c) => [c, (r: ExportRow) => attributeCsvCell(r.attributes, c)] as const),
  // Provenance and approximate points (decision 0804): empty source columns mean a visitor added it.
  ['source_name', (r) => r.source_name],
  ['source_ref', (r) => r.source_ref],
  ['source_license', (r) => r.source_license],
  ['source_published_at', (r) => r.source_published_at],
  ['point_approximate', (r) => r.point_approximate],
];

export const CSV_COLUMNS = CSV_FIELDS.map(([column]) => column);

// What the OpenAPI document says of the files beyond their filters (the attributes: decision 0803).
const CSV_DESCRIPTION = `The public places as CSV, one row each, with the columns ${CSV_COLUMNS.join(', ')}. The attribute columns (${ATTRIBUTE_CSV_COLUMNS.join(', ')}) hold yes, no or nothing (unknown); wheelchair yes, limited or no; eligibility everyone or restricted, with eligibilityNote; languages language codes separated by spaces. The bulk import reads the same columns.`;
const GEOJSON_DESCRIPTION =
  "The public places as a GeoJSON FeatureCollection; each feature's properties hold the place's fields and `attributes`, the known facts as the Location schema's `attributes` (an absent key is unknown).";

export const exportsRoutes: ApiModule = (app, ctx) => {
  const base = (ctx.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const pageUrl = (slug: string) => `${base}/discover/${encodeURIComponent(slug)}`;
  const limit = ctx.rateLimit({ bucket: 'exports', max: 20, windowMs: 60_000 });

  // One instant per export: its filters and every row's openNow are about the same moment.
  async function* csvChunks(filters: SearchFilters, now: Date, _origin: string) {
    yield csvRow(CSV_COLUMNS);
    for await (const page of exportPages(ctx.db, filters, now)) {
      let chunk = '';
      for (const r of page) {
        const url = pageUrl(r.slug);
        chunk += csvRow(CSV_FIELDS.map(([, cell]) => cell(r, url, now)));
      }
      yield chunk;
    }
  }

  const feature = (r: ExportRow, now: Date) => {
    const lat = num(r.latitude);
    const lng = num(r.longitude);
    return {
      type: 'Feature',
      id: r.id,
      geometry: lat === null || lng === null ? null : { type: 'Point', coordinates: [lng, lat] },
      properties: {
        id: r.id,
        name: r.name,
        slug: r.slug,
        url: pageUrl(r.slug),
        category: r.category,
        description: r.description,
        address: r.address,
        website: r.website,
        phone: r.phone,
        operatingHours: r.operating_hours,
        status: r.status,
        deadline: r.deadline,
        registrationLink: r.registration_link,
        faqLink: r.faq_link,
        tags: r.tags ?? [],
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        openingHours: r.opening_hours,
        openNow: openingHoursFields(r.opening_hours, now).openNow,
        lastVerifiedAt: r.last_verified_at,
        attributes: r.attributes ?? {},
        source_name: r.source_name,
        source_ref: r.source_ref,
        source_license: r.source_license,
        source_published_at: r.source_published_at,
        point_approximate: r.point_approximate,
      },
    };
  };

  async function* geojsonChunks(filters: SearchFilters, now: Date, _origin: string) {
    yield '{"type":"FeatureCollection","features":[';
    let first = true;
    for await (const page of exportPages(ctx.db, filters, now)) {
      let chunk = '';
      for (const r of page) {
        chunk += (first ? '\n' : ',\n') + JSON.stringify(feature(r, now));
        first = false;
      }
      yield chunk;
    }
    yield '\n]}\n';
  }

  // An HSDS 3.0 data package (decision 1003): the JSON array of fully nested services that the
  // specification's compiled service_package.json describes, one per public place.
  async function* hsdsChunks(filters: SearchFilters, now: Date, origin: string) {
    yield '[';
    let first = true;
    for await (const page of exportPages(ctx.db, filters, now)) {
      let chunk = '';
      for (const place of await readPublicPlaces(
        ctx.db,
        page.map((r) => r.id),
      )) {
        chunk += (first ? '\n' : ',\n') + JSON.stringify(hsdsService(place, { origin, now }));
        first = false;
      }
      yield chunk;
    }
    yield '\n]\n';
  }

  // The list's filters (category, search, tags, radius, openNow, inSeason, days/from/to, pay, access) narrow an export.
  const formats = [
    { extension: 'csv', type: 'text/csv; charset=utf-8', chunks: csvChunks, description: CSV_DESCRIPTION },
    {
      extension: 'geojson',
      type: 'application/geo+json; charset=utf-8',
      chunks: geojsonChunks,
      description: GEOJSON_DESCRIPTION,
    },
    { extension: 'hsds.json', type: 'application/json; charset=utf-8', chunks: hsdsChunks, description: undefined },
  ];
  for (const { extension, type, chunks, description } of formats) {
    const options = { schema: { querystring: locationFilterQuerySchema, description }, preHandler: limit };
    app.get(`/export/locations.${extension}`, options, async (request, reply) => {
      reply
        .type(type)
        .header('content-disposition', `attachment; filename="kc-green-directory-locations.${extension}"`)
        .header('cache-control', 'public, max-age=300');
      return reply.send(Readable.from(chunks(request.query, clockNow(), publicOrigin(ctx, request))));
    });
  }
};
