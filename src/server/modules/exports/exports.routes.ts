// Open data: the whole public directory as CSV and as GeoJSON, streamed page by page.
// GET /api/export/locations.csv, GET /api/export/locations.geojson
import { Readable } from 'node:stream';
import { openingHoursFields } from '../../../shared/opening-hours.js';
import { locationFilterQuerySchema } from '../../../shared/schemas/location.js';
import type { ApiModule } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import type { SearchFilters } from '../locations/locations.search.js';
import { csvRow } from './csv.js';
import { type ExportRow, exportPages } from './exports.repository.js';

export const CSV_COLUMNS = [
  'id',
  'name',
  'category',
  'description',
  'address',
  'latitude',
  'longitude',
  'website',
  'phone',
  'operatingHours',
  'status',
  'deadline',
  'registrationLink',
  'faqLink',
  'tags',
  'slug',
  'url',
  'createdAt',
  'updatedAt',
  // Issue 14, after the older columns so that readers by position keep working.
  'openingHours',
  'openNow',
  'lastVerifiedAt',
] as const;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const exportsRoutes: ApiModule = (app, ctx) => {
  const base = (ctx.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const pageUrl = (slug: string) => `${base}/discover/${encodeURIComponent(slug)}`;
  const limit = ctx.rateLimit({ bucket: 'exports', max: 20, windowMs: 60_000 });

  // One instant per export: its filters and every row's openNow are about the same moment.
  async function* csvChunks(filters: SearchFilters, now: Date) {
    yield csvRow(CSV_COLUMNS);
    for await (const page of exportPages(ctx.db, filters, now)) {
      let chunk = '';
      for (const r of page) {
        chunk += csvRow([
          r.id,
          r.name,
          r.category,
          r.description,
          r.address,
          num(r.latitude),
          num(r.longitude),
          r.website,
          r.phone,
          r.operating_hours,
          r.status,
          r.deadline,
          r.registration_link,
          r.faq_link,
          (r.tags ?? []).join(', '),
          r.slug,
          pageUrl(r.slug),
          r.created_at,
          r.updated_at,
          r.opening_hours,
          openingHoursFields(r.opening_hours, now).openNow,
          r.last_verified_at,
        ]);
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
      },
    };
  };

  async function* geojsonChunks(filters: SearchFilters, now: Date) {
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

  // The list's filters (category, search, tags, radius, openNow, inSeason) narrow an export.
  const options = { schema: { querystring: locationFilterQuerySchema }, preHandler: limit };

  app.get('/export/locations.csv', options, async (request, reply) => {
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="kc-green-directory-locations.csv"')
      .header('cache-control', 'public, max-age=300');
    return reply.send(Readable.from(csvChunks(request.query, clockNow())));
  });

  app.get('/export/locations.geojson', options, async (request, reply) => {
    reply
      .type('application/geo+json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="kc-green-directory-locations.geojson"')
      .header('cache-control', 'public, max-age=300');
    return reply.send(Readable.from(geojsonChunks(request.query, clockNow())));
  });
};
