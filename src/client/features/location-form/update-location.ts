// The one update of a place (PATCH /api/locations/{id}) for the page's and the dialog's edit forms:
// the version edited goes with the save (If-Match), and when someone else saved first the form keeps
// what this person typed and shows what changed (EditConflictNotice).
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { locationVersion } from '../../../shared/location-version';
import type { HeldEdit, Location } from '../../../shared/schemas/location';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorMessage, getJson, serverFieldErrors } from '../../lib/api';
import { invalidateLocationQueries, LOCATIONS_PATH } from '../../lib/location-queries';
import type { LocationPayload } from './use-location-form';

interface UpdateOptions<F extends FieldValues> {
  /** The place as the form was filled from: its version goes with the save (If-Match). */
  base: Location;
  /** Called with the saved place (null when the answer is not one) once the queries are refreshed;
   * a change held for review calls it with the place as the public still sees it. */
  onSaved(updated: Location | null, held?: boolean): void;
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
  /** Form field names ('tags' for the tag list, 'attributes' for payments and access). */
  changed: string[];
}

/** The known attributes as one text, keys in order (jsonb gives them back in its own order). */
const knownAttributesText = (l: Location) =>
  JSON.stringify(Object.entries(l.attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));

export function changedFields(base: Location, current: Location): string[] {
  const out: string[] = CONFLICT_FIELDS.filter((f) => (base[f] ?? null) !== (current[f] ?? null));
  const tagIds = (l: Location) =>
    l.tags
      .map((t) => t.id)
      .sort((a, b) => a - b)
      .join(',');
  if (tagIds(base) !== tagIds(current)) out.push('tags');
  if (knownAttributesText(base) !== knownAttributesText(current)) out.push('attributes');
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
      const body = (await res.json().catch(() => null)) as Location | HeldEdit | null;
      // 202: a rule held the change for review; the public keeps the place as it was (decision 0403).
      if (res.status === 202 && body && 'held' in body) return { held: true as const, location: body.location };
      return { held: false as const, location: body && typeof body === 'object' && 'id' in body ? body : null };
    },
    onSuccess: async ({ held, location }) => {
      if (held) toast({ title: t('held.title'), description: t('held.text') });
      else toast({ title: t('saved.title'), description: t('saved.text') });
      await invalidateLocationQueries();
      onSaved(location, held);
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
