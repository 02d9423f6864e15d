// How a search's words pick and score the index's places (place-index.ts): a place matches when
// every word does, and scores the sum of each word's best lexeme there (relevance.ts, decision 0513).
import { SlotList } from './buffers.js';
import type { Lexicon } from './lexicon.js';
import type { IndexText } from './query.js';
import { lexemeScore, typoScore } from './relevance.js';

/** Marks a slot some word reached: above every word's bit, as a search keeps up to 8 words. */
const TOUCHED = 1 << 8;

/** What text matching reads of the index. */
export interface TextPlaces {
  lexicon: Lexicon;
  live: Uint8Array;
  slotOf: Map<number, number>;
}

/** Scratch space of the text queries of one index (they run one at a time on its thread). */
export class TextMatch {
  /** Per slot, the relevance summed over the words so far, and the current word's best lexeme score. */
  private acc = new Float64Array(0);
  private best = new Uint8Array(0);
  /** Per slot, one bit per search word it matches, and TOUCHED once any word reached it. */
  private hits = new Uint16Array(0);
  private readonly touched = new SlotList();
  private readonly words = new SlotList();

  /** Pushes to `found` the live slots every word matches that `passes`, their relevance in `score`
   * (as long as the index's slots). */
  collect(text: IndexText, places: TextPlaces, passes: (s: number) => boolean, found: SlotList, score: Float64Array) {
    if (this.acc.length < score.length) {
      this.acc = new Float64Array(score.length);
      this.best = new Uint8Array(score.length);
      this.hits = new Uint16Array(score.length);
    }
    const { acc, best, hits, touched, words } = this;
    const { lexicon, live, slotOf } = places;
    touched.length = 0;
    const seen = new Set<string>();
    let all = 0;
    for (const c of text.conditions) {
      const key = 'prefix' in c ? `p:${c.prefix}` : `t:${c.typo}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const bit = 1 << (seen.size - 1);
      all |= bit;
      words.length = 0;
      if ('prefix' in c) {
        // The word's score in a place is that of its best matching lexeme there (relevance.ts).
        const own = lexicon.exactly(c.prefix);
        for (const p of lexicon.withPrefix(c.prefix)) {
          const exact = p === own;
          for (let j = 0; j < p.length; j++) {
            const s = p.slots[j]!;
            if (!live[s]) continue;
            if (hits[s] === 0) touched.push(s);
            if (!(hits[s]! & bit)) {
              hits[s]! |= bit | TOUCHED;
              best[s] = 0;
              words.push(s);
            }
            best[s] = Math.max(best[s]!, lexemeScore(p.weights[j]!, exact));
          }
        }
        for (let i = 0; i < words.length; i++) acc[words.items[i]!]! += best[words.items[i]!]!;
      } else {
        // The database's answer: ids the index no longer holds (removed or hidden since) are skipped.
        const { ids, similarity } = c.matches;
        for (let i = 0; i < ids.length; i++) {
          const s = slotOf.get(ids[i]!);
          if (s === undefined || !live[s]) continue;
          if (hits[s] === 0) touched.push(s);
          if (hits[s]! & bit) continue;
          hits[s]! |= bit | TOUCHED;
          acc[s]! += typoScore(similarity[i]!);
        }
      }
    }
    for (let i = 0; i < touched.length; i++) {
      const s = touched.items[i]!;
      if ((hits[s]! & all) === all && passes(s)) {
        found.push(s);
        score[s] = acc[s]!;
      }
      hits[s] = 0;
      acc[s] = 0;
    }
  }
}
