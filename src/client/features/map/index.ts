// The map (Leaflet) is the heaviest part of the client: it is fetched only when the map view is
// first shown, so this entry hands out a lazy component and nothing of the map itself.
import { lazy } from 'react';

export const MapView = lazy(() => import('./map-view'));

/** "Place the pin on the map" in the location forms (decision 0912), as light as MapView: lazy. */
export const PinMap = lazy(() => import('./pin-map'));
export type { PinMapProps, PinPoint } from './pin-map';
