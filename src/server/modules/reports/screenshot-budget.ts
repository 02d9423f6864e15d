// How many screenshot bytes one network group may store a day (decision 0712), counted in kilobytes
// in `rate_limits`, in the limits' UTC-day windows, whose sweep drops these rows too: every process
// counts together and nothing is migrated.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { rateLimits } from '../../db/schema.js';

/** Screenshot bytes one network group may store a day: ten screenshots of the largest size. */
export const SCREENSHOT_BYTES_PER_DAY = 20 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60_000;

export interface ScreenshotBudget {
  /** Adds `bytes` to the group's day; false (and nothing added) when that would pass the budget. */
  reserve(client: string, bytes: number): Promise<{ kept: boolean; undo(): Promise<void> }>;
}

export function createScreenshotBudget(
  db: Db,
  bytesPerDay = SCREENSHOT_BYTES_PER_DAY,
  now: () => number = () => Date.now(),
): ScreenshotBudget {
  const budgetKb = Math.floor(bytesPerDay / 1024);
  return {
    async reserve(client, bytes) {
      const kb = Math.max(1, Math.ceil(bytes / 1024));
      const windowStart = Math.floor(now() / DAY_MS) * DAY_MS;
      const key = `flag-reports:screenshot-kb:${client}:${windowStart}`;
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: kb, expiresAt: new Date(windowStart + DAY_MS) })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + ${kb}` } })
        .returning({ count: rateLimits.count });
      const undo = async () => {
        await db
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - ${kb}, 0)` })
          .where(eq(rateLimits.key, key));
      };
      if ((rows[0]?.count ?? kb) <= budgetKb) return { kept: true, undo };
      await undo();
      return { kept: false, undo: async () => undefined };
    },
  };
}
