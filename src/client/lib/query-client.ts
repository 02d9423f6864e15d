import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api';

/** The default query: GET on the key's path (its parts joined with '/'), JSON parsed. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.join('/'));

// docs/product.md section 7: no periodic refetch, no refetch on focus, never stale, no retries, except
// where a query says otherwise (the listing: 3 retries and 30 s). The server renderer makes one
// client per request with the same defaults (entry-server.tsx, decision 0900).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        // Offline, a read is still asked for: the service worker answers with its saved copy; a
        // write fails at once and says it needs a connection, rather than waiting paused (0910).
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
