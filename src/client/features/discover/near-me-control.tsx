// "Use my location" beside the address box, and the search near the visitor it starts
// (decision 0905).
import { LocateFixed } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetPosition, type LocateFailure, locate, usePosition } from './near-me';
import type { DiscoverState } from './use-discover-state';

/** "Use my location": asks the browser where the visitor is (decision 0905). */
export function NearMeButton({ locating, statusId, onUse }: { locating: boolean; statusId: string; onUse(): void }) {
  const { t } = useTranslation('discover');
  return (
    <button
      type="button"
      onClick={onUse}
      aria-describedby={locating ? statusId : undefined}
      className="-my-0.5 inline-flex min-h-6 items-center gap-1 rounded-md text-sm font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900"
    >
      <LocateFixed aria-hidden="true" className="h-4 w-4 shrink-0" />
      {t('nearMe.use')}
    </button>
  );
}

/** The visitor's position for a radius search (decision 0905). With `near=me` in the URL and no
 * position yet (a reload, a shared link, Back), the browser is asked at once; a refused or
 * unavailable position leaves a message and the address box, and the URL loses its `near`. */
export function useNearMe(state: DiscoverState, onFailure: () => void) {
  const { filters, setFilters } = state;
  const position = usePosition();
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<LocateFailure | null>(null);
  const near = useRef(filters.near);
  near.current = filters.near;

  const run = useCallback(async (): Promise<boolean> => {
    setFailure(null);
    setLocating(true);
    try {
      await locate();
      if (!near.current) setFilters({ near: true, address: '' }, 'push');
      return true;
    } catch (err) {
      setFailure(typeof err === 'string' ? (err as LocateFailure) : 'unavailable');
      if (near.current) setFilters({ near: false }, 'replace');
      onFailure();
      return false;
    } finally {
      setLocating(false);
    }
  }, [setFilters, onFailure]);

  // Asked once each time the URL turns to `near=me` without a position.
  const asked = useRef(false);
  useEffect(() => {
    if (!filters.near) {
      asked.current = false;
      return;
    }
    if (position || asked.current) return;
    asked.current = true;
    void run();
  }, [filters.near, position, run]);

  // The position is kept only while the search is near the visitor.
  useEffect(() => {
    if (!filters.near) forgetPosition();
  }, [filters.near]);

  // A message about a position belongs to the search that asked for it.
  useEffect(() => {
    if (filters.address.trim()) setFailure(null);
  }, [filters.address]);

  return { locating, failure, locateFromButton: run };
}
