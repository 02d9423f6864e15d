import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { locationEngagement, locations } from '../../db/schema.js';

export type EngagementKind = 'view' | 'click';

/** Postgres foreign-key violation: the location vanished between the check and the write. */
const isFkViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503');

/**
 * One row per (location, session): the first call creates it, later calls count up. A view also
 * bumps locations.view_count. Returns null when the location does not exist (or is hidden).
 */
export async function recordEngagement(
  db: Db,
  locationId: number,
  sessionId: string,
  kind: EngagementKind,
): Promise<{ viewCount: number; clickCount: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, locationId), eq(locations.hidden, false)))
        .limit(1);
      if (!found[0]) return null;
      const now = sql`now()`;
      const isView = kind === 'view';
      const rows = await tx
        .insert(locationEngagement)
        .values({
          locationId,
          sessionId,
          viewCount: isView ? 1 : 0,
          clickCount: isView ? 0 : 1,
          ...(isView ? { lastViewed: now } : { lastClicked: now }),
        })
        .onConflictDoUpdate({
          target: [locationEngagement.locationId, locationEngagement.sessionId],
          set: isView
            ? { viewCount: sql`${locationEngagement.viewCount} + 1`, lastViewed: now, updatedAt: now }
            : { clickCount: sql`${locationEngagement.clickCount} + 1`, lastClicked: now, updatedAt: now },
        })
        .returning({ viewCount: locationEngagement.viewCount, clickCount: locationEngagement.clickCount });
      if (isView) {
        // A view is not an edit: updated_at stays as it was.
        await tx
          .update(locations)
          .set({ viewCount: sql`${locations.viewCount} + 1` })
          .where(eq(locations.id, locationId));
      }
      return rows[0]!;
    });
  } catch (err) {
    if (isFkViolation(err)) return null;
    throw err;
  }
}

/** The counters of this session's row for a visible place, without counting anything (zeros when
 * the session has no row); null when the place does not exist or is hidden. */
export async function readEngagement(
  db: Db,
  locationId: number,
  sessionId: string,
): Promise<{ viewCount: number; clickCount: number } | null> {
  const rows = await db
    .select({ viewCount: locationEngagement.viewCount, clickCount: locationEngagement.clickCount })
    .from(locations)
    .leftJoin(
      locationEngagement,
      and(eq(locationEngagement.locationId, locations.id), eq(locationEngagement.sessionId, sessionId)),
    )
    .where(and(eq(locations.id, locationId), eq(locations.hidden, false)))
    .limit(1);
  const row = rows[0];
  return row ? { viewCount: row.viewCount ?? 0, clickCount: row.clickCount ?? 0 } : null;
}
