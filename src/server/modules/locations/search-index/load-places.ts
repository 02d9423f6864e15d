// Reads places from the database in the in-process index's shape (sync.ts builds and replays with
// it): the lexemes of each search_vector with their best weight class, tags, open intervals and the
// filters' flags.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { placeFlagsSql } from '../search-filters.js';
import type { IndexedPlace, VectorEntry } from './query.js';

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
// json_agg arrives parsed from node-postgres and as text from the embedded database's thread.
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The weight classes of tsvector's position letters (relevance.ts reads them). */
const WEIGHT_OF_LETTER: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Parses tsvector's text output ("'garden':1A,5C 'green':2A") into its lexemes, each with the best
 * weight class of its positions (one without positions counts as D, as the database's default). */
function parseTsvector(text: string): VectorEntry[] {
  const out: VectorEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`tsvector: expected a quote at ${i}`);
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= n) throw new Error('tsvector: unterminated lexeme');
      const ch = text[i]!;
      if (ch === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (ch === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      lexeme += ch;
      i++;
    }
    let weight = 0;
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
        const letter = text[i];
        if (letter && letter in WEIGHT_OF_LETTER) {
          weight = Math.max(weight, WEIGHT_OF_LETTER[letter]!);
          i++;
        }
        if (text[i] === ',') i++;
      }
    }
    out.push({ lexeme, weight });
  }
  return out;
}

interface LoadedRow {
  id: number;
  slug: string;
  name: string;
  category: string;
  latitude: number | null;
  longitude: number | null;
  point_approximate: boolean;
  hidden: boolean;
  vector: string;
  tag_ids: unknown;
  intervals: unknown;
  flags: number;
  facts_at: string | number | null;
}

/** What the index holds of places, by a condition on `l`. */
export const loadPlaces = (db: Db, where: SQL, tail: SQL = sql``) =>
  rows<LoadedRow>(
    db,
    sql`select l.id, l.slug, l.name, l.category, l.latitude, l.longitude, l.point_approximate, l.hidden, l.search_vector::text as vector,
          ${placeFlagsSql()} as flags, extract(epoch from l.facts_at) * 1000 as facts_at,
          coalesce((select json_agg(lt.tag_id) from location_tags lt where lt.location_id = l.id), '[]'::json) as tag_ids,
          coalesce((select json_agg(json_build_array(extract(epoch from oi.starts_at) * 1000,
                                                     extract(epoch from oi.ends_at) * 1000)
                                       order by oi.starts_at)
                      from location_open_intervals oi where oi.location_id = l.id), '[]'::json) as intervals
        from locations l where ${where} ${tail}`,
  );

export function toPlace(r: LoadedRow, nameKey: number): IndexedPlace {
  const located = r.latitude !== null && r.longitude !== null;
  const [lat, lng] = [Number(r.latitude), Number(r.longitude)];
  const id = Number(r.id);
  return {
    id,
    category: r.category,
    // The map's point, in locations.map.ts's fields and order (`approximate` only when true).
    point: located
      ? JSON.stringify({
          id,
          slug: r.slug,
          name: r.name,
          category: r.category,
          lat,
          lng,
          ...(r.point_approximate ? { approximate: true } : {}),
        })
      : null,
    latitude: located ? lat : 0,
    longitude: located ? lng : 0,
    nameKey,
    vector: parseTsvector(r.vector ?? ''),
    tagIds: json<number[]>(r.tag_ids).map(Number),
    intervals: json<Array<[number, number]>>(r.intervals).flatMap(([a, b]) => [Number(a), Number(b)]),
    flags: Number(r.flags),
    factsAt: r.facts_at === null ? null : Number(r.facts_at),
  };
}
