// The slots holding each tag, each category (by its code) and each place flag (search-filters.ts):
// a filtered search walks the shortest of its lists instead of every slot (decision 0504; dead
// slots stay in them).
import { SlotList } from './buffers.js';

const EMPTY = new SlotList();

function listAt(lists: SlotList[], i: number): SlotList {
  let list = lists[i];
  if (!list) {
    list = new SlotList();
    lists[i] = list;
  }
  return list;
}

export class FilterLists {
  private readonly tags = new Map<number, SlotList>();
  private readonly categories: SlotList[] = [];
  private readonly flags: SlotList[] = [];

  /** Records that `slot` has the category `categoryCode`, the tags `tagIds` (no repeats) and the
   * flags `flags`. */
  add(slot: number, categoryCode: number, tagIds: number[], flags: number) {
    listAt(this.categories, categoryCode).push(slot);
    for (let f = flags, bit = 0; f; f >>>= 1, bit++) if (f & 1) listAt(this.flags, bit).push(slot);
    for (const t of tagIds) {
      let list = this.tags.get(t);
      if (!list) {
        list = new SlotList();
        this.tags.set(t, list);
      }
      list.push(slot);
    }
  }

  /** Puts every list in slot order (a build fills slots out of order). */
  sortBySlot() {
    for (const list of [...this.categories, ...this.flags, ...this.tags.values()]) list?.sortBySlot();
  }

  /** The slots of a category (by its code; an unknown one, -1: none). */
  category(code: number): SlotList {
    return this.categories[code] ?? EMPTY;
  }

  tag(id: number): SlotList {
    return this.tags.get(id) ?? EMPTY;
  }

  /** The slots with flag bit number `bit`. */
  flag(bit: number): SlotList {
    return this.flags[bit] ?? EMPTY;
  }
}
