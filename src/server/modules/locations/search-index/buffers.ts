// Growable typed-array buffers of the in-process search index (place-index.ts, decision 0504).

/** A growable list of (slot, rank term) pairs: one lexeme's postings. */
export class Postings {
  slots = new Int32Array(4);
  terms = new Float64Array(4);
  length = 0;
  push(slot: number, term: number) {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const terms = new Float64Array(this.length * 2);
      terms.set(this.terms);
      this.terms = terms;
    }
    this.slots[this.length] = slot;
    this.terms[this.length] = term;
    this.length++;
  }
}

/** A reusable list of slots: pushing 60,000 numbers into a new JavaScript array costs ~6 ms here
 * (its growth and the garbage it leaves), into this buffer ~0.1 ms. */
export class SlotList {
  items = new Int32Array(1024);
  length = 0;
  push(slot: number) {
    if (this.length === this.items.length) {
      const items = new Int32Array(this.length * 2);
      items.set(this.items);
      this.items = items;
    }
    this.items[this.length++] = slot;
  }
}
