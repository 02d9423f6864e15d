// The map view, loaded only when the map is opened: Leaflet with tiles from
// MAP_TILE_URL (GET /api/config), category-coloured markers and clustering. GET /api/locations/map
// (decision 0203) answers every point while the matches are few, and supercluster groups them
// here, redrawn on every move without asking again. With many matches (100,000 places) the map
// frames their bounds, then asks for the part in view, grown to whole tiles so that small moves
// hit the same answer, and draws the server's clusters and points. Markers and clusters are
// keyboard-focusable buttons with names; the list view is the non-visual alternative.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Supercluster from 'supercluster';
import { LOCATION_CATEGORIES, type LocationCategory } from '../../../shared/constants';
import { type MapView as MapArea, tileArea } from '../../../shared/map-grid';
import type { MapAnswer } from '../../../shared/schemas/location-query';
import { throwIfResNotOk } from '../../lib/api';
import { CATEGORY_MARKER } from '../../lib/category-styles';
import './map.css';

// The pin map of the location forms and a place's own map share this chunk (and Leaflet):
// features/map/index.ts.
export { default as PinMap } from './pin-map';
export { default as PlaceMap } from './place-map';

const KC_CENTER: L.LatLngTuple = [39.0997, -94.5786];
const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
const CLUSTER_MAX_ZOOM = 16;

/** A place, or one of the server's clusters (`box` set) fed to supercluster with its count, so
 * that markers closer than its radius merge whatever their source and never overlap. */
type FeatureProps = {
  count: number;
  id?: number;
  name?: string;
  category?: string;
  /** The point stands for an area (decision 0804): drawn hollow and dashed, and said so. */
  approximate?: boolean;
  box?: [number, number, number, number];
};
type ClusterProps = { cluster: true; cluster_id: number; point_count: number; count: number };

export interface MapViewProps {
  /** The listing's API query (same filters), without paging. */
  apiQuery: string;
  ready: boolean;
  /** The searched address's point, if any. */
  center: { lat: number; lng: number } | null;
  onOpenLocation(id: number): void;
}

