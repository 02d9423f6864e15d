// The in-process search index (decision 0504): every visible place's searchable data in compact
// arrays, answering locations.search.ts's search without the database (text order: relevance.ts,
// decision 0513); sync.ts fills it, keeps it in step and asks which names a typo matches.
import KDBush from 'kdbush';
import type { PlaceColumns, SlotTest } from '../search-filters.js';
import { Lexicon } from './lexicon.js';
import { PackedLists, SlotList } from './buffers.js';
import { FilterLists } from './filter-lists.js';
import type { IndexedPlace, IndexPage, IndexQuery } from './query.js';
import type { MapView } from '../../../../shared/map-grid.js';
import { mapAnswer } from './map-answer.js';
import { rad } from './geo.js';
import { pageByScoreInNameOrder, pageInNameOrder, pageInOrder } from './page-order.js';
import { HourBitsets, type HourSelection, hasSlot } from './hour-bitsets.js';
import { TextMatch } from './text-match.js';

/** A list longer than this loses to the radius's box, which usually holds a few thousand slots. */
const SPATIAL_PREFERRED = 2000;

/** Whether a slot is live and passes every test: up to three tests called directly, which walks a
 * list of thousands of slots about a third faster than a loop over them. */
function allOf(live: Uint8Array, tests: Array<(s: number) => boolean>): (s: number) => boolean {
  const [a, b, c] = tests;
  if (!a) return (s) => live[s] === 1;
  if (!b) return (s) => live[s] === 1 && a(s);
  if (!c) return (s) => live[s] === 1 && a(s) && b(s);
  if (tests.length === 3) return (s) => live[s] === 1 && a(s) && b(s) && c(s);
  return (s) => {
    if (live[s] !== 1) return false;
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(s)) return false;
    return true;
  };
}

export class PlaceIndex {
  private cap = 1024;
  private used = 0;
  private ids = new Int32Array(this.cap);
  private lat = new Float64Array(this.cap);
  /** cos(latitude), for the distance (radius searches compute it for thousands of places). */
  private cosLat = new Float64Array(this.cap);
  private lng = new Float64Array(this.cap);
  private nameKey = new Float64Array(this.cap);
  private cat = new Uint8Array(this.cap);
  /** Each place's flags (search-filters.ts: the facets its attributes satisfy, decision 0803). */
  private flags = new Uint32Array(this.cap);
  /** facts_at in epoch ms, NaN when unknown (stale, decision 0805). */
  private factsAt = new Float64Array(this.cap);
  private live = new Uint8Array(this.cap);
  /** 1 when the place has coordinates (the map and radius searches skip the others). */
  private located = new Uint8Array(this.cap);
  /** Each slot's map point as JSON (locations.map.ts's answer is built from them). */
  private points: string[] = [];
  /** Each slot's tag ids, and its open intervals as [start, end) pairs in epoch ms. */
  private readonly tags = new PackedLists((n) => new Int32Array(n));
  private readonly intervals = new PackedLists((n) => new Float64Array(n));
  /** Which slots are open in which hour, for "open when" (marked once such a search asks). */
  private readonly hours = new HourBitsets(this.cap);
  private readonly slotOf = new Map<number, number>();
  private readonly categories = new Map<string, number>();
  private readonly filterLists = new FilterLists();
  private readonly lexicon = new Lexicon();
  private spatial: { tree: KDBush; slots: Int32Array } | null = null;
  /** Per slot, the relevance and the distance of the current query (read only for its matches). */
  private score = new Float64Array(0);
  private miles = new Float64Array(0);
  private readonly text = new TextMatch();
  private readonly foundList = new SlotList();
  /** Slots of removed or replaced places, and replaced interval lists, still held (sync.ts
   * rebuilds the index when they pile up). */
  dead = 0;
  /** While a build fills the slots reserveInOrder gave. */
  private reserved = false;

  get size() {
    return this.slotOf.size;
  }

  has(id: number) {
    return this.slotOf.has(id);
  }

  nameKeyOf(id: number): number | undefined {
    const s = this.slotOf.get(id);
    return s === undefined ? undefined : this.nameKey[s];
  }

  /** Gives the places `ids`, in name order, the first slots before a build adds them: the lists
   * then run in name order (trim sorts them by slot) and a page without text needs no sort. */
  reserveInOrder(ids: number[]) {
    while (this.cap < this.used + ids.length) this.grow();
    for (const id of ids) {
      this.slotOf.set(id, this.used);
      this.ids[this.used++] = id;
    }
    this.reserved = true;
  }

