// A place's small map on its page: a pin at its point, or, when the point only stands for an area
// (a ZIP or town centroid, decision 0804), a dashed circle of about a kilometre and no pin, so it
// never looks like the exact spot. Loaded with the map view's chunk (features/map/index.ts).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './map.css';

export interface PlaceMapProps {
  name: string;
  lat: number;
  lng: number;
  approximate: boolean;
}

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
/** The area an approximate point stands for: about a ZIP code's heart, not its whole extent. */
const AREA_RADIUS_M = 1000;

const PIN_ICON = L.divIcon({
  className: 'kc-pin',
  html: '<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true"><path d="M16 39s13-14.2 13-24A13 13 0 0 0 3 15c0 9.8 13 24 13 24z" fill="#b91c1c" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15" r="5" fill="#fff"/></svg>',
  iconSize: [32, 40],
  iconAnchor: [16, 39],
});

export default function PlaceMap({ name, lat, lng, approximate }: PlaceMapProps) {
  const { t } = useTranslation('map');
  const config = useQuery<{ mapTileUrl: string }>({ queryKey: ['/api/config'] });
  const tileUrl = config.data?.mapTileUrl || (config.isError ? DEFAULT_TILES : null);
  const containerRef = useRef<HTMLDivElement>(null);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !tileUrl) return;
    const map = L.map(container, { keyboard: true, scrollWheelZoom: false, center: [lat, lng], zoom: 15, maxZoom: 18 });
    L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(map);
    if (approximate) {
      const area = L.circle([lat, lng], {
        radius: AREA_RADIUS_M,
        color: '#1d4ed8',
        weight: 2,
        dashArray: '6 6',
        fillColor: '#1d4ed8',
        fillOpacity: 0.08,
        interactive: false,
      }).addTo(map);
      map.fitBounds(area.getBounds(), { padding: [16, 16], animate: false });
    } else {
      L.marker([lat, lng], { icon: PIN_ICON, keyboard: false, interactive: false }).addTo(map);
    }
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', tRef.current(approximate ? 'place.areaLabel' : 'place.pinLabel', { name }));
    container.setAttribute('aria-roledescription', tRef.current('roleDescription'));
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      map.remove();
    };
  }, [tileUrl, lat, lng, approximate, name]);

  return (
    <div
      ref={containerRef}
      data-testid="place-map"
      data-approximate={approximate ? '' : undefined}
      className="isolate h-56 w-full overflow-hidden rounded-md border border-gray-300 bg-gray-100 sm:h-64"
    />
  );
}
