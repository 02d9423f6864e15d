// A place's page on the server (decision 0900): the place by slug under the page's key, in-process,
// and its week of hours on the render day. An unknown or hidden slug leaves the query failed, so
// both renders show the not-found card (and the server answers 404).
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import type { ServerLoad } from '../../lib/ssr-data';
import { LOCATIONS_PATH } from '../../lib/location-queries';
import type { Location } from '../../../shared/schemas/location';
import { locationKeys } from './api';
import { prefetchWeekTable } from './page-hours';

/** True when the place exists. */
export async function prefetchLocation(
  client: QueryClient,
  slug: string,
  load: ServerLoad,
  renderedAt: Date,
): Promise<boolean> {
  const r = await load(`${LOCATIONS_PATH}/slug/${encodeURIComponent(slug)}`);
  await client.prefetchQuery({
    queryKey: locationKeys.bySlug(slug),
    queryFn: () => {
      if (r.status === 200) return r.body;
      throw new ApiError(r.status, JSON.stringify(r.body), `${r.status}: ${JSON.stringify(r.body)}`);
    },
    retry: false,
  });
  if (r.status !== 200) return false;
  await prefetchWeekTable(client, (r.body as Location).openingHours ?? null, renderedAt);
  return true;
}
