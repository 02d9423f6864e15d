// The Discover filters (decision 0515), one entry each: what the filter means on both paths, its
// SQL condition over `locations l` and its test in the in-process index (decision 0504). The text
// search is not here: it ranks as well as filters, so locations.search.ts and the index keep it.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { seasonWindowEnd } from '../../../shared/hours-status.js';
import { openWhenWindows, WHOLE_DAY } from '../../../shared/open-when.js';
import {
  ACCESS_FILTERS,
  facetContainment,
  facetMask,
  PAY_FILTERS,
  type PayFilter,
  type AccessFilter,
} from '../../../shared/place-attributes.js';
import type { LocationListQuery } from '../../../shared/schemas/location-query.js';
import type { PackedLists, SlotList } from './search-index/buffers.js';
import type { FilterLists } from './search-index/filter-lists.js';
import { boundingBox, distanceMiles, EARTH_RADIUS_MILES, rad } from './search-index/geo.js';
import { flatWindows, overlapsAny } from './search-index/hours-match.js';

export type SearchFilters = Omit<LocationListQuery, 'limit' | 'offset'>;

/** What the index holds of its places for the filters to read: its typed arrays by slot, as
 * place-index.ts hands them to a search. */
export interface PlaceColumns {
  /** A category's code in `cat`; -1 for a category no place has. */
  categoryCode(category: string): number;
  cat: Uint8Array;
  /** Each place's PLACE_FLAGS bits. */
  flags: Uint32Array;
  tags: PackedLists<Int32Array>;
  /** Open intervals as [start, end) pairs in epoch ms (decision 0801), in order of their starts. */
  intervals: PackedLists<Float64Array>;
  /** 1 when the place has coordinates. */
  located: Uint8Array;
  lat: Float64Array;
  lng: Float64Array;
  cosLat: Float64Array;
  /** Written by the radius's test: each passing slot's distance, which orders the page. */
  miles: Float64Array;
  /** The slots of each category, tag and flag (filter-lists.ts). */
  lists: FilterLists;
}

/** One filter's test in the index, for one search. The index walks the shortest of `lists`, else
 * the `box`, else the hours of `windows` (its own shortcuts), and tests every filter on each slot. */
export interface SlotTest {
  /** Whether live slot `s` passes. */
  test: (s: number) => boolean;
  /** Lists that each hold every slot that passes. */
  lists?: SlotList[];
  /** Its one list holds exactly the live slots that pass: a slot's category, tags and flags never
   * change (a changed place gets a new slot, place-index.ts). */
  exact?: boolean;
  /** A box that holds every slot that passes. */
  box?: ReturnType<typeof boundingBox>;
  /** Flat [start, end) windows: a slot passes only when open in part of one (hour-bitsets.ts
   * decides most slots without `test`). */
  windows?: Float64Array;
  /** The test leaves each passing slot's distance in `miles`: the page is ordered by it. */
  miles?: true;
}

/** A filter of the search, in the index's terms (indexFilters). */
export type IndexFilter = (places: PlaceColumns) => SlotTest;

interface SearchFilter<V> {
  /** What the search asks of this filter, worked out once per search; null when it asks nothing. */
  values(f: SearchFilters, now: Date): V | null;
  /** Its condition over `locations l`. */
  sql(v: V): SQL;
  /** Its test on the index's places: it must pass exactly the places `sql` finds. */
  index(v: V, places: PlaceColumns): SlotTest;
}

const filter = <V>(f: SearchFilter<V>) => f as SearchFilter<unknown>;

/** The yes/no facts the index keeps per place as one bit each of `flags`, worked out by the
 * database from these conditions when it loads places (load-places.ts), so each means one thing. */
const PLACE_FLAGS: Array<{ bit: number; holds: SQL }> = [];

/** Adds a per-place flag; its bit. */
function placeFlag(holds: SQL): number {
  const bit = 1 << PLACE_FLAGS.length;
  if (PLACE_FLAGS.length === 31) throw new Error('At most 31 place flags');
  PLACE_FLAGS.push({ bit, holds });
  return bit;
}

/** The facets (decision 0803) as stored facts: one containment for all those asked, which the GIN
 * index locations_attributes_idx answers; each one a flag, in facetMask's bit order. */