/** The area asked for: the map's view grown to whole tiles (shared/map-grid.ts). */
function snappedArea(map: L.Map): MapArea {
  const b = map.getBounds();
  return tileArea({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, map.getZoom());
}

async function fetchMap(apiQuery: string, area: MapArea | null, signal: AbortSignal): Promise<MapAnswer> {
  const params = new URLSearchParams(apiQuery);
  if (area) for (const [k, v] of Object.entries(area)) params.set(k, String(v));
  const qs = params.toString();
  const res = await fetch(`/api/locations/map${qs ? `?${qs}` : ''}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as MapAnswer;
}

export default function MapView({ apiQuery, ready, center, onOpenLocation }: MapViewProps) {
  const { t } = useTranslation('map');
  const config = useQuery<{ mapTileUrl: string }>({ queryKey: ['/api/config'] });
  const [area, setArea] = useState<MapArea | null>(null);

  // First the filters alone: every point when few, else the total and the bounds.
  const overview = useQuery({
    queryKey: ['/api/locations', 'map', apiQuery],
    enabled: ready,
    staleTime: 30_000,
    queryFn: ({ signal }) => fetchMap(apiQuery, null, signal),
  });
  const needsArea = overview.data ? !overview.data.complete : false;
  // The overview answer the map was last framed for: the area is asked only after framing, so the
  // view before it is never fetched.
  const [framed, setFramed] = useState<MapAnswer | null>(null);
  // Then, with many matches, the part in view (the previous area stays drawn while it loads).
  const inView = useQuery({
    queryKey: ['/api/locations', 'map', apiQuery, area],
    enabled: ready && needsArea && area !== null && framed === overview.data,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => ({ apiQuery, answer: await fetchMap(apiQuery, area, signal) }),
  });
  const shown: MapAnswer | undefined = overview.data?.complete
    ? overview.data
    : inView.data?.apiQuery === apiQuery
      ? inView.data.answer
      : undefined;

  const index = useMemo(() => {
    if (!shown) return null;
    const sc = new Supercluster<FeatureProps, { count: number }>({
      // Leaflet's 256-pixel tiles (supercluster assumes 512): the radius is then 60 screen pixels,
      // more than the widest cluster marker (52 px), so no two markers overlap.
      extent: 256,
      radius: 60,
      maxZoom: CLUSTER_MAX_ZOOM,
      minPoints: 2,
      map: (p) => ({ count: p.count }),
      reduce: (acc, p) => {
        acc.count += p.count;
      },
    });
    sc.load([
      ...shown.points.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        properties: { count: 1, id: p.id, name: p.name, category: p.category, approximate: p.approximate === true },
      })),
      ...shown.clusters.map((c) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [c.lng, c.lat] },
        properties: { count: c.count, box: [c.west, c.south, c.east, c.north] as [number, number, number, number] },
      })),
    ]);
    return sc;
  }, [shown]);

  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const openRef = useRef(onOpenLocation);
  openRef.current = onOpenLocation;
  const tRef = useRef(t);
  tRef.current = t;

  // The map itself, once the tile URL is known; it reports the area in view after every move.
  const tileUrl = config.data?.mapTileUrl || (config.isError ? DEFAULT_TILES : null);
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
  }, [tileUrl]);

  // Draw the clusters and points in view; redraw on every move and zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tileUrl re-runs this once the map (re)exists
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    if (!index) {
      // New filters with many matches: nothing of the old answer stays while the area loads.
      layer.clearLayers();
      return;
    }
    const addCluster = (lat: number, lng: number, count: number, zoomIn: () => void) => {
      const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 52;
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: 'kc-cluster',
          html: `<span>${formatCount(count)}</span>`,
          iconSize: [size, size],
        }),
        keyboard: true,
      });
      marker.on('click', zoomIn);
      marker.on('add', () => labelElement(marker, tRef.current('cluster', { count }), zoomIn));
      layer.addLayer(marker);
    };
    const draw = () => {
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      layer.clearLayers();
      for (const f of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as FeatureProps | ClusterProps;
        if ('cluster' in props && props.cluster) {
          addCluster(lat, lng, props.count, () => {
            const target = Math.min(index.getClusterExpansionZoom(props.cluster_id), map.getMaxZoom());
            map.setView([lat, lng], target);
          });
          continue;
        }
        const p = props as FeatureProps;
        if (p.box) {
          // One of the server's clusters: a click frames the places of its cell.
          const [west, south, east, north] = p.box;
          addCluster(lat, lng, p.count, () => {
            if (west === east && south === north)
              map.setView([lat, lng], Math.min(map.getZoom() + 2, map.getMaxZoom()));
            else
              map.fitBounds(
                [
                  [south, west],
                  [north, east],
                ],
                { padding: [40, 40], maxZoom: map.getMaxZoom() },
              );
          });
          continue;
        }
        const color = CATEGORY_MARKER[p.category as LocationCategory] ?? '#374151';
        const category = tRef.current(`categories.${p.category}`, { defaultValue: p.category });
        const label = tRef.current(p.approximate ? 'markerApproximate' : 'marker', { name: p.name, category });
        const marker = L.marker([lat, lng], {
          // An approximate point: a hollow, dashed ring in the category's colour, never a solid dot.
          icon: p.approximate
            ? L.divIcon({
                className: 'kc-marker kc-marker-approximate',
                html: `<span style="border-color:${color}"></span>`,
                iconSize: [30, 30],
              })
            : L.divIcon({
                className: 'kc-marker',
                html: `<span style="background:${color}"></span>`,
                iconSize: [30, 30],
              }),
          keyboard: true,
          // Said on hover too, not only to screen readers.
          title: p.approximate ? label : '',
        });
        const open = () => openRef.current(p.id!);
        marker.on('click', open);
        marker.on('add', () => labelElement(marker, label, open));
        layer.addLayer(marker);
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [index, tileUrl]);

  // Frame what was found, once per answer to the filters: the searched address, else the bounds of
  // every match.
  const overviewData = overview.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: tileUrl re-runs this once the map (re)exists
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !overviewData) return;
    // Without animation the view is final at once, and so is the area it reports.
    if (center) {
      map.setView([center.lat, center.lng], 13, { animate: false });
    } else if (overviewData.bounds) {
      const { south, west, north, east } = overviewData.bounds;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [40, 40], maxZoom: 15, animate: false },
      );
    }
    setArea(snappedArea(map));
    setFramed(overviewData);
  }, [overviewData, center, tileUrl]);

  const count = overview.data?.total ?? 0;
  return (
    <div>
      <p className="mb-2 text-sm text-gray-800" role="status">
        {overview.isError || inView.isError
          ? t('failed')
          : overview.isPending
            ? t('loading')
            : count === 0
              ? t('empty')
              : t('count', { count })}
      </p>
      <div
        ref={containerRef}
        data-testid="discover-map"
        className="isolate h-[28rem] w-full overflow-hidden rounded-lg border border-gray-300 bg-gray-100 md:h-[32rem]"
      />
      <p className="mt-2 text-sm text-gray-700">{t('keyboardHint')}</p>
      <ul aria-label={t('legend')} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
        {LOCATION_CATEGORIES.map((c) => (
          <li key={c} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3.5 w-3.5 rounded-full border border-white shadow-[0_0_0_1px_rgba(0,0,0,0.55)]"
              style={{ background: CATEGORY_MARKER[c] }}
            />
            {t(`categories.${c}`)}
          </li>
        ))}
        <li className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3.5 w-3.5 rounded-full border-2 border-dashed border-gray-700"
          />
          {t('approximateLegend')}
        </li>
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
