// "Use my location" (decision 0905): the visitor's position from the browser's geolocation, kept in
// this page's memory only. It is never written to the URL (which says `near=me`), to storage or to a
// log; the searches send it to the API as the latitude and longitude of a radius search, as an
// address's point is sent, rounded to 3 decimals (about 100 m: enough for a radius in miles).
import { useSyncExternalStore } from 'react';
import type { Point } from './use-locations';

export type LocateFailure = 'denied' | 'unavailable' | 'unsupported';

/** How long the browser may take to answer, and how old a position it may hand back. */
export const LOCATE_TIMEOUT_MS = 15_000;
const LOCATE_MAX_AGE_MS = 5 * 60_000;

let position: Point | null = null;
const listeners = new Set<() => void>();

function setPosition(next: Point | null) {
  position = next;
  for (const listener of listeners) listener();
}

const round = (n: number) => Math.round(n * 1000) / 1000;

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

/** Forgets the position (the "Near your location" filter was removed). */
export function forgetPosition(): void {
  setPosition(null);
}

let pending: Promise<Point> | null = null;

/** Asks the browser where the visitor is (it may ask them first); one question at a time. */
export function locate(): Promise<Point> {
  if (pending) return pending;
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation || (typeof window !== 'undefined' && window.isSecureContext === false)) {
    return Promise.reject<Point>('unsupported' satisfies LocateFailure);
  }
  pending = new Promise<Point>((resolve, reject) => {
    geolocation.getCurrentPosition(
      (found) => {
        const point = { lat: round(found.coords.latitude), lng: round(found.coords.longitude) };
        setPosition(point);
        resolve(point);
      },
      (error) => reject((error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable') satisfies LocateFailure),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  }).finally(() => {
    pending = null;
  });
  return pending;
}