const facetSql = (facets: Array<PayFilter | AccessFilter>) =>
  sql`l.attributes @> ${JSON.stringify(facetContainment(facets))}::jsonb`;
for (const facet of [...PAY_FILTERS, ...ACCESS_FILTERS]) {
  if (placeFlag(facetSql([facet])) !== facetMask([facet])) throw new Error(`facet ${facet}: bit out of order`);
}

/** Each place's flags as one integer (load-places.ts selects it). */
export function placeFlagsSql(): SQL {
  if (!PLACE_FLAGS.length) return sql`0`;
  return sql.join(
    PLACE_FLAGS.map(({ bit, holds }) => sql`(case when ${holds} then ${bit}::int else 0 end)`),
    sql` + `,
  );
}

/** Miles from `l`'s coordinates to a point (haversine), as the search computes and answers it; the
 * point's values or a prepared query's placeholders for them (locations.reads.ts). */
export function distanceFrom(lat: number | Placeholder, lng: number | Placeholder): SQL {
  return sql`(${EARTH_RADIUS_MILES}::double precision * 2 * asin(least(1, sqrt(
      power(sin(radians(l.latitude - ${lat}::double precision) / 2), 2)
      + cos(radians(${lat}::double precision)) * cos(radians(l.latitude))
      * power(sin(radians(l.longitude - ${lng}::double precision) / 2), 2)))))`;
}

const category = filter<string>({
  values: (f) => (f.category && f.category !== 'all' ? f.category : null),
  sql: (c) => sql`l.category = ${c}`,
  index(c, p) {
    const code = p.categoryCode(c);
    const cat = p.cat;
    return { test: (s) => cat[s] === code, lists: [p.lists.category(code)], exact: true };
  },
});

/** Every chosen tag (decision 0101). */
const tags = filter<number[]>({
  values: (f) => (f.tagIds?.length ? [...new Set(f.tagIds)] : null),
  // One EXISTS per chosen tag: the planner estimates each tag's selectivity and can start from the
  // category, the box or the text instead (a group by ... having count(*) = n could not be estimated).
  sql: (ids) =>
    sql.join(
      ids.map((id) => sql`exists (select 1 from location_tags lt where lt.location_id = l.id and lt.tag_id = ${id})`),
      sql` and `,
    ),
  index(ids, p) {
    const { tags } = p;
    return {
      test(s) {
        const own = tags.values;
        const from = tags.starts[s]!;
        const to = from + tags.lengths[s]!;
        for (const t of ids) {
          let has = false;
          for (let i = from; i < to && !has; i++) has = own[i] === t;
          if (!has) return false;
        }
        return true;
      },
      lists: ids.map((id) => p.lists.tag(id)),
      exact: ids.length === 1,
    };
  },
});

/** "Open now" (an interval holding now) or "in season" (one overlapping the season window), over
 * the intervals written ahead (decision 0801); open now implies in season, so one test is enough. */
const hours = filter<{ openNow: boolean; now: number; seasonEnd: number }>({
  values: (f, now) =>
    f.openNow || f.inSeason
      ? {
          openNow: !!f.openNow,
          now: now.getTime(),
          // Only the season asks it: working it out costs a dozen wall-time conversions.
          seasonEnd: f.openNow ? Number.POSITIVE_INFINITY : seasonWindowEnd(now).getTime(),
        }
      : null,
  sql(v) {
    // The range expression is the one location_open_intervals_range_idx indexes.
    const at = sql`${new Date(v.now).toISOString()}::timestamptz`;
    const during = v.openNow
      ? sql`@> ${at}`
      : sql`&& tstzrange(${at}, ${new Date(v.seasonEnd).toISOString()}::timestamptz)`;
    return sql`exists (select 1 from location_open_intervals oi
                        where oi.location_id = l.id and tstzrange(oi.starts_at, oi.ends_at) ${during})`;
  },
  index({ openNow, now, seasonEnd }, { intervals }) {
    return {
      test(s) {
        const values = intervals.values;
        const from = intervals.starts[s]!;
        const to = from + intervals.lengths[s]!;
        for (let i = from; i < to; i += 2) {
          const a = values[i]!;
          const b = values[i + 1]!;
          if (openNow ? a <= now && now < b : a < b && a < seasonEnd && now < b) return true;
        }
        return false;
      },
    };
  },
});

