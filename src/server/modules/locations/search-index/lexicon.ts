// The index's lexemes (place-index.ts): each lexeme's postings (the slots whose search vector holds
// it, with their weights' contribution to ts_rank), found by prefix as `word:*` matches them.
import { Postings } from './buffers.js';
import type { VectorEntry } from './rank.js';
import { compareCodePoints, entryContribution } from './rank.js';

export class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly lexemes: string[] = [];
  private readonly postings: Postings[] = [];
  private sortedIds: number[] | null = null;

  /** Records that `slot`'s vector holds this entry. */
  add(slot: number, e: VectorEntry) {
    let lex = this.ids.get(e.lexeme);
    if (lex === undefined) {
      lex = this.lexemes.length;
      this.ids.set(e.lexeme, lex);
      this.lexemes.push(e.lexeme);
      this.postings.push(new Postings());
      this.sortedIds = null;
    }
    this.postings[lex]!.push(slot, entryContribution(e.weights));
  }

  /** Gives back the postings' unused room once a build is done. */
  trim() {
    for (const p of this.postings) p.trim();
  }

  /** Lexeme ids in code point order (the order of a tsvector's entries), rebuilt after additions. */
  private sorted(): number[] {
    if (!this.sortedIds) {
      this.sortedIds = this.lexemes
        .map((_, i) => i)
        .sort((a, b) => compareCodePoints(this.lexemes[a]!, this.lexemes[b]!));
    }
    return this.sortedIds;
  }

  /** The postings of the lexemes starting with `prefix`, in code point order. */
  withPrefix(prefix: string): Postings[] {
    const order = this.sorted();
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCodePoints(this.lexemes[order[mid]!]!, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: Postings[] = [];
    for (let i = lo; i < order.length && this.lexemes[order[i]!]!.startsWith(prefix); i++)
      out.push(this.postings[order[i]!]!);
    return out;
  }
}
