// The Discover page's data on the server (decision 0900): the page's first-render queries and keys,
// answered in-process. Not knowing the viewport, the server renders the wide page; a phone narrows
// it (seedNarrowFirstPage), and CSS hides the third card until then (styles.css).
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_WIDE } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import type { ServerLoad } from '../../lib/ssr-data';
import { apiQuery, readFilters, readPage } from './filters';
import { listingKey, listingQs, type Point, toLocationPage } from './use-locations';

export async function prefetchDiscover(client: QueryClient, search: URLSearchParams, load: ServerLoad): Promise<void> {
  const filters = readFilters(search);
  const page = readPage(search);
  const address = filters.address.trim();
  const tags = load('/api/tags').then((r) => {
    if (r.status === 200) client.setQueryData(['/api/tags'], r.body);
  });
  let point: Point | null = null;
  if (address) {
    const r = await load(`/api/geocode?address=${encodeURIComponent(address)}`);
    const body = r.body as Partial<Point> | null;
    point =
      r.status === 200 && typeof body?.lat === 'number' && typeof body.lng === 'number'
        ? { lat: body.lat, lng: body.lng }
        : null;
    client.setQueryData(['/api/geocode', address], point);
  }
  // Near the visitor: only their browser knows where they are (decision 0905), so the results are
  // the browser's to fetch and the page arrives with the skeleton cards.
  if (filters.near) {
    await tags;
    return;
  }
  const offset = (page - 1) * PAGE_SIZE_WIDE;
  const qs = listingQs(apiQuery(filters, point), PAGE_SIZE_WIDE, offset);
  const r = await load(`/api/locations?${qs}`);
  if (r.status === 200) {
    client.setQueryData(listingKey(qs, 0), toLocationPage(r.body as Location[], r.header('x-total-count'), offset));
  }
  await tags;
}
