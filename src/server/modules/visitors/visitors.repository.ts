import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { websiteVisitors } from '../../db/schema.js';

export async function countVisitors(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(websiteVisitors);
  return rows[0]?.n ?? 0;
}

/** One row per browser session counted in the total: a session seen before counts up its own row;
 * a new one is added only when `countsToday()` says its network group has not added one today
 * (decision 0712), else nothing is stored and the visit answers as a first one. */
export async function recordVisit(db: Db, sessionId: string, countsToday: () => Promise<boolean>) {
  const known = await db
    .update(websiteVisitors)
    .set({ visitCount: sql`${websiteVisitors.visitCount} + 1`, lastVisit: sql`now()` })
    .where(eq(websiteVisitors.sessionId, sessionId))
    .returning();
  if (known[0]) return known[0];
  if (!(await countsToday())) return { visitCount: 1 };
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
