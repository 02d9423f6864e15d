// What the in-process search index (place-index.ts, decision 0504) is given and answers: a place
// as sync.ts loads it, a search as locations.search.ts defines it, and a page of ids.

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
  /** The facets its attributes satisfy (facetBits, decision 0803). */
  facets: number;
  /** facts_at in epoch ms, or null when unknown (decision 0805). */
  factsAt: number | null;
}

export interface IndexQuery {
  category?: string;
  tagIds?: number[];
  openNow?: boolean;
  inSeason?: boolean;
  /** ms of "now" and of the end of the season window (seasonWindowEnd). */
  now: number;
  seasonEnd: number;
  /** The "open when" windows (decision 0802), [start, end) in epoch ms in time order; absent
   * without that filter. */
  windows?: Array<[number, number]>;
  point?: { lat: number; lng: number; radius: number };
  /** The facets asked (facetMask): a place matches when it has every bit; 0 without facets. */
  facetMask: number;
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
