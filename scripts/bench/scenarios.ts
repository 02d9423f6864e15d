// The benchmark's requests (docs/benchmarks.md): each scenario's path, asked over and over
// ("repeated"), and the distinct paths of its "varied" mode, seeded so every run asks the same.
import { mercatorLatLng, mercatorPixel, tileArea } from '../../src/shared/map-grid.js';
import { hsdsId } from '../../src/server/modules/hsds/hsds-ids.js';
import { BENCH_CATEGORIES, facetScenarios, hoursScenarios, searchPoints, searchTerms } from './synthetic.js';

const hsdsTagTermId = (tagId: number) => hsdsId('tag_term', tagId);

export interface Scenario {
  name: string;
  path: string;
  /** 'varied queries': each request takes the next of these paths (at least 200 distinct). */
  varied?: string[];
  headers?: Record<string, string>;
}

/** The area the map client asks for (features/map/map-view.tsx, snappedArea) when a 1120 x 512 px
 * map is centred on lat, lng at a zoom level (the same tileArea). */
function areaQuery(lat: number, lng: number, zoom: number): string {
  const c = mercatorPixel(lat, lng, zoom);
  const nw = mercatorLatLng(c.x - 560, c.y - 256, zoom);
  const se = mercatorLatLng(c.x + 560, c.y + 256, zoom);
  const area = tileArea({ west: nw.lng, south: se.lat, east: se.lng, north: nw.lat }, zoom);
  return new URLSearchParams(Object.entries(area).map(([k, v]) => [k, String(v)])).toString();
}

/** The API's searches; indexes 0 (text), 4 (map points) and 6 (map view) give the ceiling sizes. */
export function searchScenarios(tagIds: number[]): Scenario[] {
  const [t1, t2] = [tagIds[0]!, tagIds[3]!];
  const page = 'limit=3&offset=0';
  // Varied queries: seeded lists, the same on every run, so the response cache mostly misses.
  const terms = searchTerms(240);
  const points = searchPoints(240);
  const tagPairs: Array<[number, number]> = [];
  for (let i = 0; i < tagIds.length; i++)
    for (let j = i + 1; j < tagIds.length; j += 7) tagPairs.push([tagIds[i]!, tagIds[j]!]);
  const n = 240;
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const enc = encodeURIComponent;
  return [
    {
      name: 'text search',
      path: `/api/locations?search=garden&${page}`,
      varied: terms.map((t) => `/api/locations?search=${enc(t)}&${page}`),
    },
    {
      name: 'category + tags',
      path: `/api/locations?category=farmers-market&tagIds=${t1},${t2}&${page}`,
      varied: Array.from({ length: n }, (_, i) => {
        const [a, b] = pick(tagPairs, i * 13);
        return `/api/locations?category=${pick(BENCH_CATEGORIES, i)}&tagIds=${a},${b}&${page}`;
      }),
    },
    {
      name: 'radius (5 mi)',
      path: `/api/locations?lat=39.0997&lng=-94.5786&radius=5&${page}`,
      varied: points.map((p) => `/api/locations?lat=${p.lat}&lng=${p.lng}&radius=5&${page}`),
    },
    {
      name: 'all combined',
      path: `/api/locations?search=garden&category=community-garden&tagIds=${t1}&lat=39.0997&lng=-94.5786&radius=5&${page}`,
      varied: Array.from({ length: n }, (_, i) => {
        const p = pick(points, i);
        return `/api/locations?search=${enc(pick(terms, i * 7))}&category=${pick(BENCH_CATEGORIES, i)}&tagIds=${pick(tagIds, i * 3)}&lat=${p.lat}&lng=${p.lng}&radius=5&${page}`;
      }),
    },
    {
      name: 'map points (category)',
      path: '/api/locations/points?category=farmers-market',
      varied: Array.from(
        { length: n },
        (_, i) =>
          `/api/locations/points?category=${pick(BENCH_CATEGORIES, i)}&tagIds=${pick(tagIds, Math.floor(i / 5))}`,
      ),
    },
    // What the map itself asks (decision 0203) with 20,000 farmers markets: first the filters alone
    // (the total and the bounds), then the area in view as a desktop browser sends it.
    {
      name: 'map overview (category)',
      path: '/api/locations/map?category=farmers-market',
      varied: Array.from(
        { length: n },
        (_, i) => `/api/locations/map?category=${pick(BENCH_CATEGORIES, i)}&tagIds=${pick(tagIds, Math.floor(i / 5))}`,
      ),
    },
    {
      name: 'map view (category, zoom 11)',
      path: `/api/locations/map?category=farmers-market&${areaQuery(39.0997, -94.5786, 11)}`,
      varied: Array.from({ length: n }, (_, i) => {
        const p = pick(points, i);
        return `/api/locations/map?category=${pick(BENCH_CATEGORIES, i)}&${areaQuery(p.lat, p.lng, 11 + (i % 4))}`;
      }),
    },
    // The opening hours filters (decisions 0801 and 0802: "open when" is the time-window row).
    ...hoursScenarios(tagIds, points, page, n),
    // The facets (decision 0803).
    ...facetScenarios(points, terms, page, n),
  ];
}

/** Server-rendered pages as a phone's browser asks for them: Discover (the varied mode with a
 * search word in the URL) and a place's page (the varied mode over `slugs`), beside a static file. */
export function pageScenarios(slugs: string[]): Scenario[] {
  const html = { accept: 'text/html', 'accept-encoding': 'br' };
  const terms = searchTerms(240);
  return [
    {
      name: 'page: Discover (/)',
      path: '/',
      headers: html,
      // `q`: the Discover page's own key for the search words (features/discover/filters.ts).
      varied: terms.map((t) => `/discover?q=${encodeURIComponent(t)}`),
    },
    {
      name: 'page: a location',
      path: `/discover/${slugs[0]}`,
      headers: html,
      varied: slugs.map((s) => `/discover/${s}`),
    },
    // What the same server answers with a file from disk and no rendering: the pages' ceiling.
    { name: 'ceiling: static file (/favicon.svg)', path: '/favicon.svg', headers: html },
  ];
}

/** Reaching people where they are (decisions 1001 and 1003): a search's calendar, the first 50
 * places' opening times and deadlines over 8 weeks (the Discover query's own keys), and a page of
 * HSDS services; varied over categories, tags and search words. */
export function reachScenarios(tagIds: number[]): Scenario[] {
  const terms = searchTerms(240);
  const n = 240;
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const enc = encodeURIComponent;
  const categoryCount = BENCH_CATEGORIES.length;
  return [
    {
      name: "calendar: a search's (/calendar.ics)",
      path: `/calendar.ics?category=farmers-market&tags=${tagIds[0]}`,
      varied: Array.from({ length: n }, (_, i) =>
        i % 2
          ? `/calendar.ics?category=${pick(BENCH_CATEGORIES, i)}&tags=${pick(tagIds, Math.floor(i / categoryCount))}`
          : `/calendar.ics?q=${enc(pick(terms, i))}`,
      ),
    },
    {
      name: 'HSDS: /hsds/services',
      path: '/hsds/services?search=garden&per_page=50',
      varied: Array.from({ length: n }, (_, i) =>
        i % 2
          ? `/hsds/services?taxonomy_term_id=${hsdsTagTermId(pick(tagIds, i))}&page=${1 + (i % 5)}`
          : `/hsds/services?search=${enc(pick(terms, i))}`,
      ),
    },
  ];
}
