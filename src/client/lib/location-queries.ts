// What every query about places shares (docs/product.md section 7): the path their keys start with,
// and the one rule for what is refreshed after a place is written. Below the features, so that the
// location feature (reads) and the location form (writes) both use it without importing each other.
import { queryClient } from './query-client';

/** Every query about places has a key starting with this path: the listing ('list'), the map
 * points ('map'), a place by id (and its counts), by slug, and the possible duplicates. */
export const LOCATIONS_PATH = '/api/locations';

/** The invalidation policy: after a place is added, updated or deleted, every query about places
 * is refreshed (lists, map points, the place by id and by slug, duplicates), since a name, a
 * category, an address or a tag can move it in or out of any of them. */
export function invalidateLocationQueries(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(LOCATIONS_PATH),
  });
}
