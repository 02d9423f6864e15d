// POST /api/admin/bulk-import: one CSV file in the multipart field csvFile -> {success, errors}.
// Registered inside the admin scope (session required); multipart only in this route's scope.
import multipart from '@fastify/multipart';
import { MSG } from '../../../shared/messages.js';
import { type BulkImportResult, bulkImportResultSchema } from '../../../shared/schemas/admin.js';
import type { AppContext, ZodApp } from '../../context.js';
import { HttpError } from '../../http-error.js';
import { adminOf } from '../admin/admin-auth.js';
import { inArray } from 'drizzle-orm';
import { geocodeCache } from '../../db/schema.js';
import { type GeoPoint, normaliseGeocodeQuery } from '../geocode/geocoder.js';
import { parseImportCsv } from './bulk-import.csv.js';
import { importLocations } from '../locations/writes/index.js';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Geocoding stops after this long; the remaining rows are saved without coordinates (a cold
 * public geocoder answers one address a second, so a large import must not wait on it). */
const GEOCODE_BUDGET_MS = 20_000;

/** Browsers label CSV files differently: text/csv, Excel's type on Windows, or none at all. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);
function isCsvUpload(mimetype: string, filename: string): boolean {
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  if (CSV_TYPES.has(type)) return true;
  return /\.csv$/i.test(filename) && (type === '' || type === 'application/octet-stream' || type === 'text/plain');
}

async function geocodeAll(
  ctx: AppContext,
  addresses: string[],
  budgetMs = GEOCODE_BUDGET_MS,
): Promise<Map<string, GeoPoint | null>> {
  const points = new Map<string, GeoPoint | null>();
  // One query per 500 addresses for what the geocoder already knows; the geocoder is asked only
  // for the rest (it caches its answers in the same table).
  const byKey = new Map<string, string[]>();
  for (const a of new Set(addresses)) {
    const key = normaliseGeocodeQuery(a);
    byKey.set(key, [...(byKey.get(key) ?? []), a]);
  }
  const keys = [...byKey.keys()];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await ctx.db
      .select({ query: geocodeCache.query, lat: geocodeCache.latitude, lng: geocodeCache.longitude })
      .from(geocodeCache)
      .where(inArray(geocodeCache.query, keys.slice(i, i + 500)));
    for (const r of rows) {
      const point = r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null;
      for (const a of byKey.get(r.query) ?? []) points.set(a, point);
    }
  }
  const unique = [...new Set(addresses)].filter((a) => !points.has(a));
  const deadline = Date.now() + budgetMs;
  let next = 0;
  const worker = async () => {
    while (next < unique.length && Date.now() < deadline) {
      const address = unique[next++] as string;
      try {
        points.set(address, await ctx.geocoder.geocode(address));
      } catch {
        points.set(address, null);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return points;
}

export async function bulkImportRoutes(app: ZodApp, ctx: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6, fieldNameSize: 100, headerPairs: 100 },
    });

    /** A body that is not valid multipart (no boundary, cut short) is the sender's fault: 400, not
     * 500. Errors the plugin already gives a status (file too large: 413) keep it. */
    const malformed = (err: unknown): never => {
      const status = (err as { statusCode?: unknown })?.statusCode;
      if (typeof status === 'number' && status < 500) throw err;
      throw new HttpError(400, 'The upload is not a valid multipart/form-data body');
    };

    scope.post(
      '/bulk-import',
      { schema: { response: { 200: bulkImportResultSchema } } },
      async (request): Promise<BulkImportResult> => {
        const admin = adminOf(request);
        if (!request.isMultipart())
          throw new HttpError(415, 'Send the file as multipart/form-data in the field csvFile');
        const file = await request.file().catch(malformed);
        if (file?.fieldname !== 'csvFile')
          throw new HttpError(400, MSG.invalidFileText, { csvFile: MSG.invalidFileText });
        if (!isCsvUpload(file.mimetype, file.filename)) {
          file.file.resume();
          throw new HttpError(415, MSG.invalidFileText, { csvFile: MSG.invalidFileText });
        }
        const buf = await file.toBuffer().catch(malformed);
        const { rows, errors } = parseImportCsv(buf);
        // Outside the transaction: network calls must not hold database locks.
        const t0 = performance.now();
        const points = await geocodeAll(
          ctx,
          rows.map((r) => r.address),
        );
        const t1 = performance.now();
        const success = await importLocations(ctx.db, rows, points, admin.username);
        request.log.info(
          {
            success,
            errors: errors.length,
            admin: admin.username,
            geocodeMs: Math.round(t1 - t0),
            writeMs: Math.round(performance.now() - t1),
          },
          'bulk import',
        );
        return { success, errors };
      },
    );
  });
}
