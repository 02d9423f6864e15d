// The map (Leaflet) is the heaviest part of the client: it is fetched only when the map view is
// first shown, so this entry hands out a lazy component and nothing of the map itself.
import { lazy } from 'react';

export const MapView = lazy(() => import('./map-view'));

/** "Place the pin on the map" in the location forms (decision 0912), lazy too, and in the map view's
 * chunk: one chunk holds Leaflet (two would split the bundler's runtime out of Discover's first
 * file, decision 0903). */
export const PinMap = lazy(() => import('./map-view').then((m) => ({ default: m.PinMap })));
export type { PinPoint } from './pin-map';

/** A place's own small map on its page (a pin, or the area an approximate point stands for), in
 * the same chunk for the same reason. */
export const PlaceMap = lazy(() => import('./map-view').then((m) => ({ default: m.PlaceMap })));
