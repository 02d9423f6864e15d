// The map (Leaflet) is the heaviest part of the client: it is fetched only when the map view is
// first shown, so this entry hands out a lazy component and nothing of the map itself.
import { lazy } from 'react';

export const MapView = lazy(() => import('./map-view'));
