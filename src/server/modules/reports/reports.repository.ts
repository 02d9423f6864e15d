import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminFlagReportItem } from '../../../shared/schemas/admin.js';
import { type FlagReport, PNG_DATA_URL_PREFIX } from '../../../shared/schemas/flag-report.js';
import type { Db } from '../../db/connect.js';
import { flagReports, locations } from '../../db/schema.js';

/** A place visitors can see. A hidden one answers like a missing one, so a report cannot tell
 * that a hidden place exists (decision 0705). */
export async function visibleLocationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.hidden, false)))
    .limit(1);
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

/** Bytes of image in the stored data URL, counted by the database (base64: 3 bytes per 4 characters,
 * less the padding), so the list never reads the screenshots themselves. */
const screenshotBytes = sql<number | null>`case when ${flagReports.screenshot} is null then null else
  ((length(${flagReports.screenshot}) - ${PNG_DATA_URL_PREFIX.length}) / 4 * 3
   - (case when right(${flagReports.screenshot}, 2) = '==' then 2 when right(${flagReports.screenshot}, 1) = '=' then 1 else 0 end))::int end`;

/** The review desk's list of reports (decision 0703): every field but the screenshot, which is
 * only flagged and sized here and served on its own (GET /api/admin/flag-reports/:id/screenshot). */
export async function listFlagReportItems(
  db: Db,
  q: { status: string; limit: number; offset: number },
): Promise<{ items: AdminFlagReportItem[]; total: number }> {
  const where = q.status === 'all' ? undefined : eq(flagReports.status, q.status);
  const rows = await db
    .select({
      id: flagReports.id,
      locationId: flagReports.locationId,
      flagType: flagReports.flagType,
      description: flagReports.description,
      screenshotBytes,
      reportedAt: flagReports.reportedAt,
      status: flagReports.status,
      reviewedAt: flagReports.reviewedAt,
      reviewNotes: flagReports.reviewNotes,
      locName: locations.name,
      locSlug: locations.slug,
    })
    .from(flagReports)
    .leftJoin(locations, eq(locations.id, flagReports.locationId))
    .where(where)
    .orderBy(desc(flagReports.reportedAt), desc(flagReports.id))
    .limit(q.limit)
    .offset(q.offset);
  const [t] = await db.select({ n: count() }).from(flagReports).where(where);
  return {
    total: t?.n ?? 0,
    items: rows.map(({ locName, locSlug, ...r }) => ({
      id: r.id,
      locationId: r.locationId,
      location: r.locationId && locName && locSlug ? { id: r.locationId, name: locName, slug: locSlug } : null,
      flagType: r.flagType,
      description: r.description,
      hasScreenshot: r.screenshotBytes !== null,
      screenshotBytes: r.screenshotBytes === null ? null : Number(r.screenshotBytes),
      reportedAt: r.reportedAt.toISOString(),
      status: r.status,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      reviewNotes: r.reviewNotes,
    })),
  };
}

/** The stored screenshot (a data URL) of one report, or null when the report or its picture is
 * missing. */
export async function findScreenshot(db: Db, id: number): Promise<string | null> {
  const rows = await db
    .select({ screenshot: flagReports.screenshot })
    .from(flagReports)
    .where(eq(flagReports.id, id))
    .limit(1);
  return rows[0]?.screenshot ?? null;
}
