// The Discover filter state (docs/product.md section 3, "Filter state") and its place in the URL's query
// string, so a search can be bookmarked, shared and restored with Back and Forward.
import { DEFAULT_RADIUS_MILES, FILTER_CATEGORIES, type FilterCategory } from '../../../shared/constants';
import { PARAM } from '../../../shared/discover-params';
import { formatClock, formatDays, type OpenWhenDay, parseClock, parseDays, WHOLE_DAY } from '../../../shared/open-when';
import { ACCESS_FILTERS, type AccessFilter, PAY_FILTERS, type PayFilter } from '../../../shared/place-facets';

export interface Filters {
  category: FilterCategory;
  search: string;
  address: string;
  radius: number;
  tagIds: number[];
  /** Only places surely open now (decision 0801). */
  openNow: boolean;
  /** Only places that open at least once in the next 7 days (decision 0801). */
  inSeason: boolean;
  /** Only places open for part of `from`–`to` on one of these days in the coming week (decision
   * 0802); none: no such filter. from/to in minutes after midnight, Kansas City clock. */
  days: OpenWhenDay[];
  from: number;
  to: number;
  /** Payments and benefits that must all be accepted, and access facts that must all hold
   * (decision 0803); each in its list's order. */
  pay: PayFilter[];
  access: AccessFilter[];
  /** Within the radius of the visitor's own position (decision 0905). The URL says only `near=me`:
   * the position itself stays in the page's memory (near-me.ts). An address, when set, wins. */
  near: boolean;
}

export type DiscoverView = 'list' | 'map';

export const RADIUS_CHOICES = [1, 2, 5, 10, 25, 50] as const;

/** URL keys, shared with the server's feeds and widget (src/shared/discover-params.ts, decision 1000). */
export { PARAM };

/** The value of a yes/no filter in the URL: present as '1', absent otherwise. */
const ON = '1';
/** The value of `near`: the visitor's own position, wherever they are. */
export const NEAR_ME = 'me';

/** The known facets of a key, in their list's order; an unknown name is left out. Read from every
 * occurrence of the key: the form without script sends each box as its own `pay=snap`. */
function readFacets<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const named = new Set(
    params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase()),
  );
  return allowed.filter((f) => named.has(f));
}

export function readFilters(params: URLSearchParams): Filters {
  const category = params.get(PARAM.category) ?? 'all';
  const radius = Number(params.get(PARAM.radius));
  const tagIds = (params.get(PARAM.tagIds) ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const address = (params.get(PARAM.address) ?? '').slice(0, 500);
  const days = parseDays(params.get(PARAM.days) ?? '') ?? [];
  // A window the server would refuse (half given, or backwards) reads as the whole day.
  const from = parseClock(params.get(PARAM.from) ?? '');
  const to = parseClock(params.get(PARAM.to) ?? '');
  const window = days.length && from !== null && to !== null && from < to ? { from, to } : WHOLE_DAY;
  return {
    category: (FILTER_CATEGORIES as readonly string[]).includes(category) ? (category as FilterCategory) : 'all',
    search: (params.get(PARAM.search) ?? '').slice(0, 200),
    address,
    radius: Number.isFinite(radius) && radius > 0 && radius <= 500 ? radius : DEFAULT_RADIUS_MILES,
    tagIds: [...new Set(tagIds)],
    openNow: params.get(PARAM.openNow) === ON,
    inSeason: params.get(PARAM.inSeason) === ON,
    days,
    from: window.from,
    to: window.to,
    pay: readFacets(params, PARAM.pay, PAY_FILTERS),
    access: readFacets(params, PARAM.access, ACCESS_FILTERS),
    near: params.get(PARAM.near) === NEAR_ME && address.trim() === '',
  };
}

/** The filters of a fresh visit: what a query string without filters reads as (everything, within
 * the default radius; filters.test.ts spells them out). */
export const DEFAULT_FILTERS: Filters = readFilters(new URLSearchParams());

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PARAM.page));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function readView(params: URLSearchParams): DiscoverView {
  return params.get(PARAM.view) === 'map' ? 'map' : 'list';
}

/** The query string for filters (defaults are left out, so a fresh visit has none). */
export function writeFilters(base: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, value);
  };
  set(PARAM.search, filters.search, filters.search.trim() === '');
  set(PARAM.category, filters.category, filters.category === 'all');
  set(PARAM.tagIds, filters.tagIds.join(','), filters.tagIds.length === 0);
  set(PARAM.address, filters.address, filters.address.trim() === '');
  set(PARAM.radius, String(filters.radius), filters.radius === DEFAULT_RADIUS_MILES);
  set(PARAM.openNow, ON, !filters.openNow);
  set(PARAM.inSeason, ON, !filters.inSeason);
  const wholeDay = !filters.days.length || (filters.from === WHOLE_DAY.from && filters.to === WHOLE_DAY.to);
  set(PARAM.days, formatDays(filters.days), !filters.days.length);
  set(PARAM.from, formatClock(filters.from), wholeDay);
  set(PARAM.to, formatClock(filters.to), wholeDay);
  set(PARAM.pay, filters.pay.join(','), !filters.pay.length);
  set(PARAM.access, filters.access.join(','), !filters.access.length);
  set(PARAM.near, NEAR_ME, !filters.near || filters.address.trim() !== '');
  return next;
}

/** The API query of the listing and the map points (docs/product.md section 7): category omitted when
 * all, tagIds comma-joined, lat/lng/radius only when an address is set and was found or the search
 * is near the visitor (the point is then their position, decision 0905), and the hours filters as
 * openNow=true / inSeason=true and days/from/to (docs/product.md section 3, Opening hours), and the
 * facets as pay= and access= (decision 0803). */
export function apiQuery(filters: Filters, point: { lat: number; lng: number } | null): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.category !== 'all') q.set('category', filters.category);
  if (filters.search.trim()) q.set('search', filters.search.trim());
  if (filters.tagIds.length) q.set('tagIds', filters.tagIds.join(','));
  if ((filters.address.trim() || filters.near) && point) {
    q.set('lat', String(point.lat));
    q.set('lng', String(point.lng));
    q.set('radius', String(filters.radius));
  }
  if (filters.openNow) q.set('openNow', 'true');
  if (filters.inSeason) q.set('inSeason', 'true');
  if (filters.days.length) {
    q.set('days', formatDays(filters.days));
    if (filters.from !== WHOLE_DAY.from || filters.to !== WHOLE_DAY.to) {
      q.set('from', formatClock(filters.from));
      q.set('to', formatClock(filters.to));
    }
  }
  if (filters.pay.length) q.set('pay', filters.pay.join(','));
  if (filters.access.length) q.set('access', filters.access.join(','));
  return q;
}
