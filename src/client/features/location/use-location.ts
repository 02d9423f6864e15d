// Data of the location page (docs/product.md section 7): the place by slug (cached 5 minutes, no refetch
// on focus, any failure = not found), its engagement totals by id (failure = zeros), and the view
// and click recording (failures only logged).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LOCATION_DETAIL_STALE_MS } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { getJson } from '../../lib/api';
import { recordEngagement } from '../../lib/engagement';

export const locationBySlugKey = (slug: string) => ['/api/locations/slug', slug] as const;
/** Under the by-id key, so invalidating a place's by-id data refreshes its counts too. */
export const engagementKey = (id: number) => ['/api/locations', id, 'engagement'] as const;

export function useLocationBySlug(slug: string) {
  return useQuery({
    queryKey: locationBySlugKey(slug),
    queryFn: () => getJson<Location>(`/api/locations/slug/${encodeURIComponent(slug)}`),
    staleTime: LOCATION_DETAIL_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export interface Engagement {
  totalViews: number;
  totalClicks: number;
}

export function useEngagement(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: engagementKey(id ?? 0),
    enabled: enabled && id !== undefined,
    queryFn: async (): Promise<Engagement> => {
      try {
        const loc = await getJson<Location>(`/api/locations/${id}`);
        return {
          totalViews: loc.engagement?.totalViews ?? 0,
          totalClicks: loc.engagement?.totalClicks ?? 0,
        };
      } catch {
        return { totalViews: 0, totalClicks: 0 };
      }
    },
    // Counts change with every visit: read them fresh each time the tab is shown.
    staleTime: 0,
  });
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
