import { eq } from 'drizzle-orm';
import type { FlagReport } from '../../../shared/schemas/flag-report.js';
import type { Db } from '../../db/connect.js';
import { flagReports, locations } from '../../db/schema.js';

export async function locationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1);
  return rows.length > 0;
}

/** Stores a report as 'pending' (reviewed later by administrators). */
export async function createFlagReport(db: Db, report: FlagReport): Promise<{ id: number; status: string }> {
  const rows = await db
    .insert(flagReports)
    .values({
      locationId: report.locationId,
      flagType: report.flagType,
      description: report.description,
      screenshot: report.screenshot,
      status: 'pending',
    })
    .returning({ id: flagReports.id, status: flagReports.status });
  return rows[0]!;
}
