// The "open when I can go" filter (decision 0802): days and a window of the coming week, alone and
// with the other filters, counted and paged, on the list, the map and the exports; bad input 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../lib/clock.js';
import { injectJson, useTestApp } from '../../test/test-app.js';

// Saturday 13 June 2026, 10:00 in Kansas City (CDT, UTC-5).
const SAT_10AM = new Date('2026-06-13T15:00:00Z');

describe('days, from and to filters', () => {
  const t = useTestApp();
  beforeAll(async () => {
    t.app.dataVersion.setCaching(false);
    setClock(SAT_10AM);
    const places: Array<[string, string, string | null]> = [
      ['Whenfilter Alpha', 'park', 'Sa 08:00-13:00'], // Saturday mornings
      ['Whenfilter Bravo', 'park', 'Mo-Fr 17:00-20:00'], // weekday evenings
      ['Whenfilter Charlie', 'park', 'Jun 01-16 09:00-17:00'], // every day, until Tuesday
      ['Whenfilter Delta', 'park', null], // no structured hours
      ['Whenfilter Echo', 'farmers-market', 'Sa 07:00-09:00'], // Saturday, early
      ['Whenfilter Foxtrot', 'farmers-market', 'Mo-Su 10:00-22:00'],
    ];
    for (const [i, [name, category, openingHours]] of places.entries()) {
      const res = await injectJson(t.app, 'POST', '/api/locations', {
        name,
        category,
        description: name === 'Whenfilter Foxtrot' ? 'A rose garden.' : undefined,
        address: `${i + 1} Main St, Kansas City, MO 64105`,
        latitude: 39.1 + i / 100,
        longitude: -94.58,
        openingHours,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 180_000);
  afterAll(() => {
    setClock(null);
    t.app.dataVersion.setCaching(true);
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=whenfilter&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: (res.json() as { name: string }[]).map((l) => l.name.slice(11)),
      total: res.headers['x-total-count'],
    };
  };

  it('finds the places open for part of the window in the coming week', async () => {
    // Today 10–12 is left and next Saturday 8–10: Echo opens next Saturday at 7 and is open at 8.
    expect(await list('days=sat&from=08:00&to=12:00')).toEqual({
      names: ['Alpha', 'Charlie', 'Echo', 'Foxtrot'],
      total: '4',
    });
    expect(await list('days=mon,tue,wed,thu,fri&from=17:00&to=21:00')).toEqual({
      names: ['Bravo', 'Foxtrot'],
      total: '2',
    });
    // Charlie's season ends on Tuesday: Monday finds it, Thursday does not.
    expect((await list('days=mon&from=09:00&to=11:00')).names).toEqual(['Charlie', 'Foxtrot']);
    expect((await list('days=thu&from=09:00&to=11:00')).names).toEqual(['Foxtrot']);
    // Foxtrot opens at 10: a window ending then only touches it.
    expect((await list('days=thu&from=08:00&to=10:00')).names).toEqual([]);
    // Days without times: the whole day. Sunday: Charlie and Foxtrot.
    expect((await list('days=sun')).names).toEqual(['Charlie', 'Foxtrot']);
    // A window up to midnight, and a window touching an opening without overlapping it.
    expect((await list('days=sat&from=21:00&to=24:00')).names).toEqual(['Foxtrot']);
    expect((await list('days=sat&from=13:00&to=14:00')).names).toEqual(['Charlie', 'Foxtrot']);
  });

  it('combines with the category, the text search and the other hours filters; counts and pages', async () => {
    expect(await list('days=sat&from=08:00&to=12:00&category=farmers-market')).toEqual({
      names: ['Echo', 'Foxtrot'],
      total: '2',
    });
    expect(await list('days=sat&from=08:00&to=12:00&limit=2')).toEqual({ names: ['Alpha', 'Charlie'], total: '4' });
    expect(await list('days=sat&from=08:00&to=12:00&limit=2&offset=2')).toEqual({
      names: ['Echo', 'Foxtrot'],
      total: '4',
    });
    const roses = await t.app.inject({ method: 'GET', url: '/api/locations?search=rose&days=sun' });
    expect((roses.json() as { name: string }[]).map((l) => l.name)).toEqual(['Whenfilter Foxtrot']);
    // Open now and open early on Saturday, which is next Saturday by now: Echo is not open now,
    // Foxtrot not early, and Charlie's season will have ended.
    expect((await list('openNow=true&days=sat&from=07:00&to=09:30')).names).toEqual(['Alpha']);
  });

  it('filters the map points, the map answer and the exports the same way', async () => {
    const q = 'search=whenfilter&days=sat&from=08:00&to=12:00';
    const points = await t.app.inject({ method: 'GET', url: `/api/locations/points?${q}` });
    expect(points.json()).toHaveLength(4);
    const map = await t.app.inject({ method: 'GET', url: `/api/locations/map?${q}` });
    expect(map.json()).toMatchObject({ total: 4, complete: true });
    const csv = await t.app.inject({ method: 'GET', url: `/api/export/locations.csv?${q}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(5); // the header and four places
  });

  it('answers 400 naming the field of a bad value', async () => {
    const bad = async (query: string, field: string, message: RegExp) => {
      for (const path of ['/api/locations', '/api/locations/map', '/api/export/locations.csv']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().errors[field], `${path}?${query}`).toMatch(message);
      }
    };
    await bad('days=saturday', 'days', /comma list of mon/);
    await bad('days=sat&from=8:00&to=12:00', 'from', /HH:MM/);
    await bad('days=sat&from=08:00&to=24:30', 'to', /HH:MM/);
    await bad('days=sat&from=08:00', 'to', /together/);
    await bad('days=sat&to=12:00', 'from', /together/);
    await bad('days=sat&from=12:00&to=08:00', 'from', /before to/);
    await bad('from=08:00&to=12:00', 'days', /with from and to/);
  });
});
