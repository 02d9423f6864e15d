// The slots holding each tag, each category (by its code) and each facet bit: a filtered search
// walks the shortest of its lists instead of every slot (decision 0504; dead slots stay in them).
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
  private readonly facets: SlotList[] = [];

  /** Records that `slot` has the category `categoryCode`, the tags `tagIds` (no repeats) and the
   * facet bits `facets`. */
  add(slot: number, categoryCode: number, tagIds: number[], facets: number) {
    listAt(this.categories, categoryCode).push(slot);
    for (let f = facets, bit = 0; f; f >>>= 1, bit++) if (f & 1) listAt(this.facets, bit).push(slot);
    for (const t of tagIds) {
      let list = this.tags.get(t);
      if (!list) {
        list = new SlotList();
        this.tags.set(t, list);
      }
      list.push(slot);
    }
  }

  /** The shortest of the lists a search's category (0: none), tags and facets name (an unknown
   * category or tag: an empty list), or null when it names none. */
  shortest(categoryCode: number, tagIds: number[], facetMask: number): SlotList | null {
    let shortest: SlotList | null = null;
    const consider = (list: SlotList | undefined) => {
      const l = list ?? EMPTY;
      if (!shortest || l.length < shortest.length) shortest = l;
    };
    if (categoryCode) consider(this.categories[categoryCode]);
    for (const t of tagIds) consider(this.tags.get(t));
    for (let f = facetMask, bit = 0; f; f >>>= 1, bit++) if (f & 1) consider(this.facets[bit]);
    return shortest;
  }
}
