// Searches answered by the in-process index (decision 0504): a search's filters put in the index's
// terms once it is the search's turn (turns.ts), then the list's page or the map's answer. sync.ts
// keeps the index in step with the database.
import { seasonWindowEnd } from '../../../../shared/hours-status.js';
import type { MapView } from '../../../../shared/map-grid.js';
import type { Db } from '../../../db/connect.js';
import { now as clockNow } from '../../../lib/clock.js';
import { factsStaleBefore } from '../../../../shared/facts-age.js';
import { openWhenWindows } from '../../../../shared/open-when.js';
import { facetMask } from '../../../../shared/place-attributes.js';
import { buildTextQuery, facetsOf, MIN_TRIGRAM_LENGTH, openWhenOf, type SearchFilters } from '../locations.search.js';
import type { PlaceIndex } from './place-index.js';
import type { IndexPage, IndexQuery, IndexText } from './query.js';
import { searchIndexEnabled, syncOf } from './sync.js';
import { isAscii } from './trigram.js';
import { indexTurn } from './turns.js';

/**
 * Runs `use` with the index and the search `f` in the index's terms, once it is this search's turn
 * (turns.ts); null when the SQL search must answer (the index is being built, or a word needs what
 * only SQL does: a word the parser splits, or a typo in other than ASCII letters), `empty` when a
 * word can match nothing. `use` runs without a wait in between, so the conditions, the version and
 * the answer all see one index.
 */
async function withIndexQuery<T>(
  db: Db,
  f: SearchFilters & { limit?: number; offset?: number },
  now: Date,
  opts: {
    /** false: answer from the index as it is, without reading the version first; the caller then
     * reads `searchVersionSql` with the page and asks again, caught up, when it moved. */
    catchUp?: boolean;
  },
  use: (index: PlaceIndex, query: IndexQuery | 'empty', version: number) => T,
): Promise<T | null> {
  if (!searchIndexEnabled()) return null;
  const s = syncOf(db);
  if (!s.index) {
    void s.rebuild();
    return null;
  }
  if (opts.catchUp !== false && (!(await s.catchUp()) || !s.index)) return null;
  const text = buildTextQuery(f.search);
  const lexemes = text ? await s.lexemesOf(text.words) : [];
  await indexTurn();
  const index = s.index;
  if (!index) return null;
  // The version this answer is exact for: read after the last wait, with the index it searches.
  const version = s.version;
  let indexText: IndexText | null = null;
  if (text) {
    const conditions: IndexText['conditions'] = [];
    for (const [i, word] of text.words.entries()) {
      const lexeme = lexemes[i];
      if (lexeme === null || lexeme === undefined) return null;
      // As locations.search.ts (decision 0501): a word of 3+ letters that matches no place by full
      // text (a typo, or a stop word, whose query is empty) may match names by similarity; a
      // shorter one then matches nothing.
      if (word.length >= MIN_TRIGRAM_LENGTH && (lexeme === '' || !index.matchesAny(lexeme))) {
        if (!isAscii(word)) return null;
        conditions.push({ typo: word });
      } else if (lexeme === '') return use(index, 'empty', version);
      else conditions.push({ prefix: lexeme });
    }
    if (conditions.some((c) => 'typo' in c) && !isAscii(text.plain)) return null;
    indexText = { conditions, rankItems: lexemes.filter((l): l is string => !!l), plain: text.plain };
  }
  const hasPoint = f.lat !== undefined && f.lng !== undefined;
  const when = openWhenOf(f);
  const query: IndexQuery = {
    category: f.category,
    tagIds: f.tagIds,
    openNow: f.openNow,
    inSeason: f.inSeason,
    now: now.getTime(),
    // Asked only by the season filter: working it out costs a dozen wall-time conversions.
    seasonEnd: f.inSeason ? seasonWindowEnd(now).getTime() : Number.POSITIVE_INFINITY,
    windows: when ? openWhenWindows(now, when) : undefined,
    point: hasPoint ? { lat: f.lat!, lng: f.lng!, radius: f.radius } : undefined,
    facetMask: facetMask(facetsOf(f)),
    staleBefore: factsStaleBefore(now).getTime(),
    text: indexText,
    limit: f.limit,
    offset: f.offset ?? 0,
  };
  return use(index, query, version);
}

/**
 * The page of a search from the index: ids in order, their distances and the total; null when the
 * SQL search must answer (see withIndexQuery).
 */
export async function searchWithIndex(
  db: Db,
  f: SearchFilters & { limit?: number; offset?: number },
  now: Date,
  opts: { catchUp?: boolean } = {},
): Promise<(IndexPage & { version: number }) | null> {
  return withIndexQuery(db, f, now, opts, (index, query, version) => {
    if (query === 'empty') return { ids: [], distances: [], total: 0, version };
    const page = index.search(query);
    return page && { ...page, version };
  });
}

/** The answer of no match at all: the map's, or the bare list of points. */
const NO_MAP_MATCH = '{"total":0,"bounds":null,"complete":true,"points":[],"clusters":[]}';

/**
 * The map's answer from the index (PlaceIndex.map), caught up with every committed write first;
 * `view` null and `summary` false: the bare list of points. Null when SQL must answer.
 */
export async function mapWithIndex(
  db: Db,
  f: SearchFilters,
  view: MapView | null,
  pointLimit: number,
  summary = true,
): Promise<string | null> {
  return withIndexQuery(db, f, clockNow(), {}, (index, query) => {
    if (query === 'empty') return summary ? NO_MAP_MATCH : '[]';
    return index.map(query, view, pointLimit, summary);
  });
}