  /** Adds a place, replacing what the index held for its id. */
  upsert(p: IndexedPlace) {
    const reserved = this.reserved ? this.slotOf.get(p.id) : undefined;
    let s: number;
    if (reserved !== undefined && !this.live[reserved]) s = reserved;
    else {
      // Slots are append-only: the old one is only marked dead, so posting lists never lose entries.
      this.remove(p.id);
      if (this.used === this.cap) this.grow();
      s = this.used++;
      this.slotOf.set(p.id, s);
      this.ids[s] = p.id;
    }
    this.lat[s] = p.latitude;
    this.cosLat[s] = Math.cos(rad(p.latitude));
    this.lng[s] = p.longitude;
    this.nameKey[s] = p.nameKey;
    this.flags[s] = p.flags;
    this.factsAt[s] = p.factsAt ?? Number.NaN;
    let c = this.categories.get(p.category);
    if (c === undefined) {
      c = this.categories.size + 1;
      this.categories.set(p.category, c);
    }
    this.cat[s] = c;
    this.live[s] = 1;
    this.located[s] = p.point === null ? 0 : 1;
    this.points[s] = p.point ?? '';
    const tagIds = [...new Set(p.tagIds)];
    this.tags.set(s, tagIds);
    this.filterLists.add(s, c, tagIds, p.flags);
    this.intervals.set(s, p.intervals);
    this.markSlotHours(s);
    for (const e of p.vector) this.lexicon.add(s, e);
    this.spatial = null;
  }

  /** Once the build is done: forgets the reserved slots no place filled (hidden meanwhile), puts
   * the lists in slot order and gives back the growable arrays' unused room. */
  trim() {
    if (this.reserved) {
      this.reserved = false;
      for (let s = 0; s < this.used; s++) {
        if (this.live[s] || this.slotOf.get(this.ids[s]!) !== s) continue;
        this.slotOf.delete(this.ids[s]!);
        this.dead++;
      }
      this.filterLists.sortBySlot();
      this.lexicon.sortBySlot();
    }
    this.tags.trim();
    this.intervals.trim();
    this.lexicon.trim();
  }

