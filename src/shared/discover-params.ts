// The Discover URL's query keys (decision 0201), shared by the page (features/discover/filters.ts)
// and the server's feeds and widget (./discover-query.ts, decision 1000). Only constants and the
// clock's spelling (./open-when.ts), so Discover's first load takes it as it is.
import { DEFAULT_RADIUS_MILES } from './constants.js';
import { formatClock, WHOLE_DAY } from './open-when.js';

/** URL keys: short and readable (?q=market&category=park&tags=3,7&address=...&radius=10&open=1&season=1&page=2&view=map). */
export const PARAM = {
  search: 'q',
  category: 'category',
  tagIds: 'tags',
  address: 'address',
  radius: 'radius',
  openNow: 'open',
  inSeason: 'season',
  /** "Open when I can go" (decision 0802): days=sat,sun&from=08:00&to=12:00, as the API says it. */
  days: 'days',
  from: 'from',
  to: 'to',
  /** The facets (decision 0803): pay=snap,wic&access=wheelchair, as the API says them. */
  pay: 'pay',
  access: 'access',
  /** 'me': a radius search from the visitor's own position, which never goes in the URL (decision 0905). */
  near: 'near',
  page: 'page',
  view: 'view',
} as const;

/** The language of a feed's or the widget's own words; not a Discover key (the page keeps its
 * language in a cookie), so a link made from the Spanish page adds it. */
export const FEED_LANG_PARAM = 'lang';
export const FEED_LANGUAGES = ['en', 'es'] as const;
export type FeedLanguage = (typeof FEED_LANGUAGES)[number];

/** A search as the Discover page holds it (its `Filters`). */
export interface FeedFilters {
  category: string;
  search: string;
  tagIds: number[];
  address: string;
  radius: number;
  openNow: boolean;
  inSeason: boolean;
  days: readonly string[];
  from: number;
  to: number;
  pay: readonly string[];
  access: readonly string[];
}

/** The query string of a search's feed or widget: the Discover filters (defaults left out, as the
 * page writes them) plus the language when it is not English. */
export function feedQueryString(filters: FeedFilters, lang: FeedLanguage = 'en'): string {
  const q = new URLSearchParams();
  if (filters.search.trim()) q.set(PARAM.search, filters.search.trim());
  if (filters.category !== 'all') q.set(PARAM.category, filters.category);
  if (filters.tagIds.length) q.set(PARAM.tagIds, filters.tagIds.join(','));
  if (filters.address.trim()) q.set(PARAM.address, filters.address.trim());
  if (filters.radius !== DEFAULT_RADIUS_MILES) q.set(PARAM.radius, String(filters.radius));
  if (filters.openNow) q.set(PARAM.openNow, '1');
  if (filters.inSeason) q.set(PARAM.inSeason, '1');
  if (filters.days.length) {
    q.set(PARAM.days, filters.days.join(','));
    // The whole day (0 to 24:00) is the default, left out as the page leaves it out.
    if (filters.from !== WHOLE_DAY.from || filters.to !== WHOLE_DAY.to) {
      q.set(PARAM.from, formatClock(filters.from));
      q.set(PARAM.to, formatClock(filters.to));
    }
  }
  if (filters.pay.length) q.set(PARAM.pay, filters.pay.join(','));
  if (filters.access.length) q.set(PARAM.access, filters.access.join(','));
  if (lang !== 'en') q.set(FEED_LANG_PARAM, lang);
  const s = q.toString();
  return s ? `?${s}` : '';
}
