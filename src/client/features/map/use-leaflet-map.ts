// The map view's Leaflet map: made once the tile URL is known, named as a region, and reporting
// the area in view (grown to whole tiles) after every move.
import type { TFunction } from 'i18next';
import L from 'leaflet';
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef } from 'react';
import { type MapView as MapArea, tileArea } from '../../../shared/map-grid';

const KC_CENTER: L.LatLngTuple = [39.0997, -94.5786];
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';

/** The area asked for: the map's view grown to whole tiles (shared/map-grid.ts). */
export function snappedArea(map: L.Map): MapArea {
  const b = map.getBounds();
  return tileArea({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, map.getZoom());
}

/** The map and its markers' layer, in refs that are null until the map exists (and after it goes). */
export function useLeafletMap(
  containerRef: RefObject<HTMLDivElement | null>,
  tileUrl: string | null,
  tRef: RefObject<TFunction<'map'>>,
  setArea: Dispatch<SetStateAction<MapArea | null>>,
) {
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    if (!containerRef.current || !tileUrl) return;
    const map = L.map(containerRef.current, {
      keyboard: true,
      zoomControl: true,
      center: KC_CENTER,
      zoom: 11,
      maxZoom: 18,
    });
    L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', tRef.current('label'));
    container.setAttribute('aria-roledescription', tRef.current('roleDescription'));
    const report = () => {
      const next = snappedArea(map);
      setArea((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [containerRef, tileUrl, tRef, setArea]);
  return { mapRef, layerRef };
}
