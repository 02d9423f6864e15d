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
    const seen = new Map<string, IndexText['conditions'][number]>();
    for (const c of text.conditions) seen.set('prefix' in c ? `p:${c.prefix}` : `t:${c.typo}`, c);
    const [only] = seen.values();
    if (seen.size === 1 && only && 'prefix' in only) {
      this.collectWord(only.prefix, places, passes, found, score);
      return;
    }
    let all = 0;
    let bit = 1;
    for (const c of seen.values()) {
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
      bit <<= 1;
    }
    for (let i = 0; i < touched.length; i++) {
      const s = touched.items[i]!;
      if ((hits[s]! & all) === all && passes(s)) {
        found.push(s);
        score[s] = acc[s]!;
      }
      hits[s] = 0;
      acc[s] = 0;
      best[s] = 0;
    }
  }

  /** One word: a place scores its best lexeme's score (relevance.ts), and the matches come out in
   * slot order, which a built index keeps in name order (page-order.ts then needs no comparison):
   * one lexeme's postings run in slot order; several lexemes' marks are read back by slot when they
   * cover enough of the index, else in the order they were reached. */
  private collectWord(
    prefix: string,
    places: TextPlaces,
    passes: (s: number) => boolean,
    found: SlotList,
    score: Float64Array,
  ) {
    const { lexicon, live } = places;
    const own = lexicon.exactly(prefix);
    const lists = lexicon.withPrefix(prefix);
    const [single] = lists;
    if (lists.length === 1 && single) {
      const exact = single === own;
      for (let j = 0; j < single.length; j++) {
        const s = single.slots[j]!;
        if (passes(s)) {
          found.push(s);
          score[s] = lexemeScore(single.weights[j]!, exact);
        }
      }
      return;
    }
    const { best, touched } = this;
    let postings = 0;
    for (const p of lists) postings += p.length;
    // Reading the marks back costs a pass over every slot, a byte each: worth it from a few
    // thousand postings in 100,000 slots, which a heap would otherwise order by comparisons.
    const bySlot = postings * 64 > best.length;
    for (const p of lists) {
      const exact = p === own;
      for (let j = 0; j < p.length; j++) {
        const s = p.slots[j]!;
        if (!live[s]) continue;
        const v = lexemeScore(p.weights[j]!, exact);
        if (best[s] === 0 && !bySlot) touched.push(s);
        if (v > best[s]!) best[s] = v;
      }
    }
    const take = (s: number) => {
      if (passes(s)) {
        found.push(s);
        score[s] = best[s]!;
      }
      best[s] = 0;
    };
    if (bySlot) {
      for (let s = 0; s < best.length; s++) if (best[s] !== 0) take(s);
    } else for (let i = 0; i < touched.length; i++) take(touched.items[i]!);
  }
}
