// "Use my location" (decision 0905): the visitor's position, in this page's memory only while the
// search is near them, never in the URL (`near=me`), storage or a log; sent to the API as a radius
// search's point. Asking the browser (locate.ts) is loaded when first needed.
import { useSyncExternalStore } from 'react';
import type { LocateFailure } from './locate';
import type { Point } from './use-locations';

export type { LocateFailure };

let position: Point | null = null;
const listeners = new Set<() => void>();

function setPosition(next: Point | null): void {
  position = next;
  for (const listener of listeners) listener();
}

/** The position found by the last successful locate() of this page, or null. */
export function usePosition(): Point | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => position,
    () => null,
  );
}

/** Forgets the position (the search is no longer near the visitor). */
export function forgetPosition(): void {
  if (position) setPosition(null);
}

/** Asks the browser where the visitor is and keeps the answer; rejects with a LocateFailure. */
export async function locate(): Promise<Point> {
  const mod = await import('./locate').catch(() => {
    throw 'unavailable' satisfies LocateFailure;
  });
  const point = await mod.locate();
  setPosition(point);
  return point;
}
