// Possible duplicates of the place being added, asked for as the name and address settle.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SimilarLocation } from '../../../shared/schemas/duplicates';
import { getJson } from '../../lib/api';

const SIMILAR_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function useSimilarLocations(name: string, address: string, enabled: boolean): SimilarLocation[] {
  const n = useDebounced(name.trim(), SIMILAR_DEBOUNCE_MS);
  const a = useDebounced(address.trim(), SIMILAR_DEBOUNCE_MS);
  const worthAsking = enabled && (n.length >= 3 || a.length >= 6);
  const { data } = useQuery({
    queryKey: ['/api/locations/similar', n, a],
    queryFn: () => getJson<SimilarLocation[]>(`/api/locations/similar?${new URLSearchParams({ name: n, address: a })}`),
    enabled: worthAsking,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return worthAsking ? (data ?? []) : [];
}
