// How the client reads a place (docs/product.md section 7), for its page and the detail dialog:
// query keys, by slug (kept 5 minutes, any failure = not found) and by id (with engagement totals),
// views. Updates: features/location-form/update-location.ts; refreshes: lib/location-queries.ts.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LOCATION_DETAIL_STALE_MS } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { getJson } from '../../lib/api';
import { hasAwaitingReview } from '../../lib/awaiting-review';
import { recordEngagement } from '../../lib/engagement';
import { LOCATIONS_PATH } from '../../lib/location-queries';

export const locationKeys = {
  /** GET /api/locations/{id} through the default query function (the key's parts joined by '/'). */
  byId: (id: number) => [LOCATIONS_PATH, id] as const,
  bySlug: (slug: string) => [`${LOCATIONS_PATH}/slug`, slug] as const,
};

export function useLocationBySlug(slug: string) {
  return useQuery({
    queryKey: locationKeys.bySlug(slug),
    queryFn: () => getJson<Location>(`${LOCATIONS_PATH}/slug/${encodeURIComponent(slug)}`),
    staleTime: LOCATION_DETAIL_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
    // A failed lookup the server rendered (the not-found card, decision 0900) stays failed when the
    // page hydrates, instead of turning back into the skeleton for another try; unless this browser
    // has a place waiting for review: the server renders for the public, its author asks again.
    retryOnMount: hasAwaitingReview(),
  });
}

/** The place by id, with its engagement totals. Counts change with every visit: read fresh each
 * time it is asked for (staleTime 0). */
export function useLocation(id: number, enabled = true) {
  return useQuery<Location>({ queryKey: locationKeys.byId(id), enabled, staleTime: 0 });
}

export interface Engagement {
  totalViews: number;
  totalClicks: number;
}

/** The totals of a by-id answer: null while loading, zeros when the call failed. */
export function engagementOf(query: UseQueryResult<Location>): Engagement | null {
  if (query.isError) return { totalViews: 0, totalClicks: 0 };
  if (!query.data) return null;
  return {
    totalViews: query.data.engagement?.totalViews ?? 0,
    totalClicks: query.data.engagement?.totalClicks ?? 0,
  };
}

/** One view per page load. The ref survives React StrictMode's second effect run (same
 * component instance), so development double-effects do not count twice. */
export function useRecordView(id: number | undefined, onRecorded?: () => void) {
  const recorded = useRef<number | null>(null);
  const callback = useRef(onRecorded);
  callback.current = onRecorded;
  useEffect(() => {
    if (id === undefined || recorded.current === id) return;
    recorded.current = id;
    void recordEngagement(id, 'view').then(() => callback.current?.());
  }, [id]);
}
