// The map view's markers: the places and clusters of an answer grouped by supercluster, and those
// in view drawn as keyboard-focusable buttons with names (a place opens, a cluster zooms in).
import type { TFunction } from 'i18next';
import L from 'leaflet';
import type { RefObject } from 'react';
import Supercluster from 'supercluster';
import type { LocationCategory } from '../../../shared/constants';
import type { MapAnswer } from '../../../shared/schemas/location-query';
import { CATEGORY_MARKER } from '../../lib/category-styles';

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

export type MarkerIndex = Supercluster<FeatureProps, { count: number }>;

/** The answer's points and the server's clusters, grouped for every zoom. */
export function buildMarkerIndex(shown: MapAnswer): MarkerIndex {
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
}

/** Draws the clusters and points in the map's view into the layer, replacing what it held. The
 * refs are read when a marker is drawn or pressed, so they are always the current ones. */
export function drawMarkers(
  map: L.Map,
  layer: L.LayerGroup,
  index: MarkerIndex,
  tRef: RefObject<TFunction<'map'>>,
  openRef: RefObject<(id: number) => void>,
): void {
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
        if (west === east && south === north) map.setView([lat, lng], Math.min(map.getZoom() + 2, map.getMaxZoom()));
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
    layer.addLayer(placeMarker(lat, lng, p, tRef, openRef));
  }
}

/** A place's marker: a dot in its category's colour, or a hollow dashed ring for an approximate point. */
function placeMarker(
  lat: number,
  lng: number,
  p: FeatureProps,
  tRef: RefObject<TFunction<'map'>>,
  openRef: RefObject<(id: number) => void>,
): L.Marker {
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
  return marker;
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
