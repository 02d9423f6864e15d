// How the in-process search index orders the places a text search matches: a rule of its own,
// not a copy of the database's ts_rank (decision 0513; typo words as in decision 0501).

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
