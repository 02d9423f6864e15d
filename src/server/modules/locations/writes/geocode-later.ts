// Places saved while the geocoder was busy or failing carry a ZIP/town centroid and
// `geocode_pending`; a few every few minutes are asked again (a busy queue must not leave them so
// for good). Not a revision: nobody's edit changes, the system only improves its own stand-in.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { locations } from '../../../db/schema.js';
import type { Geocoder } from '../../geocode/geocoder.js';
import { geocodeAddress } from './place.js';

/** Places asked again per round: the public geocoder answers about one a second. */
const GEOCODE_LATER_BATCH = 5;
const GEOCODE_LATER_EVERY_MS = 5 * 60_000;

/** One round: answers how many places got a real point. */
export async function geocodePendingPlaces(db: Db, geocoder: Geocoder, batch = GEOCODE_LATER_BATCH): Promise<number> {
  const due = await db
    .select({ id: locations.id, address: locations.address, updatedAt: locations.updatedAt })
    .from(locations)
    .where(eq(locations.geocodePending, true))
    .orderBy(asc(locations.updatedAt), asc(locations.id))
    .limit(batch);
  let fixed = 0;
  for (const place of due) {
    const { point, pending } = await geocodeAddress(geocoder, place.address);
    if (pending) continue;
    // Only if nobody edited the place meanwhile (its own save geocodes it again).
    const done = await db
      .update(locations)
      .set({
        latitude: point?.lat ?? null,
        longitude: point?.lng ?? null,
        geocodePending: false,
        pointApproximate: false,
      })
      // Milliseconds: the column keeps microseconds, a JavaScript date does not.
      .where(
        and(
          eq(locations.id, place.id),
          sql`date_trunc('milliseconds', ${locations.updatedAt}) = ${place.updatedAt.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: locations.id });
    fixed += done.length;
  }
  return fixed;
}

export function scheduleGeocodeLater(
  db: Db,
  geocoder: Geocoder,
  log: { info(msg: string): void; warn(msg: string): void },
  everyMs = GEOCODE_LATER_EVERY_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    geocodePendingPlaces(db, geocoder)
      .then((n) => {
        if (n) log.info(`Geocoded ${n} place(s) saved with a stand-in point`);
      })
      .catch((err: Error) => log.warn(`Geocoding later failed: ${err.message}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
