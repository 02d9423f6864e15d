// A place's own coordinates (decision 0303): given, they win over geocoding the address; a place
// without an address can have them; they must be inside the Kansas City area and come in pairs.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { placeForm } from '../../test/places.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import type { Geocoder } from '../geocode/geocoder.js';
import { createLocation, updateLocation } from './writes/index.js';

describe('coordinates in the location payload', () => {
  const t = useTestApp();

  const send = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) =>
    injectJson(t.app, method, url, body);
  const create = async (body: Record<string, unknown>) => {
    const res = await send('POST', '/api/locations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; latitude: number | null; longitude: number | null };
  };

  it('stores the coordinates of a place without an address', async () => {
    const loc = await create({ name: 'Pin only resource', category: 'resource', latitude: 39.1, longitude: -94.58 });
    expect(loc).toMatchObject({ latitude: 39.1, longitude: -94.58 });
    const read = (await t.app.inject({ url: `/api/locations/${loc.id}` })).json();
    expect(read).toMatchObject({ address: null, latitude: 39.1, longitude: -94.58 });
  });

  it('prefers the given coordinates to the address', async () => {
    const loc = await create({
      name: 'Pinned market',
      category: 'farmers-market',
      address: '20 E 5th St, Kansas City, MO 64106',
      latitude: 39.2,
      longitude: -94.4,
    });
    expect(loc).toMatchObject({ latitude: 39.2, longitude: -94.4 });
  });

  it('refuses coordinates outside the metro area and a latitude without a longitude', async () => {
    const outside = await send('POST', '/api/locations', {
      name: 'Far away',
      category: 'resource',
      latitude: 40.7,
      longitude: -74,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toMatchObject({ latitude: MSG.outsideMetro, longitude: MSG.outsideMetro });
    const half = await send('POST', '/api/locations', { name: 'Half a pin', category: 'resource', latitude: 39.1 });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ longitude: MSG.coordinatesTogether });
    const text = await send('POST', '/api/locations', {
      name: 'Words',
      category: 'resource',
      latitude: 'north',
      longitude: -94.5,
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.latitude).toBe('Latitude must be a number');
  });

  it('moves a pin by hand, re-geocodes a new address sent with the old pin, and clears to the address', async () => {
    const loc = await create({ name: 'Moving park', category: 'park', address: '100 Main St, Kansas City, MO 64105' });
    const geocoded = { latitude: loc.latitude, longitude: loc.longitude };
    expect(geocoded.latitude).not.toBeNull();

    const moved = await send('PATCH', `/api/locations/${loc.id}`, { latitude: 39.05, longitude: -94.6 });
    expect(moved.json()).toMatchObject({ latitude: 39.05, longitude: -94.6 });

    // A form sends back the pin it showed together with a new address: the address wins.
    const readdressed = await send('PATCH', `/api/locations/${loc.id}`, {
      address: '100 Main St, Kansas City, MO 64105',
      latitude: 39.05,
      longitude: -94.6,
    });
    expect(readdressed.json()).toMatchObject({ latitude: 39.05, longitude: -94.6 }); // same address: kept
    const newAddress = await send('PATCH', `/api/locations/${loc.id}`, {
      address: '4800 Oak St, Kansas City, MO 64112',
      latitude: 39.05,
      longitude: -94.6,
    });
    expect(newAddress.json().latitude).not.toBe(39.05);

    const cleared = await send('PATCH', `/api/locations/${loc.id}`, { latitude: null, longitude: null });
    expect(cleared.json()).toMatchObject({
      latitude: newAddress.json().latitude,
      longitude: newAddress.json().longitude,
    });
  });

  describe('geocoding on write (repository, with a recording geocoder)', () => {
    it('geocodes on create and only when the address changes; null leaves no point', async () => {
      const calls: string[] = [];
      const geocoder: Geocoder = {
        async geocode(address) {
          calls.push(address);
          return address.includes('Nowhere') ? null : { lat: 39.1, lng: -94.58 };
        },
      };
      const deps = { db: t.database.db, geocoder };
      const author = { sessionId: null, clientHash: null };
      const base = placeForm({
        name: 'Geo Park',
        category: 'park',
        description: '',
        address: '1 Geo St, Kansas City, MO',
      });
      const loc = await createLocation(deps, base, author);
      expect(calls).toEqual(['1 Geo St, Kansas City, MO']);
      expect([loc.latitude, loc.longitude]).toEqual([39.1, -94.58]);

      await updateLocation(deps, loc.id, { phone: '1', address: '1 Geo St, Kansas City, MO' }, author);
      expect(calls).toHaveLength(1);

      const moved = await updateLocation(deps, loc.id, { address: '2 Nowhere Rd' }, author);
      expect(calls).toEqual(['1 Geo St, Kansas City, MO', '2 Nowhere Rd']);
      expect([moved.latitude, moved.longitude]).toEqual([null, null]);

      const resource = await createLocation(
        deps,
        { ...base, name: 'Geo Resource', category: 'resource', address: '' },
        author,
      );
      expect(calls).toHaveLength(2);
      expect(resource.latitude).toBeNull();
    });
  });
});
