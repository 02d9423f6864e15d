// "Open when" (decision 0802) in the in-process index: for each hour of a span of a little over ten
// days, one bit per slot set when one of the slot's open intervals touches that hour.

const HOUR = 3_600_000;
/** Hours held from the anchor: 256, so a week's windows fit with a day to spare before them. */
const HOURS = 256;

/** What a search's windows select: slots touching an hour the windows cover whole (they match),
 * and slots touching only an hour a window covers in part (their intervals decide). */
export interface HourSelection {
  whole: Uint32Array;
  part: Uint32Array;
  /** Whether some hour is covered only in part. */
  hasPart: boolean;
}

export class HourBitsets {
  private anchor = Number.NaN;
  /** Words per hour: one bit per slot. */
  private words = 0;
  private bits = new Uint32Array(0);
  /** Scratch space of select (searches run one at a time on this thread). */
  private whole = new Uint32Array(0);
  private part = new Uint32Array(0);

  constructor(slots: number) {
    this.reserve(slots);
  }

  get anchored(): boolean {
    return !Number.isNaN(this.anchor);
  }

  /** Makes room for `slots` slots (keeping the bits held). */
  reserve(slots: number) {
    const words = Math.ceil(slots / 32);
    if (words <= this.words || !this.anchored) {
      this.words = Math.max(this.words, words);
      return;
    }
    const bits = new Uint32Array(HOURS * words);
    for (let h = 0; h < HOURS; h++) bits.set(this.bits.subarray(h * this.words, (h + 1) * this.words), h * words);
    this.bits = bits;
    this.words = words;
  }

  /** Sets the slot's bits from its [start, end) pairs (`length` numbers from `from` in `values`),
   * clearing what it held. */
  mark(slot: number, values: ArrayLike<number>, from: number, length: number) {
    if (!this.anchored) return;
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let h = 0; h < HOURS; h++) this.bits[h * this.words + w]! &= ~bit;
    for (let i = from; i < from + length; i += 2) {
      const a = values[i]!;
      const b = values[i + 1]!;
      if (!(a < b)) continue;
      const h0 = Math.max(Math.floor(a / HOUR) - this.anchor, 0);
      const h1 = Math.min(Math.ceil(b / HOUR) - this.anchor, HOURS);
      for (let h = h0; h < h1; h++) this.bits[h * this.words + w]! |= bit;
    }
  }

  /**
   * What the windows (flat [start, end) pairs in time order) select, or null when they span more
   * hours than are held. `remark` is called to mark every slot again when the windows lie outside
   * the hours held (the first "open when" search, then every few days).
   */
  select(windows: Float64Array, remark: () => void): HourSelection | null {
    if (windows.length === 0) return null;
    const first = Math.floor(windows[0]! / HOUR);
    const last = Math.ceil(windows[windows.length - 1]! / HOUR);
    if (last - first > HOURS - 24) return null;
    if (!this.anchored || first < this.anchor || last > this.anchor + HOURS) {
      this.anchor = first - 24;
      this.bits = new Uint32Array(HOURS * this.words);
      remark();
    }
    const words = this.words;
    if (this.whole.length !== words) {
      this.whole = new Uint32Array(words);
      this.part = new Uint32Array(words);
    }
    const whole = this.whole.fill(0);
    const part = this.part.fill(0);
    let hasPart = false;
    for (let j = 0; j < windows.length; j += 2) {
      const a = windows[j]!;
      const b = windows[j + 1]!;
      if (!(a < b)) continue;
      for (let h = Math.floor(a / HOUR); h < Math.ceil(b / HOUR); h++) {
        const covered = h * HOUR >= a && (h + 1) * HOUR <= b;
        const into = covered ? whole : part;
        hasPart ||= !covered;
        const at = (h - this.anchor) * words;
        for (let k = 0; k < words; k++) into[k]! |= this.bits[at + k]!;
      }
    }
    return { whole, part, hasPart };
  }
}

/** Whether `slot`'s bit is set. */
export const hasSlot = (set: Uint32Array, slot: number) => (set[slot >>> 5]! & (1 << (slot & 31))) !== 0;