  /** Changes only a place's open intervals (the daily extension touches every place's). */
  setIntervals(id: number, intervals: number[]) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    // The old list stays unused in the packed array: counted with the dead slots, so that enough
    // of them make sync.ts rebuild the index.
    if (this.intervals.lengths[s]) this.dead++;
    this.intervals.set(s, intervals);
    this.markSlotHours(s);
  }

  private markSlotHours(s: number) {
    this.hours.mark(s, this.intervals.values, this.intervals.starts[s]!, this.intervals.lengths[s]!);
  }

  setNameKey(id: number, key: number) {
    const s = this.slotOf.get(id);
    if (s !== undefined) this.nameKey[s] = key;
  }

  remove(id: number) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.live[s] = 0;
    this.points[s] = '';
    this.tags.set(s, []);
    this.intervals.set(s, []);
    this.dead++;
    this.spatial = null;
  }

  private grow() {
    const cap = this.cap * 2;
    const copy = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(a: T, make: new (n: number) => T) => {
      const b = new make(cap);
      b.set(a);
      return b;
    };
    this.ids = copy(this.ids, Int32Array);
    this.lat = copy(this.lat, Float64Array);
    this.cosLat = copy(this.cosLat, Float64Array);
    this.lng = copy(this.lng, Float64Array);
    this.nameKey = copy(this.nameKey, Float64Array);
    this.cat = copy(this.cat, Uint8Array);
    this.flags = copy(this.flags, Uint32Array);
    this.factsAt = copy(this.factsAt, Float64Array);
    this.live = copy(this.live, Uint8Array);
    this.located = copy(this.located, Uint8Array);
    this.hours.reserve(cap);
    this.cap = cap;
  }

  /** Whether a visible place has a lexeme starting with `prefix` (else the SQL search tries typos). */
  matchesAny(prefix: string): boolean {
    for (const p of this.lexicon.withPrefix(prefix)) {
      for (let j = 0; j < p.length; j++) if (this.live[p.slots[j]!]) return true;
    }
    return false;
  }

  private spatialIndex() {
    if (!this.spatial) {
      const slots: number[] = [];
      for (let s = 0; s < this.used; s++) if (this.live[s] && this.located[s]) slots.push(s);
      const tree = new KDBush(Math.max(slots.length, 1));
      for (const s of slots) tree.add(this.lng[s]!, this.lat[s]!);
      if (!slots.length) tree.add(0, 0);
      tree.finish();
      this.spatial = { tree, slots: Int32Array.from(slots) };
    }
    return this.spatial;
  }

  /** The search's filters as tests on this index's places (search-filters.ts), "open when"'s
   * sped up by the hour bitsets: a slot in an hour the windows cover whole passes, one in no
   * hour they touch fails, and only the rest have their intervals tested. */
  private filterTests(q: IndexQuery): { tests: SlotTest[]; hours: HourSelection | null } {
    const places: PlaceColumns = {
      categoryCode: (c) => this.categories.get(c) ?? -1,
      cat: this.cat,
      flags: this.flags,
      tags: this.tags,
      intervals: this.intervals,
      located: this.located,
      lat: this.lat,
      lng: this.lng,
      cosLat: this.cosLat,
      miles: this.miles,
      lists: this.filterLists,
    };
    const tests = q.filters.map((f) => f(places));
    const timed = tests.find((t) => t.windows);
    const hours =
      (timed?.windows &&
        this.hours.select(timed.windows, () => {
          for (let s = 0; s < this.used; s++) if (this.live[s]) this.markSlotHours(s);
        })) ||
      null;
    if (timed && hours) {
      const { whole, part, hasPart } = hours;
      const intervals = timed.test;
      timed.test = (s) => hasSlot(whole, s) || (hasPart && hasSlot(part, s) && intervals(s));
    }
    return { tests, hours };
  }

  /** Collects the slots a search matches in foundList (relevance and miles filled for them);
   * whether they are ranked by text, and whether by distance. */
  private collect(q: IndexQuery): { ranked: boolean; byDistance: boolean } {
    if (this.score.length < this.used) {
      this.score = new Float64Array(this.cap);
      this.miles = new Float64Array(this.cap);
    }
    const score = this.score;
    const { tests, hours } = this.filterTests(q);
    const passes = allOf(
      this.live,
      tests.map((t) => t.test),
    );
    const byDistance = tests.some((t) => t.miles);

    const found = this.foundList;
    found.length = 0;
    let ranked = false;
    if (q.text) {
      const { lexicon, live, slotOf } = this;
      this.text.collect(q.text, { lexicon, live, slotOf }, passes, found, score);
      ranked = true;
    } else {
      let shortest: SlotList | null = null;
      let owner: SlotTest | null = null;
      for (const t of tests)
        for (const l of t.lists ?? [])
          if (!shortest || l.length < shortest.length) {
            shortest = l;
            owner = t;
          }
      const box = tests.find((t) => t.box)?.box;
      if (shortest && (!box || shortest.length < SPATIAL_PREFERRED)) {
        // The walked list's own test is passed by its every live slot when it is exact.
        const rest = owner?.exact
          ? allOf(
              this.live,
              tests.flatMap((t) => (t === owner ? [] : [t.test])),
            )
          : passes;
        for (let i = 0; i < shortest.length; i++) {
          const s = shortest.items[i]!;
          if (rest(s)) found.push(s);
        }
      } else if (box) {
        const { tree, slots } = this.spatialIndex();
        for (const i of tree.range(box.minLng, box.minLat, box.maxLng, box.maxLat)) {
          const s = slots[i];
          if (s !== undefined && passes(s)) found.push(s);
        }
      } else if (hours) {
        // The slots open in one of the windows' hours, from their bitsets' words.
        const { whole, part } = hours;
        for (let k = 0; k < whole.length; k++) {
          for (let w = whole[k]! | part[k]!; w; w &= w - 1) {
            const s = k * 32 + 31 - Math.clz32(w & -w);
            if (s < this.used && passes(s)) found.push(s);
          }
        }
      } else {
        for (let s = 0; s < this.used; s++) if (passes(s)) found.push(s);
      }
    }
    return { ranked, byDistance };
  }

  /** The page of a search. */
  search(q: IndexQuery): IndexPage {
    const { ranked, byDistance } = this.collect(q);
    const found = this.foundList;
    const score = this.score;
    const miles = this.miles;
    // Relevance desc (relevance.ts), distance asc, fresh facts before stale ones (an unknown date,
    // NaN, is stale), then lower(name), name, id (nameKey): locations.reads.ts's keys after its rank.
    // One comparison per case, with what it reads held in constants: it runs once or twice per match.
    const { factsAt, nameKey, ids } = this;
    const staleBefore = q.staleBefore;
    const tail = (a: number, b: number): number =>
      (factsAt[a]! >= staleBefore ? 0 : 1) - (factsAt[b]! >= staleBefore ? 0 : 1) ||
      nameKey[a]! - nameKey[b]! ||
      ids[a]! - ids[b]!;
    const near = byDistance ? (a: number, b: number): number => miles[a]! - miles[b]! || tail(a, b) : tail;
    const cmp = ranked ? (a: number, b: number): number => score[b]! - score[a]! || near(a, b) : near;
    const total = found.length;
    const end = q.limit === undefined ? total : Math.min(total, q.offset + q.limit);
    const order = { nameKey, ids, factsAt, staleBefore };
    const page =
      (!byDistance &&
        (ranked
          ? pageByScoreInNameOrder(found.items, total, q.offset, end, score, cmp, order)
          : pageInNameOrder(found.items, total, q.offset, end, order))) ||
      pageInOrder(found.items, total, q.offset, end, cmp, ranked ? score : undefined);
    return {
      ids: page.map((s) => this.ids[s]!),
      distances: page.map((s) => (byDistance ? miles[s]! : null)),
      total,
    };
  }

  /**
   * The map's answer (GET /api/locations/map and /points) as JSON (map-answer.ts); `view` null and
   * `pointLimit` Infinity: the bare list of points (/points).
   */
  map(q: IndexQuery, view: MapView | null, pointLimit: number, withSummary = true): string {
    this.collect(q);
    const slots: number[] = [];
    for (let i = 0; i < this.foundList.length; i++) {
      const s = this.foundList.items[i]!;
      if (this.located[s]) slots.push(s);
    }
    return mapAnswer(
      { ids: this.ids, lat: this.lat, lng: this.lng, points: this.points },
      slots,
      view,
      pointLimit,
      withSummary,
    );
  }
}
