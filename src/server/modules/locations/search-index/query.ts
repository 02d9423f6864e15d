// What the in-process search index (place-index.ts, decision 0504) is given and answers: a place
// as sync.ts loads it, a search as locations.search.ts and search-filters.ts define it, and a page of ids.
import type { IndexFilter } from '../search-filters.js';

/** One lexeme of a place's weighted search_vector and the best weight class it has there (D = 0,
 * C = 1, B = 2, A = 3: address, description, tags, name). */
export interface VectorEntry {
  lexeme: string;
  weight: number;
}

/** The places one typo word matches by `word <% lower(name)` and their word similarity with the
 * name, as the database answered them (sync.ts, decision 0513). */
export interface TypoMatches {
  ids: Int32Array;
  similarity: Float64Array;
}

export interface IndexedPlace {
  id: number;
  category: string;
  /** The map's point of the place ({id, slug, name, category, lat, lng} as JSON), null when it has
   * no coordinates (then latitude and longitude are 0 and never match). */
  point: string | null;
  latitude: number;
  longitude: number;
  /** The place's rank in the database's order of (lower(name), name, id): its collation decides. */
  nameKey: number;
  vector: VectorEntry[];
  tagIds: number[];
  /** Open intervals as [start, end) pairs in epoch milliseconds (decision 0801). */
  intervals: number[];
  /** Its place flags (search-filters.ts PLACE_FLAGS: the facets its attributes satisfy, decision 0803). */
  flags: number;
  /** facts_at in epoch ms, or null when unknown (decision 0805). */
  factsAt: number | null;
}

export interface IndexQuery {
  /** The search's filters (search-filters.ts indexFilters). */
  filters: IndexFilter[];
  /** ms before which a facts date is stale (factsStaleBefore of `now`). */
  staleBefore: number;
  /** The text search; null without one. */
  text: IndexText | null;
  limit?: number;
  offset: number;
}

/** What each search word asks (all must hold); matches rank by relevance.ts. */
export interface IndexText {
  /** Per word: a lexeme matched as a prefix, or a typo and the places the database says it matches. */
  conditions: Array<{ prefix: string } | { typo: string; matches: TypoMatches }>;
}

export interface IndexPage {
  ids: number[];
  distances: Array<number | null>;
  total: number;
}
