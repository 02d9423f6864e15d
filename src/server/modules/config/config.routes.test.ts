import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

describe('GET /api/config', () => {
  const t = useTestApp();

  it('answers the map tile URL template from MAP_TILE_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mapTileUrl: t.env.MAP_TILE_URL });
    expect(res.json().mapTileUrl).toContain('{z}');
  });
});
