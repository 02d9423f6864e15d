// Freshness: administrators' confirmations of a place, kept as a history, and the places due one
// (unconfirmed for VERIFICATION_STALE_MONTHS, oldest first), which include every place whose facts
// are stale (src/shared/facts-age.ts, decision 0804).
import { sql } from 'drizzle-orm';
import { CONFIRMATION_WINDOW_DAYS, VERIFICATION_STALE_MONTHS } from '../../../shared/constants.js';
import type { LocationVerification, NeedsCheckItem } from '../../../shared/schemas/verification.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Records that `actor` confirmed the place now (404 when there is no such place). */
export async function verifyLocation(db: Db, id: number, actor: string, note: string): Promise<LocationVerification> {
  const [row] = rowsOf<{ id: number; location_id: number; verified_by: string; at: unknown; note: string | null }>(
    await db.execute(sql`
      insert into location_verifications (location_id, verified_by, at, note)
      select l.id, ${actor}, ${clockNow().toISOString()}::timestamptz, ${note || null} from locations l
       where l.id = ${id}
      returning id, location_id, verified_by, at, note`),
  );
  if (!row) throw new HttpError(404, 'Location not found');
  return {
    id: Number(row.id),
    locationId: Number(row.location_id),
    verifiedBy: row.verified_by,
    at: iso(row.at),
    note: row.note,
  };
}

/** Places never confirmed, or last confirmed over VERIFICATION_STALE_MONTHS months ago: never
 * confirmed first, then the oldest confirmation first; among equals the oldest facts first (a
 * source without a date, then by the source's date, a visitor's place by when it was added). */
export async function listNeedsCheck(
  db: Db,
  q: { limit: number; offset: number },
): Promise<{ items: NeedsCheckItem[]; total: number }> {
  const cutoff = new Date(clockNow());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - VERIFICATION_STALE_MONTHS);
  // facts_at: facts-age.ts's date (greatest() skips nulls); null for an undated source never checked.
  const stale = sql`
    select c.*, greatest(case when c.source_name is null then c.created_at else c.source_published_at end, c.last)
                  as facts_at
      from (select l.id, l.name, l.slug, l.category, l.hidden, l.created_at, l.source_name, l.source_published_at,
                   (select max(v.at) from location_verifications v where v.location_id = l.id) as last
              from locations l) c`;
  const where = sql`where s.last is null or s.last < ${cutoff.toISOString()}::timestamptz`;
  // Visitors' "Yes, still correct" answers of the window, counted for the page's rows only: a hint
  // for the desk, never a confirmation (docs/product.md, Freshness).
  const since = new Date(clockNow().getTime() - CONFIRMATION_WINDOW_DAYS * 86_400_000);
  const items = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.*, (select count(*)::int from location_confirmations c
                    where c.location_id = s.id and c.at > ${since.toISOString()}::timestamptz) as visitors
        from (${stale}) s ${where}
       order by s.last asc nulls first, s.facts_at asc nulls first, s.created_at asc, s.id asc
       limit ${q.limit} offset ${q.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${stale}) s ${where}`));
  return {
    total: Number(count?.n ?? 0),
    items: items.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      slug: String(r.slug),
      category: String(r.category),
      hidden: Boolean(r.hidden),
      lastVerifiedAt: r.last === null || r.last === undefined ? null : iso(r.last),
      createdAt: iso(r.created_at),
      source: r.source_name
        ? {
            name: String(r.source_name),
            publishedAt:
              r.source_published_at === null || r.source_published_at === undefined ? null : iso(r.source_published_at),
          }
        : null,
      visitorConfirmations: Number(r.visitors ?? 0),
    })),
  };
}
