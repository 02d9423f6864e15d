// Geocode the place later: a place saved while the geocoder was busy keeps a
// stand-in point and is marked; a later round asks again and puts the real point in, unless
// someone edited the place meanwhile.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '../../../db/schema.js';
import { useTestApp } from '../../../test/test-app.js';
import { createGeocoder, type Geocoder } from '../../geocode/geocoder.js';
import { createLocation, geocodePendingPlaces, updateLocation } from './index.js';

const centroid = { lat: 39.1, lng: -94.58 };
const exact = { lat: 39.1011, lng: -94.5822 };
const busy: Geocoder = {
  geocode: async () => centroid,
  locate: async () => ({ point: centroid, approximate: true }),
};
const answering: Geocoder = {
  geocode: async () => exact,
  locate: async () => ({ point: exact, approximate: false }),
};
const author = { sessionId: null, clientHash: null };

describe('geocoding a place later', () => {
  const t = useTestApp();

  const row = async (id: number) => (await t.database.db.select().from(locations).where(eq(locations.id, id)))[0]!;
  const place = (name: string, geocoder: Geocoder) =>
    createLocation(
      { db: t.database.db, geocoder },
      { name, category: 'park', address: '10 Later St, Kansas City, MO 64106', tagIds: [] } as never,
      author,
    );

  it('marks a stand-in point and replaces it with the real one on a later round', async () => {
    const p = await place('Later Park', busy);
    // The stand-in is an area, and the page and maps say so (decision 0804).
    expect(await row(p.id)).toMatchObject({ latitude: centroid.lat, geocodePending: true, pointApproximate: true });
    expect(await geocodePendingPlaces(t.database.db, busy)).toBe(0); // still busy: stays pending
    expect(await geocodePendingPlaces(t.database.db, answering)).toBe(1);
    expect(await row(p.id)).toMatchObject({
      latitude: exact.lat,
      longitude: exact.lng,
      geocodePending: false,
      pointApproximate: false,
    });
  });

  it('leaves a place alone that someone edited after the round read it', async () => {
    const p = await place('Edited Later Park', busy);
    let edited = false;
    const slow: Geocoder = {
      geocode: async () => exact,
      locate: async () => {
        if (!edited) {
          edited = true;
          await updateLocation({ db: t.database.db, geocoder: busy }, p.id, { phone: '816-555-0109' }, author);
        }
        return { point: exact, approximate: false };
      },
    };
    await geocodePendingPlaces(t.database.db, slow);
    expect(await row(p.id)).toMatchObject({ latitude: centroid.lat, geocodePending: true });
  });

  it('the real geocoder says when its answer is a stand-in (queue full)', async () => {
    const g = createGeocoder({
      db: t.database.db,
      env: { ...t.env, GEOCODER_URL: 'http://127.0.0.1:9' },
      fetch: async () => new Promise<Response>(() => {}), // never answers
      minIntervalMs: 0,
      maxWaiting: 0,
    });
    const located = await g.locate!('11 Later St, Kansas City, MO 64106');
    expect(located.approximate).toBe(true);
    expect(located.point).not.toBeNull(); // the ZIP centroid
  });
});
