// Administrators' standings for contributors, network groups and /48 groups (decision 0405):
// trusted or blocked, for a number of hours or until lifted, with the reason.
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Standing, StandingInput } from '../../../shared/schemas/review.js';
import type { Db } from '../../db/connect.js';
import { contributorStandings } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';

const toStanding = (r: typeof contributorStandings.$inferSelect): Standing => ({
  id: r.id,
  kind: r.kind as Standing['kind'],
  key: r.key,
  standing: r.standing as Standing['standing'],
  reason: r.reason,
  until: r.until?.toISOString() ?? null,
  setBy: r.setBy,
  createdAt: r.createdAt.toISOString(),
});

/** Sets (or replaces) the standing of one subject. */
export async function setStanding(db: Db, input: StandingInput, actor: string): Promise<Standing> {
  const until = input.hours === null ? null : new Date(clockNow().getTime() + input.hours * 3_600_000);
  const values = { ...input, until, setBy: actor, createdAt: clockNow() };
  const { hours: _h, ...row } = values;
  const [saved] = await db
    .insert(contributorStandings)
    .values(row)
    .onConflictDoUpdate({
      target: [contributorStandings.kind, contributorStandings.key],
      set: { standing: row.standing, reason: row.reason, until, setBy: actor, createdAt: row.createdAt },
    })
    .returning();
  return toStanding(saved!);
}

/** The standings in force, newest first. */
export async function listStandings(db: Db): Promise<Standing[]> {
  const rows = await db
    .select()
    .from(contributorStandings)
    .where(or(isNull(contributorStandings.until), gt(contributorStandings.until, clockNow())))
    .orderBy(desc(contributorStandings.createdAt), desc(contributorStandings.id));
  return rows.map(toStanding);
}

export async function removeStanding(db: Db, id: number): Promise<void> {
  const gone = await db
    .delete(contributorStandings)
    .where(and(eq(contributorStandings.id, id)))
    .returning({ id: contributorStandings.id });
  if (gone.length === 0) throw new HttpError(404, 'Standing not found');
}
