// Searches answered by the in-process index (decision 0504): a search's filters put in the index's
// terms once it is the search's turn (turns.ts), then the list's page or the map's answer. sync.ts
// keeps the index in step with the database and asks it which names a typo matches.
import type { MapView } from '../../../../shared/map-grid.js';
import { now as clockNow } from '../../../lib/clock.js';
import { factsStaleBefore } from '../../../../shared/facts-age.js';
import { buildTextQuery, MIN_TRIGRAM_LENGTH, type SearchFilters } from '../locations.search.js';
import { indexFilters } from '../search-filters.js';
import type { PlaceIndex } from './place-index.js';
import type { IndexPage, IndexQuery, IndexText } from './query.js';
import { readSearchVersion, type SearchIndex } from './sync.js';
import type { Db } from '../../../db/connect.js';

/** How many times a search asks again for its typos when the index moved while they were asked
 * (a write replayed meanwhile), before SQL answers it. */
const TYPO_ATTEMPTS = 3;

/** The words that may match names as typos on `index` (decision 0501): 3+ letters and no full-text
 * match in any visible place (a typo, or a stop word, whose query is empty). */
function typoWordsOf(words: string[], lexemes: Array<string | null>, index: PlaceIndex): string[] {
  return words.filter((word, i) => {
    const lexeme = lexemes[i];
    return lexeme != null && word.length >= MIN_TRIGRAM_LENGTH && (lexeme === '' || !index.matchesAny(lexeme));
  });
}

/**
 * Runs `use` with the index and the search `f` in the index's terms, once it is this search's turn
 * (turns.ts); null when the SQL search must answer (the index is being built, or a word needs what
 * only SQL does: a word the parser splits), `empty` when a word can match nothing. A typo's
 * matches are asked of the database before the turn, for the index's version; `use` runs without a
 * wait in between, so the conditions, the version, the typos' answers and the answer all see one
 * index.
 */
async function withIndexQuery<T>(
  s: SearchIndex,
  f: SearchFilters & { limit?: number; offset?: number },
  now: Date,
  opts: {
    /** false: answer from the index as it is, without reading the version first; the caller then
     * reads `searchVersionSql` with the page and asks again, caught up, when it moved. */
    catchUp?: boolean;
  },
  use: (index: PlaceIndex, query: IndexQuery | 'empty', version: number) => T,
): Promise<T | null> {
  if (!s.enabled) return null;
  if (!s.index) {
    void s.rebuild();
    return null;
  }
  if (opts.catchUp !== false && (!(await s.catchUp()) || !s.index)) return null;
  const text = buildTextQuery(f.search);
  const lexemes = text ? await s.lexemesOf(text.words) : [];
  if (lexemes.some((l) => l === null)) return null;
  for (let attempt = 0; attempt < TYPO_ATTEMPTS; attempt++) {
    const asked = text && s.index ? typoWordsOf(text.words, lexemes, s.index) : [];
    const typos = asked.length ? await s.typoMatchesOf(asked) : null;
    await s.turns.next();
    const index = s.index;
    if (!index) return null;
    // The version this answer is exact for: read after the last wait, with the index it searches.
    const version = s.version;
    let indexText: IndexText | null = null;
    if (text) {
      const typoWords = new Set(typoWordsOf(text.words, lexemes, index));
      // The index moved while the typos were asked: ask again, for the version it has now.
      if (typoWords.size && (typos?.version !== version || [...typoWords].some((w) => !typos.matches.has(w)))) continue;
      const conditions: IndexText['conditions'] = [];
      for (const [i, word] of text.words.entries()) {
        const lexeme = lexemes[i]!;
        // As locations.search.ts (decision 0501): a word of 3+ letters that matches no place by
        // full text may match names by similarity; a shorter stop word matches nothing.
        if (typoWords.has(word)) conditions.push({ typo: word, matches: typos!.matches.get(word)! });
        else if (lexeme === '') return use(index, 'empty', version);
        else conditions.push({ prefix: lexeme });
      }
      indexText = { conditions };
    }
    return use(index, query(f, now, indexText), version);
  }
  return null;
}

/** The search `f` in the index's terms, its text already resolved; its filters' meaning is
 * search-filters.ts's. */
function query(f: SearchFilters & { limit?: number; offset?: number }, now: Date, text: IndexText | null): IndexQuery {
  return {
    filters: indexFilters(f, now),
    staleBefore: factsStaleBefore(now).getTime(),
    text,
    limit: f.limit,
    offset: f.offset ?? 0,
  };
}

/**
 * The page of a search from the index: ids in order, their distances and the total; null when the
 * SQL search must answer (see withIndexQuery).
 */
export async function searchWithIndex(
  searchIndex: SearchIndex,
  f: SearchFilters & { limit?: number; offset?: number },
  now: Date,
  opts: { catchUp?: boolean } = {},
): Promise<(IndexPage & { version: number }) | null> {
  return withIndexQuery(searchIndex, f, now, opts, (index, query, version) => {
    if (query === 'empty') return { ids: [], distances: [], total: 0, version };
    return { ...index.search(query), version };
  });
}

/**
 * A page from the index and its places as `read` fetches them by id (decision 0504, optimistic):
 * the index answers as it is, and the read also returns the change log's version (null: none was
 * read, it is read apart); when that moved, the index catches up and answers again. Null when SQL
 * must answer.
 */
export async function readIndexPage<T>(
  db: Db,
  searchIndex: SearchIndex,
  f: SearchFilters & { limit?: number; offset?: number },
  now: Date,
  read: (ids: number[]) => Promise<{ rows: T; version: number | null }>,
): Promise<{ page: IndexPage; rows: T } | null> {
  let page = await searchWithIndex(searchIndex, f, now, { catchUp: false });
  if (!page) return null;
  let got = await read(page.ids);
  if ((got.version ?? (await readSearchVersion(db))) !== page.version) {
    page = await searchWithIndex(searchIndex, f, now);
    if (!page) return null;
    got = await read(page.ids);
  }
  return { page, rows: got.rows };
}

/** The answer of no match at all: the map's, or the bare list of points. */
const NO_MAP_MATCH = '{"total":0,"bounds":null,"complete":true,"points":[],"clusters":[]}';

/**
 * The map's answer from the index (PlaceIndex.map), caught up with every committed write first;
 * `view` null and `summary` false: the bare list of points. Null when SQL must answer.
 */
export async function mapWithIndex(
  searchIndex: SearchIndex,
  f: SearchFilters,
  view: MapView | null,
  pointLimit: number,
  summary = true,
): Promise<string | null> {
  return withIndexQuery(searchIndex, f, clockNow(), {}, (index, query) =>
    query === 'empty' ? (summary ? NO_MAP_MATCH : '[]') : index.map(query, view, pointLimit, summary),
  );
}
