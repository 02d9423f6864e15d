// The map view, loaded only when the map is opened: Leaflet, category-coloured markers and
// clusters, by supercluster here while the matches are few and by the server past that
// (decisions 0202, 0203); the list view is the non-visual alternative.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_CATEGORIES } from '../../../shared/constants';
import type { MapView as MapArea } from '../../../shared/map-grid';
import type { MapAnswer } from '../../../shared/schemas/location-query';
import { throwIfResNotOk } from '../../lib/api';
import { CATEGORY_MARKER } from '../../lib/category-styles';
import { buildMarkerIndex, drawMarkers } from './map-markers';
import { snappedArea, useLeafletMap } from './use-leaflet-map';
import './map.css';

// The pin map of the location forms and a place's own map share this chunk (and Leaflet):
// features/map/index.ts.
export { default as PinMap } from './pin-map';
export { default as PlaceMap } from './place-map';

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface MapViewProps {
  /** The listing's API query (same filters), without paging. */
  apiQuery: string;
  ready: boolean;
  /** The searched address's point, if any. */
  center: { lat: number; lng: number } | null;
  onOpenLocation(id: number): void;
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

  const index = useMemo(() => (shown ? buildMarkerIndex(shown) : null), [shown]);

  const containerRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpenLocation);
  openRef.current = onOpenLocation;
  const tRef = useRef(t);
  tRef.current = t;

  // The map itself, once the tile URL is known; it reports the area in view after every move.
  const tileUrl = config.data?.mapTileUrl || (config.isError ? DEFAULT_TILES : null);
  const { mapRef, layerRef } = useLeafletMap(containerRef, tileUrl, tRef, setArea);

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
    const draw = () => drawMarkers(map, layer, index, tRef, openRef);
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
      <MapLegend />
    </div>
  );
}

/** The markers' colours by category, and the approximate point's dashed ring. */
function MapLegend() {
  const { t } = useTranslation('map');
  return (
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
  );
}
