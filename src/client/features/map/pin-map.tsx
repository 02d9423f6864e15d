// "Place the pin on the map" (decision 0912): a small Leaflet map in the location forms that sets a
// place's latitude and longitude by tap, drag or arrow keys, in step with the typed fields. Loaded
// only when the person opens it.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { METRO_BOUNDS } from '../../../shared/constants';
import { announce } from '../../lib/announce';
import './map.css';

export interface PinPoint {
  lat: number;
  lng: number;
}

export interface PinMapProps {
  /** The point in the form's fields, or null while they hold none (or nothing valid). */
  point: PinPoint | null;
  /** The pin was placed or moved here (rounded to 6 decimals, inside the metro area). */
  onPick(point: PinPoint): void;
}

const KC_CENTER: PinPoint = { lat: 39.0997, lng: -94.5786 };
const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
/** Screen pixels an arrow key moves the pin (Shift: ten times that). */
const STEP_PX = 8;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
/** Inside the area the server accepts a place's own point in (decision 0303). */
const inMetro = ({ lat, lng }: PinPoint): PinPoint => ({
  lat: round(clamp(lat, METRO_BOUNDS.south, METRO_BOUNDS.north)),
  lng: round(clamp(lng, METRO_BOUNDS.west, METRO_BOUNDS.east)),
});

const PIN_ICON = L.divIcon({
  className: 'kc-pin',
  html: '<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true"><path d="M16 39s13-14.2 13-24A13 13 0 0 0 3 15c0 9.8 13 24 13 24z" fill="#b91c1c" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15" r="5" fill="#fff"/></svg>',
  iconSize: [32, 40],
  iconAnchor: [16, 39],
});

export default function PinMap({ point, onPick }: PinMapProps) {
  const { t } = useTranslation('map');
  const hintId = useId();
  const config = useQuery<{ mapTileUrl: string }>({ queryKey: ['/api/config'] });
  const tileUrl = config.data?.mapTileUrl || (config.isError ? DEFAULT_TILES : null);
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const addMarkerRef = useRef<((at: PinPoint) => L.Marker) | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const tRef = useRef(t);
  tRef.current = t;
  const initial = useRef(point);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !tileUrl) return;
    const start = initial.current;
    // Leaflet's own keyboard handling pans the map; here the arrow keys move the pin instead.
    const map = L.map(container, {
      keyboard: false,
      center: start ?? KC_CENTER,
      zoom: start ? 15 : 10,
      minZoom: 8,
      maxZoom: 18,
      maxBounds: L.latLngBounds(
        [METRO_BOUNDS.south - 0.5, METRO_BOUNDS.west - 0.5],
        [METRO_BOUNDS.north + 0.5, METRO_BOUNDS.east + 0.5],
      ),
    });
    L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(map);
    mapRef.current = map;

    const addMarker = (at: PinPoint) => {
      const marker = L.marker(at, { icon: PIN_ICON, draggable: true, keyboard: false, autoPan: true });
      marker.on('dragend', () => place(marker.getLatLng(), 'moved'));
      marker.addTo(map);
      markerRef.current = marker;
      return marker;
    };
    const place = (to: PinPoint, how: 'placed' | 'moved') => {
      const p = inMetro(to);
      if (markerRef.current) markerRef.current.setLatLng(p);
      else addMarker(p);
      if (!map.getBounds().pad(-0.1).contains(p)) map.panTo(p, { animate: false });
      pickRef.current(p);
      // (Not `lng` as a name: i18next reads that option as the language.)
      announce(tRef.current(`pin.${how}`, { latitude: p.lat.toFixed(5), longitude: p.lng.toFixed(5) }));
    };
    addMarkerRef.current = addMarker;
    if (start) addMarker(start);
    map.on('click', (e: L.LeafletMouseEvent) => place(e.latlng, markerRef.current ? 'moved' : 'placed'));

    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container) return; // the zoom buttons and links keep their own keys
      const arrow = ARROWS[e.key];
      if (arrow) {
        e.preventDefault();
        const marker = markerRef.current;
        if (!marker) {
          place(map.getCenter(), 'placed');
          return;
        }
        const step = STEP_PX * (e.shiftKey ? 10 : 1);
        const from = marker.getLatLng();
        const to = map.containerPointToLatLng(map.latLngToContainerPoint(from).add([arrow[0] * step, arrow[1] * step]));
        // Up and down change the latitude only, left and right the longitude only.
        place(arrow[0] === 0 ? { lat: to.lat, lng: from.lng } : { lat: from.lat, lng: to.lng }, 'moved');
      } else if (e.key === '+' || e.key === '=') {
        e.preventDefault();
        map.zoomIn();
      } else if (e.key === '-' || e.key === '_') {
        e.preventDefault();
        map.zoomOut();
      }
    };
    container.addEventListener('keydown', onKey);
    container.tabIndex = 0;
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', tRef.current('pin.label'));
    container.setAttribute('aria-roledescription', tRef.current('roleDescription'));
    container.setAttribute('aria-describedby', hintId);
    // Opened inside a dialog that may still be settling: measure again once laid out.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      container.removeEventListener('keydown', onKey);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
      addMarkerRef.current = null;
    };
  }, [tileUrl, hintId]);

  // Typed coordinates move the pin (the pin's own moves come back here unchanged).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point's two numbers, not its object
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !point) return;
    const marker = markerRef.current;
    if (marker) {
      const at = marker.getLatLng();
      if (round(at.lat) === round(point.lat) && round(at.lng) === round(point.lng)) return;
      marker.setLatLng(point);
    } else addMarkerRef.current?.(point);
    if (!map.getBounds().contains(point)) map.setView(point, Math.max(map.getZoom(), 14), { animate: false });
  }, [point?.lat, point?.lng, tileUrl]);

  return (
    <div className="mt-3 space-y-1">
      <div
        ref={containerRef}
        data-testid="pin-map"
        className="isolate h-64 w-full overflow-hidden rounded-md border border-gray-300 bg-gray-100"
      />
      <p id={hintId} className="text-xs text-gray-700">
        {t('pin.hint')}
      </p>
    </div>
  );
}
