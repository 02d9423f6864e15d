// Server calls of the Discover screen: the address lookup (through our own /api/geocode) and one
// page of the listing at a time (limit/offset, total in X-Total-Count).
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Location } from '../../../shared/schemas/location';
import {
  LISTING_RETRIES,
  LISTING_STALE_MS,
  MOBILE_BREAKPOINT_PX,
  PAGE_SIZE_NARROW,
  PAGE_SIZE_WIDE,
} from '../../../shared/constants';
import { readHeaders, throwIfResNotOk } from '../../lib/api';
import { hasAwaitingReview } from '../../lib/awaiting-review';

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

/** The listing's query string: the filters' API query plus one page (limit, offset). */
export function listingQs(apiQuery: URLSearchParams, limit: number, offset: number): string {
  const params = new URLSearchParams(apiQuery);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

/** One key for the browser and the server renderer (decision 0900). */
export const listingKey = (qs: string, lastSearchTime: number) => ['/api/locations', 'list', qs, lastSearchTime];

/** A page of the listing from the answer's items and X-Total-Count header. */
export function toLocationPage(items: Location[], totalHeader: string | null, offset: number): LocationPage {
  const header = Number(totalHeader);
  return { items, total: totalHeader !== null && Number.isFinite(header) ? header : offset + items.length };
}

/**
 * The server renders the wide page (PAGE_SIZE_WIDE cards): it cannot know the viewport. On a phone
 * the first page of PAGE_SIZE_NARROW cards is the start of that answer, so it is put in the cache
 * before hydrating and the phone's page appears without a request or a skeleton (decision 0900).
 */
export function seedNarrowFirstPage(client: QueryClient): void {
  if (!window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches) return;
  for (const query of client.getQueryCache().findAll({ queryKey: ['/api/locations', 'list'] })) {
    const [, , qs, time] = query.queryKey as [string, string, string, number];
    const params = new URLSearchParams(qs);
    const data = query.state.data as LocationPage | undefined;
    if (!data || params.get('offset') !== '0' || params.get('limit') !== String(PAGE_SIZE_WIDE)) continue;
    params.set('limit', String(PAGE_SIZE_NARROW));
    client.setQueryData(listingKey(params.toString(), time), {
      items: data.items.slice(0, PAGE_SIZE_NARROW),
      total: data.total,
    });
  }
}

export function useLocationPage(
  apiQuery: URLSearchParams,
  limit: number,
  offset: number,
  lastSearchTime: number,
  enabled: boolean,
) {
  const qs = listingQs(apiQuery, limit, offset);
  return useQuery({
    queryKey: listingKey(qs, lastSearchTime),
    enabled,
    // The server renders the public's results; a contributor with a place waiting for review asks
    // again at once, to see their own among them (decision 0403).
    staleTime: hasAwaitingReview() ? 0 : LISTING_STALE_MS,
    refetchOnMount: hasAwaitingReview() ? 'always' : true,
    retry: LISTING_RETRIES,
    // No placeholder from the last search: a new search or page shows the skeleton cards while it
    // loads, as docs/product.md section 2 says, not the previous results.
    queryFn: async ({ signal }): Promise<LocationPage> => {
      const res = await fetch(`/api/locations?${qs}`, { credentials: 'include', signal, headers: readHeaders() });
      await throwIfResNotOk(res);
      return toLocationPage((await res.json()) as Location[], res.headers.get('X-Total-Count'), offset);
    },
  });
}
