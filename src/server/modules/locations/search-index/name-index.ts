// The names side of the in-process search index (decision 0504): distinct lower-cased names, the
// places holding each, and each name's trigrams as ids, so a search word matching no place by full
// text (a typo, or a stop word) finds names by pg_trgm's word similarity (trigram.ts) as the SQL
// search's `word <% lower(name)` does (decision 0501).
import { isAscii, similarityOfSequence, trigramsInOrder, WORD_SIMILARITY_THRESHOLD } from './trigram.js';

export class NameIndex {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** Each name's slots (dead ones included: callers check liveness). */
  private readonly slots: number[][] = [];
  private readonly trigramIds = new Map<string, number>();
  /** Each name's trigrams in order, as ids. */
  private readonly sequences: Int32Array[] = [];
  private readonly namesWithTrigram: number[][] = [];
  /** Scratch space of similarityTo, by trigram id. */
  private found = new Uint8Array(0);
  private lastpos = new Int32Array(0);

  /** Records that `slot` holds `lowerName`; answers the name's id. */
  add(lowerName: string, slot: number): number {
    let id = this.ids.get(lowerName);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(lowerName, id);
      this.names.push(lowerName);
      this.slots.push([]);
      const sequence = Int32Array.from(trigramsInOrder(lowerName), (t) => this.trigramId(t));
      this.sequences.push(sequence);
      for (const t of new Set(sequence)) this.namesWithTrigram[t]!.push(id);
    }
    this.slots[id]!.push(slot);
    return id;
  }

  private trigramId(t: string): number {
    let id = this.trigramIds.get(t);
    if (id === undefined) {
      id = this.trigramIds.size;
      this.trigramIds.set(t, id);
      this.namesWithTrigram.push([]);
    }
    return id;
  }

  /** word_similarity(text, a name), from the name's trigram ids (trigram.ts, similarityOfSequence). */
  similarityTo(text: string, nameId: number): number {
    const n = this.trigramIds.size;
    if (this.found.length < n) {
      this.found = new Uint8Array(n * 2);
      this.lastpos = new Int32Array(n * 2).fill(-1);
    }
    // The text's trigrams that no name has cannot be in the name: they count only in ulen1.
    const own = new Set(trigramsInOrder(text));
    const known: number[] = [];
    for (const t of own) {
      const id = this.trigramIds.get(t);
      if (id !== undefined) known.push(id);
    }
    for (const id of known) this.found[id] = 1;
    const sml = similarityOfSequence(this.sequences[nameId]!, this.found, own.size, this.lastpos);
    for (const id of known) this.found[id] = 0;
    return sml;
  }

  /**
   * The live slots whose name matches `word` by word similarity (`word <% lower(name)`); null
   * when a candidate name holds other than ASCII (which characters are letters is then the
   * database's locale's call: the SQL search answers).
   */
  typoMatches(word: string, live: Uint8Array): number[] | null {
    const trigrams = [...new Set(trigramsInOrder(word))];
    // A name sharing fewer than 0.6 of the word's trigrams cannot reach the threshold.
    const need = WORD_SIMILARITY_THRESHOLD * trigrams.length - 1e-9;
    const shared = new Map<number, number>();
    for (const t of trigrams) {
      const id = this.trigramIds.get(t);
      if (id !== undefined) for (const n of this.namesWithTrigram[id]!) shared.set(n, (shared.get(n) ?? 0) + 1);
    }
    const out: number[] = [];
    for (const [n, count] of shared) {
      if (count < need) continue;
      if (!isAscii(this.names[n]!)) return null;
      if (this.similarityTo(word, n) < WORD_SIMILARITY_THRESHOLD) continue;
      for (const s of this.slots[n]!) if (live[s]) out.push(s);
    }
    return out;
  }
}
