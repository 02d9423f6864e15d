// Read answers carry the structured hours and what they mean now (decision 0800): openingHours,
// openNow, nextChange (evaluated at the server's clock, pinned here) and lastVerifiedAt.
import { afterEach, describe, expect, it } from 'vitest';
import { locationSchema } from '../../../shared/schemas/location.js';
import { setClock } from '../../lib/clock.js';
import { injectJson, useTestApp } from '../../test/test-app.js';

// Saturday 13 June 2026, 10:00 in Kansas City (CDT, UTC-5).
const SAT_10AM = new Date('2026-06-13T15:00:00Z');
// The same day at 14:00, after closing.
const SAT_2PM = new Date('2026-06-13T19:00:00Z');

describe('opening hours in read answers', () => {
  const t = useTestApp();
  afterEach(() => setClock(null));

  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) => injectJson(t.app, method, url, body);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers openNow and nextChange at the server’s clock, from every read and write answer', async () => {
    setClock(SAT_10AM);
    const created = await send('POST', '/api/locations', {
      name: 'Saturday Market Hours',
      category: 'farmers-market',
      address: '1 Market Sq, Kansas City, MO 64105',
      operatingHours: 'Sat 8am-1pm',
      openingHours: 'Sa 8am-1pm',
    });
    expect(created.statusCode, created.body).toBe(201);
    const place = created.json();
    expect(locationSchema.parse(place)).toBeTruthy();
    expect(place).toMatchObject({
      openingHours: 'Sa 08:00-13:00',
      operatingHours: 'Sat 8am-1pm',
      openNow: true,
      nextChange: '2026-06-13T18:00:00.000Z',
      lastVerifiedAt: null,
    });
    const list = await get('/api/locations?search=saturday%20market%20hours');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ openNow: true, nextChange: '2026-06-13T18:00:00.000Z' });

    setClock(SAT_2PM);
    const closed = { openNow: false, nextChange: '2026-06-20T13:00:00.000Z' };
    expect(await get(`/api/locations/${place.id}`)).toMatchObject(closed);
    expect(await get(`/api/locations/slug/${place.slug}`)).toMatchObject(closed);
    const patched = await send('PATCH', `/api/locations/${place.id}`, { phone: '816-555-0199' });
    expect(patched.json()).toMatchObject(closed);
  });

  it('answers null for all three without structured hours', async () => {
    setClock(SAT_10AM);
    const created = await send('POST', '/api/locations', {
      name: 'No Structured Hours Park',
      category: 'park',
      address: '2 Main St, Kansas City, MO 64105',
      operatingHours: 'Dawn to dusk',
    });
    expect(created.json()).toMatchObject({ openingHours: null, openNow: null, nextChange: null });
    const always = await send('POST', '/api/locations', {
      name: 'Always Open Park',
      category: 'park',
      address: '3 Main St, Kansas City, MO 64105',
      openingHours: '24/7',
    });
    // Open, and never closes: no next change.
    expect(always.json()).toMatchObject({ openingHours: '24/7', openNow: true, nextChange: null });
  });
});
