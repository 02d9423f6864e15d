// The browser's geolocation for "Use my location" (decision 0905), loaded when first pressed (or
// when a `near=me` page opens): not part of Discover's first load.
import type { Point } from './use-locations';

export type LocateFailure = 'denied' | 'unavailable' | 'unsupported';

/** How long the browser may take to answer, and how old a position it may hand back. */
const LOCATE_TIMEOUT_MS = 15_000;
const LOCATE_MAX_AGE_MS = 5 * 60_000;

/** About 100 m: plenty for a radius in miles, and no more of the visitor's position than that. */
const round = (n: number) => Math.round(n * 1000) / 1000;

let pending: Promise<Point> | null = null;

/** Asks the browser where the visitor is (it may ask them first); one question at a time. */
export function locate(): Promise<Point> {
  if (pending) return pending;
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation || window.isSecureContext === false) {
    return Promise.reject<Point>('unsupported' satisfies LocateFailure);
  }
  pending = new Promise<Point>((resolve, reject) => {
    geolocation.getCurrentPosition(
      (found) => {
        resolve({ lat: round(found.coords.latitude), lng: round(found.coords.longitude) });
      },
      (error) => reject((error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable') satisfies LocateFailure),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  }).finally(() => {
    pending = null;
  });
  return pending;
}
