// PostgreSQL's ts_rank, reproduced bit for bit so the in-process index (decision 0504) orders
// places exactly as the SQL search does (locations.search.ts ranks by ts_rank over the weighted
// search_vector with the query 'word1:* | word2:*'). The arithmetic follows calc_rank_or of
// PostgreSQL's src/backend/utils/adt/tsrank.c: float (32-bit) sums, one double division per lexeme.
// Math.fround rounds to float where C stores into a float; the equivalence test
// (search-index.equivalence.test.ts) compares the orders with the database's on both engines.

/** ts_rank's default weights for D, C, B, A, as the C source's float constants. */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
const WEIGHT_OF_LETTER: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
/** pi^2 / 6, the limit of sum(1/i^2), as written in tsrank.c (a double). */
const PI2_6 = 1.64493406685;

export interface VectorEntry {
  lexeme: string;
  /** The weight class (0 = D … 3 = A) of each position, in position order. */
  weights: number[];
}

/** Parses tsvector's text output ("'garden':1A,5C 'green':2A"), entries in stored order. */
export function parseTsvector(text: string): VectorEntry[] {
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
    const weights: number[] = [];
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
        const letter = text[i];
        if (letter && letter in WEIGHT_OF_LETTER) {
          weights.push(WEIGHT_OF_LETTER[letter]!);
          i++;
        } else weights.push(0);
        if (text[i] === ',') i++;
      }
    }
    out.push({ lexeme, weights });
  }
  return out;
}

/**
 * One vector entry's term of calc_rank_or (a double): what the entry adds to the rank, before
 * the float rounding of the sum. An entry without positions counts as one position of weight D.
 */
export function entryContribution(weights: readonly number[]): number {
  const ws = weights.length ? weights : [0];
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < ws.length; j++) {
    const w = WEIGHTS[ws[j]!]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1)))) / PI2_6;
}

/** res = res + term, stored back into a float. */
export const addTerm = (res: number, term: number) => Math.fround(res + term);
/** The final res / (number of distinct query lexemes), as a float. */
export const finishRank = (res: number, items: number) => (res < 0 ? Math.fround(1e-20) : Math.fround(res / items));

/** Code point order of strings: the byte order of their UTF-8, which tsvector and tsquery use. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral characters) sort after every other BMP unit in code point order.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
