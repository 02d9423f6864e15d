// Server calls of the Discover screen: the address lookup (through our own /api/geocode) and one
// page of the listing at a time (limit/offset, total in X-Total-Count).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Location } from '../../../shared/schemas/location';
import { LISTING_RETRIES, LISTING_STALE_MS } from '../../../shared/constants';
import { throwIfResNotOk } from '../../lib/api';

export interface Point {
  lat: number;
  lng: number;
}

/** The point of an address, or null when it is empty or cannot be found: docs/product.md says a failed
 * lookup is only logged and the search runs without a location. */
export function useGeocode(address: string) {
  const trimmed = address.trim();
  const query = useQuery({
    queryKey: ['/api/geocode', trimmed],
    enabled: trimmed !== '',
    queryFn: async ({ signal }): Promise<Point | null> => {
      try {
        const res = await fetch(`/api/geocode?address=${encodeURIComponent(trimmed)}`, {
          credentials: 'include',
          signal,
        });
        await throwIfResNotOk(res);
        const body = (await res.json()) as Partial<Point>;
        return typeof body.lat === 'number' && typeof body.lng === 'number' ? { lat: body.lat, lng: body.lng } : null;
      } catch (err) {
        if (signal.aborted) throw err;
        console.warn('Address lookup failed; searching without a location', err);
        return null;
      }
    },
  });
  return {
    point: trimmed ? (query.data ?? null) : null,
    /** True while an address is set but its point is not known yet. */
    pending: trimmed !== '' && query.isPending,
  };
}

export interface LocationPage {
  items: Location[];
  total: number;
}

export function useLocationPage(
  apiQuery: URLSearchParams,
  limit: number,
  offset: number,
  lastSearchTime: number,
  enabled: boolean,
) {
  const params = new URLSearchParams(apiQuery);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  const qs = params.toString();
  return useQuery({
    queryKey: ['/api/locations', 'list', qs, lastSearchTime],
    enabled,
    staleTime: LISTING_STALE_MS,
    retry: LISTING_RETRIES,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<LocationPage> => {
      const res = await fetch(`/api/locations?${qs}`, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      const items = (await res.json()) as Location[];
      const header = Number(res.headers.get('X-Total-Count'));
      return {
        items,
        total: Number.isFinite(header) && res.headers.has('X-Total-Count') ? header : offset + items.length,
      };
    },
  });
}
