// Backups (decisions 0509 and 0510): a consistent snapshot of the database in one file, a tarball
// taken by the embedded database's process or pg_dump's custom format, written under a temporary
// name and linked into place whole; owner-readable only, as it holds password hashes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error.js';
import type { Database } from './connect.js';
import { checkTool, failure, runTool, splitPassword } from './pg-tools.js';

export type SnapshotKind = 'pglite' | 'postgres';

/** Snapshot files by kind: a gzipped tarball of the data folder, or pg_dump's custom format. */
const SNAPSHOT_EXTENSION: Record<SnapshotKind, string> = { pglite: '.tar.gz', postgres: '.pgdump' };

/** Where `npm run backup` writes when BACKUP_DIR is not set. */
export const DEFAULT_BACKUP_DIR = './backups';

/** `kc-green-20261126T093000Z.tar.gz`; the daily job's carry `daily-` (only those are pruned). */
export function snapshotFileName(kind: SnapshotKind, now = new Date(), label?: 'daily' | 'before-restore'): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `kc-green-${label ? `${label}-` : ''}${stamp}${SNAPSHOT_EXTENSION[kind]}`;
}

/** The daily job's files, and only those: what BACKUP_KEEP counts and prunes. */
export const DAILY_SNAPSHOT_NAME = /^kc-green-daily-\d{8}T\d{6}Z\.(tar\.gz|pgdump)$/;

/** What to snapshot: the open embedded database (its process takes the snapshot), or a PostgreSQL
 * database by URL (pg_dump connects to it). */
export type SnapshotSource = { kind: 'pglite'; database: Database } | { kind: 'postgres'; databaseUrl: string };

export interface SnapshotResult {
  file: string;
  bytes: number;
  /** From the request to the complete file. */
  ms: number;
  /** Embedded database: how long the snapshot held every other statement back. */
  heldMs?: number;
}

/** A temporary name beside `file` (same folder, so that linking it into place cannot cross disks). */
export function partialName(file: string): string {
  return `${file}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
}

/** Creates `dir` (and its parents) readable by its owner only when it does not exist yet. */
export function ensureBackupDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Refuses to overwrite: an existing file is another snapshot (or something else of value). */
export function refuseExisting(file: string): void {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: name another file, or move that one first`);
}

/** Gives a complete temporary file its final name; fails (EEXIST) rather than replace a file that
 * appeared meanwhile, and removes the temporary name either way. */
export function linkIntoPlace(partial: string, file: string): void {
  try {
    fs.linkSync(partial, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') refuseExisting(file);
    throw err;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** pg_dump of `databaseUrl` in custom format into `file` (a new file, owner-only). */
async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const server = await checkTool('pg_dump', databaseUrl);
  // pg_dump keeps the mode of a file that exists: create it owner-only first.
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  const { url } = splitPassword(databaseUrl);
  const r = await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`], {
    databaseUrl,
    serverMajor: server,
  });
  if (r.code !== 0) throw new BackupError(`pg_dump failed: ${failure('pg_dump', r)}`);
}

/** Writes a consistent snapshot of `source` to `file`, which must not exist yet. */
export async function writeSnapshot(source: SnapshotSource, file: string): Promise<SnapshotResult> {
  const started = Date.now();
  const target = path.resolve(file);
  ensureBackupDir(path.dirname(target));
  refuseExisting(target);
  const partial = partialName(target);
  try {
    let heldMs: number | undefined;
    if (source.kind === 'pglite') {
      if (!source.database.snapshot) throw new BackupError('This database cannot take a snapshot');
      ({ heldMs } = await source.database.snapshot(partial));
    } else {
      await pgDump(source.databaseUrl, partial);
    }
    const bytes = fs.statSync(partial).size;
    linkIntoPlace(partial, target);
    return { file: target, bytes, ms: Date.now() - started, heldMs };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Deletes the oldest daily snapshots in `dir` beyond the newest `keep`; answers the deleted
 * paths. Other files, manual snapshots included, are never touched. */
export function pruneDailySnapshots(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  // The timestamp in the name sorts as the time it was taken.
  const daily = names.filter((n) => DAILY_SNAPSHOT_NAME.test(n)).sort();
  const old = daily.slice(0, Math.max(0, daily.length - keep)).map((n) => path.join(dir, n));
  for (const file of old) fs.rmSync(file, { force: true });
  return old;
}

/** "5.2 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
