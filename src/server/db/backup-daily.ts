// The daily snapshot the server takes when BACKUP_DIR is set (decision 0512), keeping BACKUP_KEEP.
// Every process checks every quarter hour; one atomic upsert in app_settings claims each day, so
// exactly one process takes it, and a failed snapshot gives the day back for the next check.
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Env } from '../env.js';
import { pruneDailySnapshots, type SnapshotResult, snapshotFileName, writeSnapshot } from './backup.js';
import type { Database, Db } from './connect.js';
import { appSettings } from './schema.js';

/** A backup day starts at 09:00 UTC, 3 or 4 am in Kansas City, when the directory is quietest: a
 * server running then takes that day's snapshot at its next check. */
const DAILY_SNAPSHOT_HOUR_UTC = 9;
const DAILY_CHECK_MS = 15 * 60_000;
/** The first check waits for the start's own work (the search index is built in the background). */
const DAILY_FIRST_CHECK_MS = 60_000;
const CLAIM_KEY = 'backup_daily_day';

/** The backup day `now` falls in, as YYYY-MM-DD. */
export function backupDay(now: Date): string {
  return new Date(now.getTime() - DAILY_SNAPSHOT_HOUR_UTC * 3_600_000).toISOString().slice(0, 10);
}

/** Claims `day` for this process: true when no process had claimed it (or a later day) yet. */
async function claimDay(db: Db, day: string): Promise<boolean> {
  const won = await db
    .insert(appSettings)
    .values({ key: CLAIM_KEY, value: day })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: day }, where: sql`${appSettings.value} < ${day}` })
    .returning({ value: appSettings.value });
  return won.length === 1;
}

/** Gives a claimed day back (its snapshot failed), so that the next check claims it again. */
async function releaseDay(db: Db, day: string): Promise<void> {
  const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await db
    .update(appSettings)
    .set({ value: dayBefore })
    .where(and(eq(appSettings.key, CLAIM_KEY), eq(appSettings.value, day)));
}

export interface DailySnapshot extends SnapshotResult {
  /** Older daily snapshots deleted beyond BACKUP_KEEP. */
  pruned: string[];
}

/** Takes the day's snapshot if BACKUP_DIR is set and no process took it yet; answers it, or null. */
export async function takeDailySnapshot(
  database: Database,
  env: Pick<Env, 'BACKUP_DIR' | 'BACKUP_KEEP' | 'DATABASE_URL'>,
  now = new Date(),
): Promise<DailySnapshot | null> {
  const dir = env.BACKUP_DIR;
  if (!dir) return null;
  const day = backupDay(now);
  if (!(await claimDay(database.db, day))) return null;
  try {
    const file = path.join(dir, snapshotFileName(database.kind, now, 'daily'));
    const source =
      database.kind === 'pglite'
        ? ({ kind: 'pglite', database } as const)
        : ({ kind: 'postgres', databaseUrl: env.DATABASE_URL! } as const);
    const written = await writeSnapshot(source, file);
    return { ...written, pruned: pruneDailySnapshots(dir, env.BACKUP_KEEP) };
  } catch (err) {
    await releaseDay(database.db, day).catch(() => undefined);
    throw err;
  }
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Checks every DAILY_CHECK_MS (the first time after DAILY_FIRST_CHECK_MS) whether the day's
 * snapshot is due, when BACKUP_DIR is set. Answers the stop function, which resolves once a
 * snapshot in progress is written, so that the database is not closed under it.
 */
export function scheduleDailySnapshots(
  database: Database,
  env: Env,
  log: Log,
  { firstCheckMs = DAILY_FIRST_CHECK_MS, everyMs = DAILY_CHECK_MS } = {},
): () => Promise<void> {
  if (!env.BACKUP_DIR) return async () => {};
  let running: Promise<void> | null = null;
  const check = () => {
    if (running) return;
    running = takeDailySnapshot(database, env)
      .then((r) => {
        if (!r) return;
        const held = r.heldMs === undefined ? '' : `, the database held ${r.heldMs} ms`;
        log.info(`Daily backup written: ${r.file} (${r.bytes} bytes in ${r.ms} ms${held})`);
        for (const file of r.pruned) log.info(`Daily backup deleted (BACKUP_KEEP=${env.BACKUP_KEEP}): ${file}`);
      })
      .catch((err: Error) =>
        log.warn(`Daily backup failed (tried again in ${everyMs / 60_000} minutes): ${err.message}`),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, firstCheckMs);
  const timer = setInterval(check, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
