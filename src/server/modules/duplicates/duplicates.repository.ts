import { sql } from 'drizzle-orm';
import {
  normaliseAddress,
  SIMILAR_LIMIT,
  SIMILAR_NAME_THRESHOLD,
  type SimilarLocation,
} from '../../../shared/schemas/duplicates.js';
import type { Db } from '../../db/connect.js';

interface Row extends SimilarLocation {
  score: number;
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

const toRow = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  slug: String(r.slug),
  name: String(r.name),
  address: r.address == null ? null : String(r.address),
  category: String(r.category),
  score: Number(r.score ?? 0),
});

/** Places that look like the one being added: a very similar name (pg_trgm on lower(name); the
 * `%` operator lets the trigram index pick candidates, the similarity bound then tightens it) or
 * the same address once case, spaces and punctuation are ignored. Hidden places are left out.
 * Same-address matches come first, then by name similarity. */
export async function findSimilarLocations(db: Db, name: string, address: string): Promise<SimilarLocation[]> {
  const n = name.trim().toLowerCase();
  const a = normaliseAddress(address);
  const found = new Map<number, Row & { sameAddress: boolean }>();

  if (n.length >= 3) {
    const res = await db.execute(sql`
      select id, slug, name, address, category, similarity(lower(name), ${n}) as score
      from locations
      where hidden = false
        and lower(name) % ${n}
        and similarity(lower(name), ${n}) > ${SIMILAR_NAME_THRESHOLD}
      order by score desc, id
      limit ${SIMILAR_LIMIT}`);
    for (const r of rowsOf(res)) {
      const row = toRow(r);
      found.set(row.id, { ...row, sameAddress: false });
    }
  }

  // Short fragments ('12', 'ks') would match half the city: only a real-looking address counts.
  if (a.length >= 6 && /\d/.test(a) && /[a-z]/.test(a)) {
    // A sequential scan over addresses; fine for a debounced call while someone types. An
    // expression index on the normalised address is the next step if the directory grows large.
    const res = await db.execute(sql`
      select id, slug, name, address, category, 1.0 as score
      from locations
      where hidden = false
        and address is not null
        and trim(regexp_replace(lower(address), '[^a-z0-9]+', ' ', 'g')) = ${a}
      order by id
      limit ${SIMILAR_LIMIT}`);
    for (const r of rowsOf(res)) {
      const row = toRow(r);
      const prev = found.get(row.id);
      found.set(row.id, { ...(prev ?? row), sameAddress: true });
    }
  }

  return [...found.values()]
    .sort((x, y) => Number(y.sameAddress) - Number(x.sameAddress) || y.score - x.score || x.id - y.id)
    .slice(0, SIMILAR_LIMIT)
    .map(({ id, slug, name: nm, address: ad, category }) => ({ id, slug, name: nm, address: ad, category }));
}
