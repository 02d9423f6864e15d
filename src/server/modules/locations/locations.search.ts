// The search in SQL (decisions 0100, 0501): the filters' conditions from search-filters.ts, the
// text and the rank here; user text only as bound params. The in-process index (search-index/,
// decisions 0504, 0513) must find exactly what this finds (search-index.equivalence.test.ts).
import { type SQL, sql } from 'drizzle-orm';
import { factsStaleBefore } from '../../../shared/facts-age.js';
import { now as clockNow } from '../../lib/clock.js';
import { distanceFrom, filterConditions, type SearchFilters } from './search-filters.js';
import { isPublicPlace } from './visibility.js';

export type { SearchFilters };
export { boundingBox } from './search-index/geo.js';
export { distanceFrom };

/** At most this many words of a search become query terms (a sentence is not a query). */
const MAX_SEARCH_WORDS = 8;
/** Shorter searches skip the trigram (typo) match: two letters match nearly everything. */
export const MIN_TRIGRAM_LENGTH = 3;

/** Whether `l`'s facts are stale at `now` (decision 0805): a facts date before the cutoff, or an
 * unknown one (null). The same test as the index's and src/shared/facts-age.ts's. */
function staleFacts(now: Date, alias = 'l'): SQL {
  return sql`(${sql.raw(alias)}.facts_at >= ${factsStaleBefore(now).toISOString()}::timestamptz) is not true`;
}

export interface TextQuery {
  /** The search words: lower case, letters and digits only (so no tsquery operator survives). */
  words: string[];
  /** to_tsquery input matching any word as a prefix ('a:* | b:*'), for ranking. */
  anyPrefix: string;
  /** The words joined by single spaces (for trigram similarity with the name). */
  plain: string;
}

/** Turns what a person typed into safe words; null when it holds none. */
export function buildTextQuery(search: string | undefined): TextQuery | null {
  if (!search) return null;
  const all = (
    search
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_SEARCH_WORDS);
  if (all.length === 0) return null;
  // One-letter fragments ("Ben's" -> "ben", "s") would match half the directory as prefixes.
  const long = all.filter((w) => w.length > 1);
  const words = [...new Set(long.length ? long : all)];
  return { words, anyPrefix: words.map((w) => `${w}:*`).join(' | '), plain: all.join(' ') };
}

export interface CompiledSearch {
  where: SQL;
  /** Relevance (0 without a text search). */
  rank: SQL;
  /** Miles from the point, or null without one. */
  distance: SQL;
  /** Whether the place's facts are stale: after the rank and distance, stale places come last. */
  stale: SQL;
  hasText: boolean;
  hasPoint: boolean;
}

/** The query finding which search words match no place at all by full text (the typo candidates). */
export function typoCandidatesQuery(text: TextQuery): SQL | null {
  const words = text.words.filter((w) => w.length >= MIN_TRIGRAM_LENGTH);
  if (!words.length) return null;
  return sql`select w.word from unnest(array[${sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  )}]) as w(word)
   where not exists (select 1 from locations l
                      where not l.hidden and l.search_vector @@ to_tsquery('english', w.word || ':*'))`;
}

export interface CompileOptions {
  /** Words that may match by trigram similarity (typos). Without it every word of 3+ letters may:
   * the repository passes only the words that match nothing by full text, so a common word
   * ('garden') is not also compared by trigram with every name that lacks it. */
  typoWords?: ReadonlySet<string>;
  /** The instant "open now" and "in season" are about (default: the server's clock). */
  now?: Date;
  /** Search only these places, public or not (an author's own places waiting for review). */
  onlyIds?: number[];
}

/** The WHERE clause and ranking expressions of a search over `locations l`. */
export function compileSearch(f: SearchFilters, opts: CompileOptions = {}): CompiledSearch {
  const conds: SQL[] = [
    opts.onlyIds
      ? sql`l.id in (${sql.join(
          opts.onlyIds.length ? opts.onlyIds.map((id) => sql`${id}::int`) : [sql`null`],
          sql`, `,
        )})`
      : isPublicPlace(),
  ];
  const now = opts.now ?? clockNow();
  conds.push(...filterConditions(f, now));
  const hasPoint = f.lat !== undefined && f.lng !== undefined;
  const distance = hasPoint ? distanceFrom(f.lat!, f.lng!) : sql`null::double precision`;

  let rank: SQL = sql`0::real`;
  const text = buildTextQuery(f.search);
  if (text) {
    // Every word must match: as a prefix of a lexeme of the weighted vector (name, tags,
    // description, address), or, for typos, by trigram word similarity with the name (`<%`:
    // pg_trgm.word_similarity_threshold, default 0.6; 'brokside' ~ 'brookside' is about 0.8).
    // Both forms can use their GIN index (locations_search_idx, locations_name_trgm_idx).
    for (const word of text.words) {
      const prefix = sql`l.search_vector @@ to_tsquery('english', ${`${word}:*`}::text)`;
      const typo = word.length >= MIN_TRIGRAM_LENGTH && (!opts.typoWords || opts.typoWords.has(word));
      conds.push(typo ? sql`(${prefix} or ${word}::text <% lower(l.name))` : prefix);
    }
    // Full-text matches first, by ts_rank (cheaper than ts_rank_cd, which walks the positions of
    // every term); places found only through a typo come after them, by trigram similarity,
    // computed only for those rows.
    const any = sql`to_tsquery('english', ${text.anyPrefix}::text)`;
    rank = sql`(case when l.search_vector @@ ${any} then 1 + ts_rank(l.search_vector, ${any})
                     else word_similarity(${text.plain}::text, lower(l.name)) end)`;
  }

  return {
    where: sql.join(conds, sql` and `),
    rank,
    distance,
    stale: staleFacts(now),
    hasText: !!text,
    hasPoint,
  };
}
