// The Discover URL's query (decision 0201) as the server reads it for the calendar, change feed and
// widget, which take exactly the query of the page they came from (decision 1000). Unlike the page
// (src/client/features/discover/filters.ts), which ignores a bad value, these answer 400 naming it.
import { z } from 'zod';
import { ADDRESS_MAX, DEFAULT_RADIUS_MILES, FILTER_CATEGORIES } from './constants.js';
import { FEED_LANG_PARAM, FEED_LANGUAGES, type FeedLanguage, PARAM } from './discover-params.js';
import { type OpenWhenDay, WHOLE_DAY } from './open-when.js';
import type { AccessFilter, PayFilter } from './place-attributes.js';
import { checkOpenWhen, facetFields, openWhenFields, tagIdList } from './schemas/location-query.js';

export { FEED_LANGUAGES, type FeedLanguage } from './discover-params.js';

/** A yes/no filter as Discover writes it: '1' on; absent (or '0') off. */
const flag = (name: string) =>
  z
    .enum(['1', '0'], { error: `${name} must be 1 or absent` })
    .optional()
    .transform((v) => v === '1');

const tagList = tagIdList('tags', 'comma-separated tag ids');

/** Every key a Discover URL can carry. `page` and `view` are the page's own and change nothing
 * here; other keys (a campaign tag a partner adds) are ignored. */
export const discoverQuerySchema = z
  .object({
    [PARAM.search]: z.string().max(200, 'q must be at most 200 characters').optional(),
    [PARAM.category]: z
      .enum(FILTER_CATEGORIES, { error: 'category must be one of the Discover categories' })
      .optional(),
    [PARAM.tagIds]: tagList.optional(),
    [PARAM.address]: z.string().max(ADDRESS_MAX, `address must be at most ${ADDRESS_MAX} characters`).optional(),
    [PARAM.radius]: z.coerce
      .number({ error: 'radius must be a number of miles' })
      .positive('radius must be positive')
      .max(500, 'radius must be at most 500 miles')
      .optional(),
    [PARAM.openNow]: flag(PARAM.openNow),
    [PARAM.inSeason]: flag(PARAM.inSeason),
    ...openWhenFields(),
    ...facetFields(),
    [PARAM.page]: z.string().max(20).optional(),
    [PARAM.view]: z.string().max(20).optional(),
    [FEED_LANG_PARAM]: z.enum(FEED_LANGUAGES, { error: 'lang must be en or es' }).optional(),
  })
  .superRefine(checkOpenWhen)
  .transform((q) => ({
    filters: {
      category: q.category ?? 'all',
      search: (q.q ?? '').trim(),
      tagIds: q.tags ?? [],
      address: (q.address ?? '').trim(),
      radius: q.radius ?? DEFAULT_RADIUS_MILES,
      openNow: q.open,
      inSeason: q.season,
      days: q.days ?? ([] as OpenWhenDay[]),
      from: q.from ?? WHOLE_DAY.from,
      to: q.to ?? WHOLE_DAY.to,
      pay: q.pay ?? ([] as PayFilter[]),
      access: q.access ?? ([] as AccessFilter[]),
    },
    lang: (q.lang ?? 'en') as FeedLanguage,
  }));
type DiscoverQuery = z.output<typeof discoverQuerySchema>;
export type DiscoverFilters = DiscoverQuery['filters'];
