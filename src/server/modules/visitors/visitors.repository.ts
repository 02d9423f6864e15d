import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { websiteVisitors } from '../../db/schema.js';

export async function countVisitors(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(websiteVisitors);
  return rows[0]?.n ?? 0;
}

/** One row per browser session: the first visit creates it (visitCount 1), later ones count up. */
export async function recordVisit(db: Db, sessionId: string) {
  const rows = await db
    .insert(websiteVisitors)
    .values({ sessionId })
    .onConflictDoUpdate({
      target: websiteVisitors.sessionId,
      set: { visitCount: sql`${websiteVisitors.visitCount} + 1`, lastVisit: sql`now()` },
    })
    .returning();
  return rows[0]!;
}
