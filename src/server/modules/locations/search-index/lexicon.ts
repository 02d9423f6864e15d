// The index's lexemes (place-index.ts): each lexeme's postings (the slots whose search vector holds
// it, with its best weight class there), found by prefix as `word:*` matches them.
import { Postings } from './buffers.js';
import type { VectorEntry } from './query.js';

/** Plain string order: it keeps every lexeme starting with a prefix in one run. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
    this.postings[lex]!.push(slot, e.weight);
  }

  /** Gives back the postings' unused room once a build is done. */
  trim() {
    for (const p of this.postings) p.trim();
  }

  /** Puts every lexeme's postings in slot order. */
  sortBySlot() {
    for (const p of this.postings) p.sortBySlot();
  }

  /** Lexeme ids in string order, rebuilt after additions. */
  private sorted(): number[] {
    if (!this.sortedIds) {
      this.sortedIds = this.lexemes.map((_, i) => i).sort((a, b) => byText(this.lexemes[a]!, this.lexemes[b]!));
    }
    return this.sortedIds;
  }

  /** The postings of the lexeme itself, if a place holds it. */
  exactly(lexeme: string): Postings | undefined {
    const id = this.ids.get(lexeme);
    return id === undefined ? undefined : this.postings[id];
  }

  /** The postings of the lexemes starting with `prefix`. */
  withPrefix(prefix: string): Postings[] {
    const order = this.sorted();
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lexemes[order[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: Postings[] = [];
    for (let i = lo; i < order.length && this.lexemes[order[i]!]!.startsWith(prefix); i++)
      out.push(this.postings[order[i]!]!);
    return out;
  }
}