/** The facets (decision 0803): every one asked must hold; a "no" or an unknown never matches. */
const facets = filter<{ facets: Array<PayFilter | AccessFilter>; mask: number }>({
  values(f) {
    const all = [...(f.pay ?? []), ...(f.access ?? [])];
    return all.length ? { facets: all, mask: facetMask(all) } : null;
  },
  sql: (v) => facetSql(v.facets),
  index({ mask }, p) {
    const flags = p.flags;
    const lists: SlotList[] = [];
    for (let m = mask, bit = 0; m; m >>>= 1, bit++) if (m & 1) lists.push(p.lists.flag(bit));
    return { test: (s) => (flags[s]! & mask) === mask, lists, exact: lists.length === 1 };
  },
});

/** "Open when I can go" (decision 0802): an interval overlapping one of the coming week's windows
 * of the chosen days; without days, no filter. */
const openWhen = filter<Array<[number, number]>>({
  values: (f, now) =>
    f.days?.length
      ? openWhenWindows(now, { days: f.days, from: f.from ?? WHOLE_DAY.from, to: f.to ?? WHOLE_DAY.to })
      : null,
  sql(windows) {
    // One `&&` per window (at most 8), so each can be a scan of the same GiST index.
    const overlaps = windows.map(
      ([a, b]) =>
        sql`tstzrange(oi.starts_at, oi.ends_at) && tstzrange(${new Date(a).toISOString()}::timestamptz, ${new Date(b).toISOString()}::timestamptz)`,
    );
    return overlaps.length
      ? sql`exists (select 1 from location_open_intervals oi
                     where oi.location_id = l.id and (${sql.join(overlaps, sql` or `)}))`
      : sql`false`;
  },
  index(pairs, { intervals }) {
    const windows = flatWindows(pairs);
    return {
      test: (s) => overlapsAny(intervals.values, intervals.starts[s]!, intervals.lengths[s]!, windows),
      windows,
    };
  },
});

/** Within `radius` miles of a point (haversine): places without coordinates never match. */
const near = filter<{ lat: number; lng: number; radius: number }>({
  values: (f) => (f.lat !== undefined && f.lng !== undefined ? { lat: f.lat, lng: f.lng, radius: f.radius } : null),
  sql({ lat, lng, radius }) {
    const box = boundingBox(lat, lng, radius);
    // The box as one condition on the GiST index locations_point_idx (x = longitude, y = latitude).
    return sql`point(l.longitude, l.latitude) <@ box(
      point(${box.minLng}::double precision, ${box.minLat}::double precision),
      point(${box.maxLng}::double precision, ${box.maxLat}::double precision)) and ${distanceFrom(lat, lng)} <= ${radius}::double precision`;
  },
  index({ lat, lng, radius }, { located, lat: lats, lng: lngs, cosLat, miles }) {
    const box = boundingBox(lat, lng, radius);
    const cosQueryLat = Math.cos(rad(lat));
    return {
      test(s) {
        if (!located[s]) return false;
        const la = lats[s]!;
        const ln = lngs[s]!;
        if (la < box.minLat || la > box.maxLat || ln < box.minLng || ln > box.maxLng) return false;
        const d = distanceMiles(lat, lng, cosQueryLat, la, ln, cosLat[s]!);
        if (!(d <= radius)) return false;
        miles[s] = d;
        return true;
      },
      box,
      miles: true,
    };
  },
});

/** Every Discover filter; the index tests them in this order, so the radius's trigonometry last. */
const SEARCH_FILTERS = [category, tags, hours, facets, openWhen, near];

/** The SQL conditions of the filters `f` asks for, at `now`. */
export function filterConditions(f: SearchFilters, now: Date): SQL[] {
  const out: SQL[] = [];
  for (const entry of SEARCH_FILTERS) {
    const v = entry.values(f, now);
    if (v !== null) out.push(entry.sql(v));
  }
  return out;
}

/** The filters `f` asks for, at `now`, in the index's terms (its query holds them). */
export function indexFilters(f: SearchFilters, now: Date): IndexFilter[] {
  const out: IndexFilter[] = [];
  for (const entry of SEARCH_FILTERS) {
    const v = entry.values(f, now);
    if (v !== null) out.push((places) => entry.index(v, places));
  }
  return out;
}
