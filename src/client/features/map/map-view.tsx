// The map view (issue 4 item 4), loaded only when the map is opened: Leaflet with tiles from
// MAP_TILE_URL (GET /api/config), category-coloured markers and supercluster clustering so that
// 100,000 points stay smooth (only the clusters and points in view are drawn, reclustered on every
// move and zoom). Markers and clusters are keyboard-focusable buttons with names; the list view is
// the non-visual alternative.
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Supercluster from 'supercluster';
import { LOCATION_CATEGORIES, type LocationCategory } from '../../../shared/constants';
import type { LocationPoint } from '../../../shared/schemas/location';
import { throwIfResNotOk } from '../../lib/api';
import { CATEGORY_MARKER } from '../../lib/category-styles';
import './map.css';

const KC_CENTER: L.LatLngTuple = [39.0997, -94.5786];
const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
const CLUSTER_MAX_ZOOM = 16;

type PointProps = { id: number; name: string; category: string };
type ClusterProps = { cluster: true; cluster_id: number; point_count: number };

export interface MapViewProps {
  /** The listing's API query (same filters), without paging. */
  apiQuery: string;
  ready: boolean;
  /** The searched address's point, if any. */
  center: { lat: number; lng: number } | null;
  onOpenLocation(id: number): void;
}

export default function MapView({ apiQuery, ready, center, onOpenLocation }: MapViewProps) {
  const { t } = useTranslation('map');
  const config = useQuery<{ mapTileUrl: string }>({ queryKey: ['/api/config'] });
  const points = useQuery({
    queryKey: ['/api/locations', 'points', apiQuery],
    enabled: ready,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<LocationPoint[]> => {
      const res = await fetch(`/api/locations/points${apiQuery ? `?${apiQuery}` : ''}`, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await res.json()) as LocationPoint[];
    },
  });

  const index = useMemo(() => {
    if (!points.data) return null;
    const sc = new Supercluster<PointProps, Record<string, never>>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 2 });
    sc.load(
      points.data.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        properties: { id: p.id, name: p.name, category: p.category },
      })),
    );
    return sc;
  }, [points.data]);

  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const openRef = useRef(onOpenLocation);
  openRef.current = onOpenLocation;
  const tRef = useRef(t);
  tRef.current = t;

  // The map itself, once the tile URL is known.
  const tileUrl = config.data?.mapTileUrl || (config.isError ? DEFAULT_TILES : null);
  useEffect(() => {
    if (!containerRef.current || !tileUrl) return;
    const map = L.map(containerRef.current, { keyboard: true, zoomControl: true, center: KC_CENTER, zoom: 11, maxZoom: 18 });
    L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', tRef.current('label'));
    container.setAttribute('aria-roledescription', tRef.current('roleDescription'));
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [tileUrl]);

  // Draw the clusters and points in view; redraw on every move and zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tileUrl re-runs this once the map (re)exists
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer || !index) return;
    const draw = () => {
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const features = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom);
      layer.clearLayers();
      for (const f of features) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as PointProps | ClusterProps;
        if ('cluster' in props && props.cluster) {
          const count = props.point_count;
          const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 52;
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: 'kc-cluster', html: `<span>${formatCount(count)}</span>`, iconSize: [size, size] }),
            keyboard: true,
          });
          const zoomIn = () => {
            const target = Math.min(index.getClusterExpansionZoom(props.cluster_id), map.getMaxZoom());
            map.setView([lat, lng], target);
          };
          marker.on('click', zoomIn);
          marker.on('add', () => labelElement(marker, tRef.current('cluster', { count }), zoomIn));
          layer.addLayer(marker);
        } else {
          const p = props as PointProps;
          const color = CATEGORY_MARKER[p.category as LocationCategory] ?? '#374151';
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: 'kc-marker', html: `<span style="background:${color}"></span>`, iconSize: [30, 30] }),
            keyboard: true,
          });
          const open = () => openRef.current(p.id);
          marker.on('click', open);
          const category = tRef.current(`categories.${p.category}`, { defaultValue: p.category });
          marker.on('add', () => labelElement(marker, tRef.current('marker', { name: p.name, category }), open));
          layer.addLayer(marker);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [index, tileUrl]);

  // Show what was found: the searched address, else all the points.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tileUrl re-runs this once the map (re)exists
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !points.data) return;
    if (center) {
      map.setView([center.lat, center.lng], 13);
    } else if (points.data.length > 0) {
      let s = 90, w = 180, n = -90, e = -180;
      for (const p of points.data) {
        s = Math.min(s, p.lat);
        n = Math.max(n, p.lat);
        w = Math.min(w, p.lng);
        e = Math.max(e, p.lng);
      }
      map.fitBounds([[s, w], [n, e]], { padding: [40, 40], maxZoom: 15 });
    }
  }, [points.data, center, tileUrl]);

  const count = points.data?.length ?? 0;
  return (
    <div>
      <p className="mb-2 text-sm text-gray-800" role="status">
        {points.isError
          ? t('failed')
          : points.isPending
            ? t('loading')
            : count === 0
              ? t('empty')
              : t('count', { count })}
      </p>
      <div ref={containerRef} data-testid="discover-map" className="isolate h-[28rem] w-full overflow-hidden rounded-lg border border-gray-300 bg-gray-100 md:h-[32rem]" />
      <p className="mt-2 text-sm text-gray-700">{t('keyboardHint')}</p>
      <ul aria-label={t('legend')} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
        {LOCATION_CATEGORIES.map((c) => (
          <li key={c} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3.5 w-3.5 rounded-full border border-white shadow-[0_0_0_1px_rgba(0,0,0,0.55)]" style={{ background: CATEGORY_MARKER[c] }} />
            {t(`categories.${c}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function formatCount(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** Gives a marker's element its accessible name and makes Enter and Space activate it (Leaflet
 * already makes it a focusable role=button). */
function labelElement(marker: L.Marker, label: string, activate: () => void) {
  const el = marker.getElement();
  if (!el) return;
  el.setAttribute('aria-label', label);
  el.setAttribute('role', 'button');
  el.tabIndex = 0;
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      activate();
    }
  });
}
