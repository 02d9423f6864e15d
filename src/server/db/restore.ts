// `npm run restore -- <file>` (decision 0510): a snapshot brought back into a fresh data folder or
// an empty PostgreSQL database; a target holding a database is refused, or kept aside with --force.
// Nothing changes until the snapshot was read whole and found sound.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { type SnapshotKind, snapshotFileName, writeSnapshot } from './backup.js';
import { liveOwner } from './backup-control.js';
import { BackupError } from './backup-error.js';
import { DataDirLockedError, lockDataDir } from './lock.js';
import { checkTool, failure, runTool, splitPassword, toolEnv, toolMajor } from './pg-tools.js';

const NOT_A_SNAPSHOT =
  'is not a backup made by npm run backup: neither a snapshot of the embedded database (.tar.gz) ' +
  'nor a PostgreSQL custom-format dump (.pgdump)';

/** What kind of snapshot `file` holds, from its first bytes (gzip, or pg_dump's "PGDMP"). */
export function snapshotKindOf(file: string): SnapshotKind {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(5);
      head = head.subarray(0, fs.readSync(fd, head, 0, 5, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist`);
    if (code === 'EACCES' || code === 'EPERM') throw new BackupError(`${file} cannot be read: permission denied`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder: name a backup file`);
    throw new BackupError(`${file} cannot be read: ${(err as Error).message}`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} ${NOT_A_SNAPSHOT}`);
}

/** A tar header's numeric field (octal text, NUL or space ended). */
function octal(field: Buffer): number {
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/**
 * Checks a data folder's tarball before anything is written from it: every header's checksum,
 * every file whole (a cut-off file fails here rather than as a half-restored folder), and a
 * PG_VERSION in it. Answers that PostgreSQL version.
 */
function checkDataDirTarball(tar: Buffer, file: string): string {
  const damaged = (why: string) => new BackupError(`${file} is damaged: ${why}. Nothing was restored.`);
  let pgVersion: string | undefined;
  let offset = 0;
  let ended = false;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) {
      ended = true;
      break;
    }
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== octal(header.subarray(148, 156)))
      throw damaged(`a tar header at byte ${offset} does not match its checksum`);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = octal(header.subarray(124, 136));
    const start = offset + 512;
    if (start + size > tar.length) throw damaged(`${name} is cut off`);
    if (name.replace(/^\.?\/+/, '') === 'PG_VERSION')
      pgVersion = tar
        .subarray(start, start + size)
        .toString()
        .trim();
    offset = start + Math.ceil(size / 512) * 512;
  }
  if (!ended) throw damaged('it ends before the end of its tar archive');
  if (!pgVersion) throw new BackupError(`${file} ${NOT_A_SNAPSHOT} (a tarball without PG_VERSION)`);
  return pgVersion;
}

/** The snapshot's tarball, unzipped and checked. */
async function readDataDirSnapshot(file: string): Promise<Buffer> {
  let tar: Buffer;
  try {
    tar = await promisify(zlib.gunzip)(fs.readFileSync(file));
  } catch (err) {
    throw new BackupError(`${file} is damaged or incomplete (${(err as Error).message}). Nothing was restored.`);
  }
  checkDataDirTarball(tar, file);
  return tar;
}

export interface RestoreResult {
  /** The data folder's database folder, or the database URL without its password. */
  target: string;
  /** Where the database that was there before now is (--force). */
  keptAt?: string;
  /** Places in the restored database (null when the snapshot has no places table). */
  places: number | null;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Places in a restored database, through any client with query(). */
async function countPlaces(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<number | null> {
  const exists = await query("select to_regclass('public.locations') is not null as present");
  if (!(exists.rows[0] as { present: boolean }).present) return null;
  const r = await query('select count(*)::int as n from public.locations');
  return (r.rows[0] as { n: number }).n;
}

/** Restores an embedded database snapshot into `dataDir` (see the top of this file). */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  { force = false, now = new Date() } = {},
): Promise<RestoreResult> {
  const tar = await readDataDirSnapshot(file);
  const dir = path.resolve(dataDir);
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      const pid = liveOwner(dir)?.pid;
      throw new BackupError(
        `The data folder ${dir} is in use by a running server${pid ? ` (pid ${pid})` : ''}: stop it before restoring into its folder.`,
      );
    }
    throw err;
  }
  const target = path.join(dir, 'pgdata');
  const staging = path.join(dir, `pgdata.restoring-${crypto.randomBytes(4).toString('hex')}`);
  try {
    const existing = fs.existsSync(target) && fs.readdirSync(target).length > 0;
    const keptAt = existing ? path.join(dir, `pgdata.before-restore-${stamp(now)}`) : undefined;
    if (existing && !force) {
      throw new BackupError(
        `${dir} already holds a database (${target}). Restore into a new DATA_DIR, or add --force to move the ` +
          `existing one aside to ${keptAt} (nothing is deleted) and restore in its place.`,
      );
    }
    if (keptAt && fs.existsSync(keptAt)) throw new BackupError(`${keptAt} already exists: try again in a second`);
    // PGlite's own loading of a data folder's tarball (decision 0509), in a folder of its own: the database is opened
    // (recovering as after a crash, to the instant of the snapshot) and closed cleanly before it
    // takes the place of anything.
    let places: number | null;
    try {
      const db = await PGlite.create(staging, {
        extensions: { pg_trgm, unaccent },
        loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
      });
      try {
        places = await countPlaces((sql) => db.query(sql));
      } finally {
        await db.close();
      }
    } catch (err) {
      throw new BackupError(
        `The snapshot in ${file} could not be opened: ${(err as Error).message}. Nothing was restored.`,
      );
    }
    if (keptAt) fs.renameSync(target, keptAt);
    else if (fs.existsSync(target)) fs.rmdirSync(target); // empty: rmdir refuses anything else
    fs.renameSync(staging, target);
    return { target, keptAt, places };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** Tables in `databaseUrl` outside PostgreSQL's own schemas and the extensions' objects. */
async function tablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
          and s.nspname not like 'pg\\_toast%'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`,
    );
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Replaces what the app keeps (the public schema and drizzle's migration journal) in the same
 * transaction as the restore: all of it happens, or none. */
const REPLACE_APP_SCHEMAS =
  'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n';

/** pg_restore's SQL run by psql inside one transaction, committed only when pg_restore read the
 * whole archive without error. */
function pgRestoreInOneTransaction(file: string, databaseUrl: string, replace: boolean): Promise<void> {
  const { url } = splitPassword(databaseUrl);
  const env = toolEnv(databaseUrl);
  return new Promise((resolve, reject) => {
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let restoreErr = '';
    let psqlErr = '';
    restore.stderr.on('data', (d) => {
      restoreErr += d;
    });
    psql.stderr.on('data', (d) => {
      psqlErr += d;
    });
    psql.stdin.on('error', () => undefined); // psql stopped at an error: its own message says which
    psql.stdin.write(`BEGIN;\n${replace ? REPLACE_APP_SCHEMAS : ''}`);
    restore.stdout.pipe(psql.stdin, { end: false });
    const restoreDone = new Promise<number | null>((r) =>
      restore.on('close', (code, signal) => {
        if (signal) restoreErr ||= `pg_restore stopped on signal ${signal}`;
        r(code);
      }),
    );
    const psqlDone = new Promise<number | null>((r) => psql.on('close', r));
    restore.on('error', reject);
    psql.on('error', reject);
    void restoreDone.then((code) => {
      // Without COMMIT, psql's session ends with the transaction open: PostgreSQL rolls it back.
      psql.stdin.end(code === 0 ? 'COMMIT;\n' : '');
    });
    void Promise.all([restoreDone, psqlDone]).then(([restoreCode, psqlCode]) => {
      if (restoreCode !== 0) reject(new BackupError(`pg_restore failed, nothing was changed: ${restoreErr.trim()}`));
      else if (psqlCode !== 0) reject(new BackupError(`The restore failed, nothing was changed: ${psqlErr.trim()}`));
      else resolve();
    });
  });
}

/** Restores a pg_dump snapshot into the database of `databaseUrl` (see the top of this file). */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  { force = false, backupDir, now = new Date() }: { force?: boolean; backupDir: string; now?: Date },
): Promise<RestoreResult> {
  const server = await checkTool('pg_restore', databaseUrl);
  await toolMajor('psql', server);
  const listed = await runTool('pg_restore', ['--list', file], { serverMajor: server });
  if (listed.code !== 0) {
    throw new BackupError(
      `${file} is damaged or not a pg_dump archive (${failure('pg_restore', listed)}). Nothing was restored.`,
    );
  }
  const target = splitPassword(databaseUrl).url;
  let keptAt: string | undefined;
  const tables = await tablesIn(databaseUrl);
  if (tables > 0) {
    const aside = path.join(backupDir, snapshotFileName('postgres', now, 'before-restore'));
    if (!force) {
      throw new BackupError(
        `The database of DATABASE_URL already holds ${tables} table(s). Restore into an empty database (createdb), or add ` +
          `--force: the current database is first written to ${path.resolve(aside)} with pg_dump, then its public schema ` +
          "(and drizzle's migration journal) is dropped and the snapshot restored in its place, in one transaction.",
      );
    }
    keptAt = (await writeSnapshot({ kind: 'postgres', databaseUrl }, aside)).file;
  }
  await pgRestoreInOneTransaction(file, databaseUrl, tables > 0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return { target, keptAt, places: await countPlaces((sql) => client.query(sql)) };
  } finally {
    await client.end();
  }
}
