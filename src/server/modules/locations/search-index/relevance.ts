// How the in-process search index orders the places a text search matches (decision 0513): a rule
// of its own, not a copy of the database's ts_rank. Each search word scores the best lexeme it
// matches in the place's search_vector: first by the field the lexeme came from (its weight class:
// A name, B tags, C description, D address), then whether the lexeme is the word's own or only
// starts with it. A word matched only as a typo (decision 0501) scores its word similarity with the
// name, as the database computed it (sync.ts), which is at most 1 and so below any word matched by
// full text. A place's relevance is the sum over the search's words; places of equal relevance
// keep the rest of the order (place-index.ts: distance, fresh facts before stale, name, id).
//
// Every match of one search meets the same conditions (a word is a typo for the whole search or
// for none of it), so the places found only through typos are those of a search none of whose
// words matches by full text, and they rank among themselves by similarity.

/** What a word scores through one matching lexeme of weight class `weightClass` (D = 0 … A = 3):
 * 2, 4, 6 or 8 by the class, one more when the lexeme is exactly the word's, so an exact match
 * beats a prefix in the same field but never a match in a better field. */
export function lexemeScore(weightClass: number, exact: boolean): number {
  return 2 * (weightClass + 1) + (exact ? 1 : 0);
}

/** What a word matched as a typo scores: the database's word_similarity of the word and the name
 * (at least pg_trgm's threshold, at most 1). */
export function typoScore(similarity: number): number {
  return similarity;
}
