import { describe, expect, it } from 'vitest';
import { mapGridCells, mercatorLatLng, mercatorPixel, tileArea } from './map-grid';

describe('map grid', () => {
  it('turns a point into Web-Mercator pixels and back', () => {
    const p = mercatorPixel(39.0997, -94.5786, 11);
    const back = mercatorLatLng(p.x, p.y, 11);
    expect(back.lat).toBeCloseTo(39.0997, 9);
    expect(back.lng).toBeCloseTo(-94.5786, 9);
    expect(mercatorPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
  });

  it('grows a view to whole tiles, so nearby views ask for the same area', () => {
    const a = tileArea({ west: -94.7, south: 39.0, east: -94.5, north: 39.2 }, 11);
    const b = tileArea({ west: -94.69, south: 39.01, east: -94.51, north: 39.19 }, 11);
    expect(b).toEqual(a);
    const nw = mercatorPixel(a.north, a.west, 11);
    const se = mercatorPixel(a.south, a.east, 11);
    for (const v of [nw.x, nw.y, se.x, se.y]) expect(Math.abs(v / 256 - Math.round(v / 256))).toBeLessThan(1e-3);
    expect(a.west).toBeLessThanOrEqual(-94.7);
    expect(a.east).toBeGreaterThanOrEqual(-94.5);
  });

  it('gives a view with no size one tile, and keeps the world in bounds', () => {
    const p = mercatorLatLng(256 * 500, 256 * 800, 11);
    const one = tileArea({ west: p.lng, south: p.lat, east: p.lng, north: p.lat }, 11);
    expect(mapGridCells(one)).toEqual({ columns: 2, rows: 2 });
    const world = tileArea({ west: -300, south: -89, east: 300, north: 89 }, 0.4);
    expect(world).toEqual({ west: -180, south: -85.0511, east: 180, north: 85.0511, zoom: 0 });
  });
});
