import { sql } from 'drizzle-orm';
import { DEFAULT_RADIUS_MILES } from '../../../shared/constants.js';
import type { PlaceAttributes } from '../../../shared/place-attributes.js';
import type { Db } from '../../db/connect.js';
import { now as clockNow } from '../../lib/clock.js';
import { compileOptions } from '../locations/locations.reads.js';
import { compileSearch, type SearchFilters } from '../locations/locations.search.js';

export interface ExportRow {
  id: number;
  name: string;
  slug: string;
  category: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  operating_hours: string | null;
  status: string;
  deadline: string | null;
  registration_link: string | null;
  faq_link: string | null;
  created_at: string;
  updated_at: string;
  tags: string[] | null;
  opening_hours: string | null;
  last_verified_at: string | null;
  /** The known facts only (decision 0803). */
  attributes: PlaceAttributes;
  source_name: string | null;
  source_ref: string | null;
  source_license: string | null;
  source_published_at: string | null;
  point_approximate: boolean;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** The public directory (hidden places left out), or the places matching the list's filters, in
 * pages of `pageSize`, by id (keyset paging, so a large export never holds everything in memory
 * nor rescans skipped rows). `now` is the one instant the time filters are about. */
export async function* exportPages(
  db: Db,
  filters: SearchFilters = { radius: DEFAULT_RADIUS_MILES },
  now: Date = clockNow(),
  pageSize = 1000,
): AsyncGenerator<ExportRow[]> {
  const s = compileSearch(filters, { ...(await compileOptions(db, filters.search)), now });
  let after = 0;
  for (;;) {
    const result = await db.execute(sql`
      SELECT l.id, l.name, l.slug, l.category, l.description, l.address, l.latitude, l.longitude,
             l.website, l.phone, l.operating_hours, l.status,
             to_char(l.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deadline,
             l.registration_link, l.faq_link,
             to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
             to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
             l.opening_hours, l.attributes,
             to_char((SELECT max(v.at) FROM location_verifications v WHERE v.location_id = l.id) AT TIME ZONE 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_verified_at,
             l.source_name, l.source_ref, l.source_license,
             to_char(l.source_published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS source_published_at,
             l.point_approximate,
             (SELECT array_agg(t.name ORDER BY lower(t.name))
                FROM location_tags lt JOIN tags t ON t.id = lt.tag_id
               WHERE lt.location_id = l.id) AS tags
        FROM locations l
       WHERE ${s.where} AND l.id > ${after}
       ORDER BY l.id
       LIMIT ${pageSize}`);
    const rows = rowsOf<ExportRow>(result);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
