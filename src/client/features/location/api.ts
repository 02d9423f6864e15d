// The one place the client reads and writes a place (docs/product.md section 7), for the location
// page, the detail dialog and the add dialog: the query keys, the place by slug (kept 5 minutes, any
// failure = not found) and by id (with its engagement totals, failure = zeros), view recording, the
// one update mutation and the one rule for what is refreshed after a place is written.
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOCATION_DETAIL_STALE_MS } from '../../../shared/constants';
import { locationVersion } from '../../../shared/location-version';
import type { Location } from '../../../shared/schemas/location';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorMessage, getJson } from '../../lib/api';
import { recordEngagement } from '../../lib/engagement';
import { queryClient } from '../../lib/query-client';
import type { LocationPayload } from '../location-form';

/** Every query about places has a key starting with this path: the listing ('list'), the map
 * points ('map'), a place by id (and its counts), by slug, and the possible duplicates. */
export const LOCATIONS_PATH = '/api/locations';

export const locationKeys = {
  /** GET /api/locations/{id} through the default query function (the key's parts joined by '/'). */
  byId: (id: number) => [LOCATIONS_PATH, id] as const,
  bySlug: (slug: string) => [`${LOCATIONS_PATH}/slug`, slug] as const,
};

/** The invalidation policy: after a place is added, updated or deleted, every query about places
 * is refreshed (lists, map points, the place by id and by slug, duplicates), since a name, a
 * category, an address or a tag can move it in or out of any of them. */
export function invalidateLocationQueries(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(LOCATIONS_PATH),
  });
}

export function useLocationBySlug(slug: string) {
  return useQuery({
    queryKey: locationKeys.bySlug(slug),
    queryFn: () => getJson<Location>(`${LOCATIONS_PATH}/slug/${encodeURIComponent(slug)}`),
    staleTime: LOCATION_DETAIL_STALE_MS,
    refetchOnWindowFocus: false,
    retry: false,
    // A failed lookup the server rendered (the not-found card, decision 0900) stays failed when the
    // page hydrates, instead of turning back into the skeleton for another try.
    retryOnMount: false,
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

/** The server's field messages ({errors: {field: message}}) of a failed write, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  try {
    return (JSON.parse(err.body) as { errors?: Record<string, string> }).errors ?? {};
  } catch {
    return {}; // not JSON
  }
}

interface UpdateOptions<F extends FieldValues> {
  /** The place as the form was filled from: its version goes with the save (If-Match). */
  base: Location;
  /** Called with the saved place (null when the answer is not one) once the queries are refreshed. */
  onSaved(updated: Location | null): void;
  /** Where to show the server's field messages, beside their fields. */
  setError?: UseFormSetError<F>;
  /** Refills the form with the other person's version, when this person chooses it. */
  onLoadTheirs(current: Location): void;
}

/** The fields compared when someone else saved first (the form's fields). */
const CONFLICT_FIELDS = [
  'name',
  'category',
  'description',
  'address',
  'latitude',
  'longitude',
  'phone',
  'website',
  'operatingHours',
  'openingHours',
  'status',
  'deadline',
  'registrationLink',
  'faqLink',
] as const satisfies ReadonlyArray<keyof Location>;

/** Someone else saved the place after this form was filled: their version and what they changed. */
export interface EditConflict {
  current: Location;
  /** Form field names ('tags' for the tag list). */
  changed: string[];
}

function changedFields(base: Location, current: Location): string[] {
  const out: string[] = CONFLICT_FIELDS.filter((f) => (base[f] ?? null) !== (current[f] ?? null));
  const tagIds = (l: Location) =>
    l.tags
      .map((t) => t.id)
      .sort((a, b) => a - b)
      .join(',');
  if (tagIds(base) !== tagIds(current)) out.push('tags');
  return out;
}

/** PATCH /api/locations/{id} (docs/product.md section 8: 'Success' / 'Location updated successfully',
 * else 'Error' with the server's message or 'Failed to update location'). */
export function useUpdateLocation<F extends FieldValues>(
  id: number,
  { base, onSaved, setError, onLoadTheirs }: UpdateOptions<F>,
) {
  const { t } = useTranslation('location');
  // The version this person is editing: the place the form was filled from, or — after they chose
  // to keep their own changes over someone else's — the version they have now seen.
  const version = useRef(locationVersion(base));
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const mutation = useMutation({
    mutationFn: async (payload: Omit<LocationPayload, 'status'> & { status?: LocationPayload['status'] }) => {
      const res = await apiRequest('PATCH', `${LOCATIONS_PATH}/${id}`, payload, { 'If-Match': version.current });
      const body = (await res.json().catch(() => null)) as Location | null;
      return body && typeof body === 'object' && 'id' in body ? body : null;
    },
    onSuccess: async (updated) => {
      toast({ title: t('saved.title'), description: t('saved.text') });
      await invalidateLocationQueries();
      onSaved(updated);
    },
    onError: async (err) => {
      if (err instanceof ApiError && err.status === 412) {
        // Someone else saved first: nothing was written, the form keeps what this person typed.
        const current = await getJson<Location>(`${LOCATIONS_PATH}/${id}`).catch(() => null);
        if (current) setConflict({ current, changed: changedFields(base, current) });
        await invalidateLocationQueries();
      }
      if (setError) {
        for (const [field, message] of Object.entries(serverFieldErrors(err))) {
          setError(field as Path<F>, { type: 'server', message });
        }
      }
      toast({
        variant: 'destructive',
        title: t('saveFailed.title'),
        description: errorMessage(err, t('saveFailed.text')),
      });
    },
  });
  return {
    ...mutation,
    conflict,
    /** Keep this person's changes: the next save replaces the other version. */
    keepMine() {
      if (conflict) version.current = locationVersion(conflict.current);
      setConflict(null);
    },
    /** Take the other version instead: the form is refilled with it. */
    loadTheirs() {
      if (!conflict) return;
      version.current = locationVersion(conflict.current);
      setConflict(null);
      onLoadTheirs(conflict.current);
    },
  };
}
