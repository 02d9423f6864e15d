// Growable typed-array buffers of the in-process search index (place-index.ts, decision 0504).

/** A growable list of (slot, weight class) pairs: one lexeme's postings, with the best weight
 * class (D = 0 … A = 3) the lexeme has in each place (relevance.ts). */
export class Postings {
  slots = new Int32Array(4);
  weights = new Uint8Array(4);
  length = 0;
  push(slot: number, weight: number) {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Uint8Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.slots[this.length] = slot;
    this.weights[this.length] = weight;
    this.length++;
  }
  /** Puts the postings in slot order (a build fills slots out of order), weights kept with them. */
  sortBySlot() {
    const packed = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) packed[i] = this.slots[i]! * 256 + this.weights[i]!;
    packed.sort();
    for (let i = 0; i < this.length; i++) {
      this.slots[i] = Math.floor(packed[i]! / 256);
      this.weights[i] = packed[i]! % 256;
    }
  }
  /** Gives back the room the doubling left unused (once a build is done; later pushes grow again). */
  trim() {
    if (this.length === this.slots.length) return;
    this.slots = this.slots.slice(0, Math.max(this.length, 1));
    this.weights = this.weights.slice(0, Math.max(this.length, 1));
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
  sortBySlot() {
    this.items.subarray(0, this.length).sort();
  }
}

/** One list of numbers per slot, all in one growable typed array (a start and a length per slot),
 * instead of a small typed array per slot: at 100,000 places the two per-slot arrays (tags, open
 * intervals) cost about 80 MB resident as 200,000 small typed arrays. A replaced list's old values
 * stay unused in the array until the index is rebuilt (place-index.ts counts them as dead). */
export class PackedLists<A extends Int32Array | Float64Array> {
  values: A;
  private used = 0;
  starts = new Int32Array(1024);
  lengths = new Int32Array(1024);

  constructor(private readonly make: (length: number) => A) {
    this.values = make(1024);
  }

  /** Makes room for slots below `slots`. */
  reserve(slots: number) {
    if (slots <= this.starts.length) return;
    let size = this.starts.length;
    while (size < slots) size *= 2;
    const starts = new Int32Array(size);
    starts.set(this.starts);
    this.starts = starts;
    const lengths = new Int32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }

  /** Gives back the room the doubling left unused (once a build is done; later sets grow again). */
  trim() {
    this.values = this.values.slice(0, Math.max(this.used, 1)) as A;
  }

  /** Replaces slot's list. */
  set(slot: number, list: ArrayLike<number>) {
    this.reserve(slot + 1);
    this.lengths[slot] = list.length;
    if (list.length === 0) return;
    if (this.used + list.length > this.values.length) {
      let size = this.values.length * 2;
      while (size < this.used + list.length) size *= 2;
      const values = this.make(size);
      values.set(this.values.subarray(0, this.used));
      this.values = values;
    }
    this.values.set(list, this.used);
    this.starts[slot] = this.used;
    this.used += list.length;
  }
}
