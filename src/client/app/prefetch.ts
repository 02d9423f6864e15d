// The data a page needs around server rendering (decision 0900), by route: app/ composes the
// features, so the server entry asks here instead of reaching into them. Server only: the browser's
// entry imports app/first-page.ts, so that the location feature stays out of Discover's first load.
import type { QueryClient } from '@tanstack/react-query';
import { prefetchDiscover } from '../features/discover';
import { prefetchLocation } from '../features/location';
import type { ServerLoad } from '../lib/ssr-data';

/** Fills `client` with the page's data; false when the place of a /discover/{slug} URL does not exist. */
export async function prefetchRoute(
  client: QueryClient,
  url: URL,
  load: ServerLoad,
  renderedAt: Date,
  slug?: string,
): Promise<boolean> {
  if (slug !== undefined) return prefetchLocation(client, slug, load, renderedAt);
  if (url.pathname === '/' || url.pathname === '/discover') await prefetchDiscover(client, url.searchParams, load);
  return true;
}
