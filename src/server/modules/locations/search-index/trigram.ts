// pg_trgm's word_similarity, reproduced for the in-process index (decision 0504) so a search word
// that matches no place (a typo) finds the same places, ranked alike, as the SQL search's
// `word <% lower(name)` and word_similarity(...) (locations.search.ts, decision 0501). Follows
// calc_word_similarity and iterate_word_similarity of PostgreSQL's contrib/pg_trgm/trgm_op.c (plain,
// not strict): words are padded with two spaces before and one after, similarity is
// count / (len1 + len2 - count) as a float. Only ASCII text is handled here: which other
// characters count as letters depends on the database's locale, so the index leaves those
// searches to SQL (sync.ts).

/** The default pg_trgm.word_similarity_threshold (a double GUC). */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** A string's trigrams in order, as generate_trgm_only makes them (ASCII, lower-cased words). */
export function trigramsInOrder(s: string): string[] {
  const out: string[] = [];
  for (const word of s.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

const calcSml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/** word_similarity(a, b): how well `a` matches the best extent of `b`, as pg_trgm computes it. */
export function wordSimilarity(a: string, b: string): number {
  const label = new Map<string, number>();
  const labelOf = (t: string) => {
    let j = label.get(t);
    if (j === undefined) {
      j = label.size;
      label.set(t, j);
    }
    return j;
  };
  const first = new Set(trigramsInOrder(a).map(labelOf));
  const seq = trigramsInOrder(b).map(labelOf);
  const found = new Uint8Array(label.size);
  for (const j of first) found[j] = 1;
  return similarityOfSequence(seq, found, first.size, new Int32Array(label.size).fill(-1));
}

/**
 * iterate_word_similarity over `seq`, the trigrams of the text as labels (equal trigrams, equal
 * labels): `found[label]` says whether the word has that trigram, `ulen1` how many distinct ones
 * the word has. `lastpos` must hold -1 for every label of `seq`; it is left that way again, so
 * callers can keep one scratch array for many texts.
 */
export function similarityOfSequence(
  seq: ArrayLike<number>,
  found: Uint8Array,
  ulen1: number,
  lastpos: Int32Array,
): number {
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < seq.length; i++) {
    const trg = seq[i]!;
    if (lower >= 0 || found[trg]) {
      if (lastpos[trg]! < 0) {
        ulen2++;
        if (found[trg]) count++;
      }
      lastpos[trg] = i;
    }
    if (!found[trg]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const t = seq[tmpLower]!;
      if (lastpos[t] === tmpLower) {
        tmpUlen2--;
        if (found[t]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const t = seq[tmpLower]!;
      if (lastpos[t] === tmpLower) lastpos[t] = -1;
    }
  }
  for (let i = 0; i < seq.length; i++) lastpos[seq[i]!] = -1;
  return smlrMax;
}
