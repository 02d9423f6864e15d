// Backups and restores (decisions 0509-0512), embedded and on PostgreSQL with TEST_DATABASE_URL:
// snapshots under concurrent writes, refused and forced restores, newer migrations after a restore,
// the daily snapshot taken once and pruned, and damaged files or a missing pg_dump told clearly.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readEnv, testEnv } from '../env.js';
import { injectJson } from '../test/test-app.js';
import {
  DAILY_SNAPSHOT_NAME,
  pruneDailySnapshots,
  type SnapshotSource,
  snapshotFileName,
  writeSnapshot,
} from './backup.js';
import { backupDay, scheduleDailySnapshots, takeDailySnapshot } from './backup-daily.js';
import { type ConnectOptions, type Database, openDatabase } from './connect.js';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.js';
import { restoreDataDir, restorePostgres, snapshotKindOf } from './restore.js';
import { seedDatabase } from './seed.js';
import { readSeedRows } from './seed-files.js';
import { testDatabaseUrl } from '../test/test-env.js';

const pgAdmin = testDatabaseUrl;
const kind = pgAdmin ? 'postgres' : 'pglite';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new place for a database: an empty folder, or an empty PostgreSQL database (dropped after). */
async function freshTarget(): Promise<ConnectOptions> {
  if (!pgAdmin) return { dataDir: tempDir() };
  const name = `kc_backup_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: pgAdmin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

async function open(target: ConnectOptions): Promise<Database> {
  const database = await openDatabase(target);
  cleanups.push(() => database.close().catch(() => undefined));
  return database;
}

const sourceOf = (database: Database, target: ConnectOptions): SnapshotSource =>
  target.databaseUrl ? { kind: 'postgres', databaseUrl: target.databaseUrl } : { kind: 'pglite', database };

function restore(file: string, target: ConnectOptions, opts: { force?: boolean; backupDir?: string } = {}) {
  return target.databaseUrl
    ? restorePostgres(file, target.databaseUrl, { force: opts.force, backupDir: opts.backupDir ?? tempDir() })
    : restoreDataDir(file, target.dataDir!, { force: opts.force });
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

// The snapshot the first test takes, and the database it restored it into: the restore tests use them.
let snapshotFile = '';
let restoredTarget: ConnectOptions = {};

describe(`backups on ${kind}: a snapshot under concurrent writes`, () => {
  it('a snapshot under concurrent writes holds every acknowledged write, and no half of any transaction', async () => {
    const target = await freshTarget();
    const database = await open(target);
    await runMigrations(database);
    await seedDatabase(database.db);
    const app = await buildApp({ env: testEnv({ DATABASE_URL: target.databaseUrl ?? '' }), database });
    cleanups.push(() => app.close());
    await app.ready();
    const tagIds = ((await app.inject({ method: 'GET', url: '/api/tags' })).json() as { id: number }[])
      .slice(0, 2)
      .map((t) => t.id);
    expect(tagIds).toHaveLength(2);

    // Writers add places as fast as they are answered; each place is one transaction of several
    // rows (the place, its tag links, its revision).
    const acked: { name: string; at: number }[] = [];
    let stop = false;
    let next = 0;
    const writer = async () => {
      while (!stop) {
        const name = `Backup writer ${next++}`;
        const res = await injectJson(app, 'POST', '/api/locations', { name, category: 'resource', tagIds });
        if (res.statusCode !== 201) throw new Error(`write refused: ${res.statusCode} ${res.body}`);
        acked.push({ name, at: performance.now() });
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    const waitForAcks = async (n: number) => {
      while (acked.length < n) await new Promise((r) => setTimeout(r, 10));
    };
    await waitForAcks(20);
    const began = performance.now();
    const dir = tempDir();
    const written = await writeSnapshot(sourceOf(database, target), path.join(dir, snapshotFileName(kind)));
    const afterSnapshot = acked.length;
    await waitForAcks(afterSnapshot + 10);
    stop = true;
    await Promise.all(writers);
    snapshotFile = written.file;
    expect(fs.statSync(written.file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([path.basename(written.file)]); // no temporary file left

    restoredTarget = await freshTarget();
    const restored = await restore(written.file, restoredTarget);
    const copy = await open(restoredTarget);
    const places = await rowsOf<{ name: string; tags: number; creates: number }>(
      copy,
      sql`select l.name,
            (select count(*)::int from location_tags t where t.location_id = l.id) as tags,
            (select count(*)::int from revisions r where r.entity_type = 'location' and r.entity_id = l.id and r.action = 'create') as creates
          from locations l where l.name like 'Backup writer %'`,
    );
    const names = new Set(places.map((p) => p.name));
    const before = acked.filter((a) => a.at < began);
    expect(before.length).toBeGreaterThanOrEqual(20);
    for (const a of before) expect(names, a.name).toContain(a.name);
    // Every place that is there came whole: its tag links and its revision with it.
    for (const p of places) expect(p, p.name).toMatchObject({ tags: 2, creates: 1 });
    const orphans = await rowsOf<{ n: number }>(
      copy,
      sql`select count(*)::int as n from revisions r where r.entity_type = 'location' and r.action = 'create'
            and not exists (select 1 from locations l where l.id = r.entity_id)`,
    );
    expect(orphans[0]!.n).toBe(0);
    // The seeded places came too, and the count the restore reported is the database's.
    expect(restored.places).toBe(readSeedRows().length + places.length);
    await copy.close();
  }, 180_000);
});

describe(`backups on ${kind}: restoring a snapshot`, () => {
  it('refuses to restore into a target that holds a database; --force keeps the old one and restores', async () => {
    expect(snapshotFile).not.toBe('');
    const backupDir = tempDir();
    await expect(restore(snapshotFile, restoredTarget, { backupDir })).rejects.toThrow(
      pgAdmin
        ? /already holds \d+ table\(s\).*add --force/
        : /already holds a database.*add --force to move the existing one aside/,
    );
    expect(fs.readdirSync(backupDir)).toEqual([]);
    const forced = await restore(snapshotFile, restoredTarget, { force: true, backupDir });
    expect(forced.keptAt).toBeDefined();
    if (pgAdmin) {
      expect(path.dirname(forced.keptAt!)).toBe(backupDir);
      expect(snapshotKindOf(forced.keptAt!)).toBe('postgres');
    } else {
      expect(fs.existsSync(path.join(forced.keptAt!, 'PG_VERSION'))).toBe(true);
      expect(path.dirname(forced.keptAt!)).toBe(path.resolve(restoredTarget.dataDir!));
    }
    const copy = await open(restoredTarget);
    const n = await rowsOf<{ n: number }>(copy, sql`select count(*)::int as n from locations`);
    expect(n[0]!.n).toBe(forced.places);
    await copy.close();
  }, 120_000);

  it.runIf(!pgAdmin)(
    'leaves out the WAL segments recovery does not need, in a tarball PGlite opens',
    async () => {
      const target = await freshTarget();
      const database = await open(target);
      await runMigrations(database);
      // A segment kept for reuse, as PostgreSQL keeps hundreds of MB of them after a bulk load.
      const walDir = path.join(target.dataDir!, 'pgdata', 'pg_wal');
      const spare = '0000000100000000000000F0';
      fs.writeFileSync(path.join(walDir, spare), Buffer.alloc(1 << 20, 1));
      const file = (await writeSnapshot(sourceOf(database, target), path.join(tempDir(), snapshotFileName(kind)))).file;
      await database.close();
      const tar = zlib.gunzipSync(fs.readFileSync(file));
      const names: string[] = [];
      for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
        names.push(
          tar
            .subarray(at, at + 100)
            .toString('utf8')
            .replace(/\0.*$/s, ''),
        );
        const size = Number.parseInt(tar.subarray(at + 124, at + 136).toString('latin1'), 8);
        at += 512 + Math.ceil(size / 512) * 512;
      }
      const segments = names.filter((n) => /^pg_wal\/[0-9A-F]{24}$/.test(n));
      expect(segments.length).toBeGreaterThan(0);
      expect(segments).not.toContain(`pg_wal/${spare}`);
      expect(names).toEqual(expect.arrayContaining(['PG_VERSION', 'global/pg_control', 'pg_wal']));
      // No copy of the folder is left beside it.
      expect(fs.readdirSync(target.dataDir!).filter((n) => n.startsWith('snapshot-'))).toEqual([]);
      const restoredTo = await freshTarget();
      expect((await restore(file, restoredTo)).places).toBe(0);
    },
    120_000,
  );

  it.runIf(!pgAdmin)(
    'refuses to restore into a folder a server is using',
    async () => {
      const target = await freshTarget();
      await open(target);
      await expect(restoreDataDir(snapshotFile, target.dataDir!)).rejects.toThrow(
        /in use by a running server.*stop it/,
      );
    },
    60_000,
  );

  it('migrations newer than a snapshot apply when the restored database starts', async () => {
    // A database migrated up to the one before the last migration, as an older release left it.
    const older = path.join(tempDir(), 'drizzle');
    fs.cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journalFile = path.join(older, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.pop()!;
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.rmSync(path.join(older, `${last.tag}.sql`));
    const target = await freshTarget();
    const database = await open(target);
    if (database.kind === 'pglite') await migratePglite(database.db as any, { migrationsFolder: older });
    else await migratePg(database.db as any, { migrationsFolder: older });
    const file = (await writeSnapshot(sourceOf(database, target), path.join(tempDir(), 'older.snapshot'))).file;
    await database.close();

    const restoredTo = await freshTarget();
    await restore(file, restoredTo);
    const copy = await open(restoredTo);
    const applied = async () =>
      (await rowsOf<{ n: number }>(copy, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
    expect(await applied()).toBe(journal.entries.length);
    await runMigrations(copy); // what every start does (main.ts)
    expect(await applied()).toBe(journal.entries.length + 1);
    const trigger = await rowsOf<{ f: string | null }>(copy, sql`select to_regproc('search_index_note')::text as f`);
    expect(trigger[0]!.f).toBe('search_index_note');
    await copy.close();
  }, 180_000);
});

// A good snapshot, made once before the first damaged-snapshot test: the tests below damage copies of it.
let file = '';
const withGoodSnapshot = () =>
  beforeAll(async () => {
    if (file) return;
    const target = await freshTarget();
    const database = await open(target);
    await runMigrations(database);
    file = (await writeSnapshot(sourceOf(database, target), path.join(tempDir(), snapshotFileName(kind)))).file;
    await database.close();
  }, 120_000);

/** A copy of the good snapshot changed by `damage`. */
const damaged = (damage: (bytes: Buffer) => Buffer) => {
  const copy = path.join(tempDir(), `damaged${path.extname(file)}`);
  fs.writeFileSync(copy, damage(fs.readFileSync(file)));
  return copy;
};
const expectNothingRestored = async (target: ConnectOptions) => {
  if (target.dataDir) {
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
    return;
  }
  const copy = await open(target);
  const tables = await rowsOf<{ n: number }>(
    copy,
    sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
  );
  expect(tables[0]!.n).toBe(0);
  await copy.close();
};

describe(`damaged snapshots on ${kind}: cut off, corrupt, or not a snapshot`, () => {
  withGoodSnapshot();

  it('names a file that is missing, a folder, or not a snapshot', () => {
    const dir = tempDir();
    expect(() => snapshotKindOf(path.join(dir, 'none.tar.gz'))).toThrow(
      `${path.join(dir, 'none.tar.gz')} does not exist`,
    );
    expect(() => snapshotKindOf(dir)).toThrow(`${dir} is a folder: name a backup file`);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    expect(() => snapshotKindOf(path.join(dir, 'notes.txt'))).toThrow(/is not a backup made by npm run backup/);
    expect(snapshotKindOf(file)).toBe(kind);
  });

  it('refuses a cut-off snapshot and restores nothing', async () => {
    const target = await freshTarget();
    const cut = damaged((b) => b.subarray(0, Math.floor(b.length * 0.6)));
    await expect(restore(cut, target)).rejects.toThrow(
      pgAdmin
        ? /is damaged or not a pg_dump archive \(pg_restore: .*end of file\)\. Nothing was restored/
        : /is damaged or incomplete \(unexpected end of file\)\. Nothing was restored/,
    );
    await expectNothingRestored(target);
  }, 120_000);

  it.runIf(!pgAdmin)(
    'refuses a tarball whose content does not match its checksums, or that is not a data folder',
    async () => {
      const tar = zlib.gunzipSync(fs.readFileSync(file));
      const flipped = Buffer.from(tar);
      flipped[100] = flipped[100]! ^ 0xff; // inside the first header (its mode field)
      const target = await freshTarget();
      await expect(
        restore(
          damaged(() => zlib.gzipSync(flipped)),
          target,
        ),
      ).rejects.toThrow(/is damaged: a tar header at byte 0 does not match its checksum\. Nothing was restored/);
      await expect(
        restore(
          damaged(() => zlib.gzipSync(Buffer.from('just text'))),
          target,
        ),
      ).rejects.toThrow(/is damaged: it ends before the end of its tar archive/);
      await expect(
        restore(
          damaged(() => zlib.gzipSync(Buffer.alloc(1024))),
          target,
        ),
      ).rejects.toThrow(/is not a backup made by npm run backup: .*\(a tarball without PG_VERSION\)/);
      await expectNothingRestored(target);
    },
    60_000,
  );
});

describe(`damaged snapshots on ${kind}: restores that fail part-way, and old pg_dump`, () => {
  withGoodSnapshot();

  it.runIf(pgAdmin)(
    'rolls the whole restore back when a statement of it fails',
    async () => {
      const target = await freshTarget();
      // Not a table, so the database counts as empty; the snapshot's own function of that name
      // then fails to be created, after its extensions were.
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      await client.query(
        "create function search_index_note() returns trigger language plpgsql as 'begin return null; end'",
      );
      await expect(restore(file, target)).rejects.toThrow(
        /The restore failed, nothing was changed: .*function "search_index_note" already exists/,
      );
      const extensions = await client.query(
        "select count(*)::int as n from pg_extension where extname in ('pg_trgm', 'unaccent')",
      );
      await client.end();
      expect(extensions.rows[0].n).toBe(0);
      await expectNothingRestored(target);
    },
    60_000,
  );

  it.runIf(pgAdmin)(
    'refuses a file that is not a pg_dump archive past its signature',
    async () => {
      const target = await freshTarget();
      await expect(
        restore(
          damaged((b) => Buffer.concat([b.subarray(0, 5), Buffer.alloc(200, 7)])),
          target,
        ),
      ).rejects.toThrow(/is damaged or not a pg_dump archive \(pg_restore: .*\)\. Nothing was restored/);
      await expectNothingRestored(target);
    },
    60_000,
  );

  it.runIf(pgAdmin)(
    'rolls the whole restore back when the archive is damaged past its table of contents',
    async () => {
      const target = await freshTarget();
      // The last table's data garbled (it follows the archive's list as a zlib stream, 78 9c):
      // pg_restore reads the list, starts the restore, then fails.
      const garbled = damaged((b) => {
        const copy = Buffer.from(b);
        const at = copy.lastIndexOf(Buffer.from([0x78, 0x9c]));
        expect(at).toBeGreaterThan(0);
        for (let i = at + 2; i < Math.min(at + 34, copy.length); i++) copy[i] = copy[i]! ^ 0x55;
        return copy;
      });
      await expect(restore(garbled, target)).rejects.toThrow(
        /pg_restore failed, nothing was changed: .*could not uncompress data/,
      );
      await expectNothingRestored(target);
    },
    60_000,
  );

  it.runIf(pgAdmin)('says that pg_dump is older than the server, and what to install', async () => {
    const bin = tempDir();
    fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = bin;
    try {
      await expect(
        writeSnapshot({ kind: 'postgres', databaseUrl: pgAdmin! }, path.join(bin, 'x.pgdump')),
      ).rejects.toThrow(
        /pg_dump on PATH is version 9, older than the PostgreSQL \d+ server of DATABASE_URL, which it cannot dump: install the client programs of PostgreSQL \d+ or newer/,
      );
    } finally {
      process.env.PATH = saved;
    }
    expect(fs.existsSync(path.join(bin, 'x.pgdump'))).toBe(false);
  });
});

describe(`the daily snapshot on ${kind}`, () => {
  // One database for these tests; each starts with no day claimed.
  let target: ConnectOptions;
  let database: Database;
  beforeAll(async () => {
    target = await freshTarget();
    database = await open(target);
    await runMigrations(database);
  }, 120_000);
  beforeEach(async () => {
    if (database) await database.db.execute(sql`delete from app_settings where key = 'backup_daily_day'`);
  });

  it('is taken once a backup day, into BACKUP_DIR, keeping the newest BACKUP_KEEP', async () => {
    const dir = path.join(tempDir(), 'daily');
    const env = { BACKUP_DIR: dir, BACKUP_KEEP: 2, DATABASE_URL: target.databaseUrl };
    // A manual snapshot in the same folder is never pruned.
    const manual = (await writeSnapshot(sourceOf(database, target), path.join(dir, snapshotFileName(kind)))).file;

    const day1 = new Date('2026-11-20T10:00:00Z');
    const first = await takeDailySnapshot(database, env, day1);
    expect(path.basename(first!.file)).toMatch(DAILY_SNAPSHOT_NAME);
    expect(path.basename(first!.file)).toBe(snapshotFileName(kind, day1, 'daily'));
    // The same backup day (a restarted server, or another process): none.
    expect(await takeDailySnapshot(database, env, new Date('2026-11-21T08:59:00Z'))).toBeNull();
    const second = await takeDailySnapshot(database, env, new Date('2026-11-21T09:00:00Z'));
    const third = await takeDailySnapshot(database, env, new Date('2026-11-22T09:30:00Z'));
    expect(third!.pruned).toEqual([first!.file]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [path.basename(manual), path.basename(second!.file), path.basename(third!.file)].sort(),
    );
    // Without BACKUP_DIR there is no daily snapshot.
    expect(
      await takeDailySnapshot(database, { ...env, BACKUP_DIR: undefined }, new Date('2026-11-23T10:00:00Z')),
    ).toBeNull();
  }, 120_000);

  it('gives the day back when its snapshot fails, so that the next check takes it', async () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, '');
    const now = new Date('2026-11-20T12:00:00Z');
    await expect(
      takeDailySnapshot(
        database,
        { BACKUP_DIR: path.join(blocker, 'daily'), BACKUP_KEEP: 7, DATABASE_URL: target.databaseUrl },
        now,
      ),
    ).rejects.toThrow(/ENOTDIR|not a directory/);
    const dir = tempDir();
    const taken = await takeDailySnapshot(
      database,
      { BACKUP_DIR: dir, BACKUP_KEEP: 7, DATABASE_URL: target.databaseUrl },
      now,
    );
    expect(taken?.file).toBe(path.join(dir, snapshotFileName(kind, now, 'daily')));
  }, 120_000);

  it.runIf(pgAdmin)(
    'is taken by one process only when several share the database',
    async () => {
      const processes = [database, await open(target), await open(target)];
      const dir = tempDir();
      const env = { BACKUP_DIR: dir, BACKUP_KEEP: 7, DATABASE_URL: target.databaseUrl };
      const now = new Date('2026-11-20T10:00:00Z');
      const taken = await Promise.all(processes.map((p) => takeDailySnapshot(p, env, now)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(fs.readdirSync(dir)).toHaveLength(1);
    },
    120_000,
  );

  it('is scheduled by the server when BACKUP_DIR is set, and stopping waits for it', async () => {
    const dir = tempDir();
    const logged: string[] = [];
    const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };
    const env = testEnv({ BACKUP_DIR: dir, DATABASE_URL: target.databaseUrl ?? '' });
    const stop = scheduleDailySnapshots(database, env, log, { firstCheckMs: 0, everyMs: 60_000 });
    while (!logged.some((m) => m.startsWith('Daily backup'))) await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(logged[0]).toMatch(/^Daily backup written: .*kc-green-daily-/);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    // Nothing is scheduled without BACKUP_DIR.
    await scheduleDailySnapshots(database, testEnv(), log, { firstCheckMs: 0 })();
  }, 120_000);

  it('counts backup days from 09:00 UTC', () => {
    expect(backupDay(new Date('2026-11-21T08:59:59Z'))).toBe('2026-11-20');
    expect(backupDay(new Date('2026-11-21T09:00:00Z'))).toBe('2026-11-21');
  });

  it('prunes only the daily files, oldest first', () => {
    const dir = tempDir();
    const names = [
      'kc-green-daily-20261101T090000Z.tar.gz',
      'kc-green-daily-20261102T090000Z.pgdump',
      'kc-green-daily-20261103T090000Z.tar.gz',
      'kc-green-20261101T000000Z.tar.gz',
      'kc-green-daily-20261104T090000Z.tar.gz.partial-1-abcd',
      'notes.txt',
    ];
    for (const n of names) fs.writeFileSync(path.join(dir, n), '');
    expect(pruneDailySnapshots(dir, 1).map((f) => path.basename(f))).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual(names.slice(2).sort());
    expect(pruneDailySnapshots(path.join(dir, 'missing'), 1)).toEqual([]);
  });
});

describe('backup settings', () => {
  it('reads BACKUP_DIR and BACKUP_KEEP, and refuses a BACKUP_KEEP that keeps nothing', () => {
    const base = { NODE_ENV: 'test' };
    expect(readEnv(base).BACKUP_DIR).toBeUndefined();
    expect(readEnv(base).BACKUP_KEEP).toBe(7);
    const blank = readEnv({ ...base, BACKUP_DIR: '', BACKUP_KEEP: '30' });
    expect(blank.BACKUP_DIR).toBeUndefined();
    expect(blank.BACKUP_KEEP).toBe(30);
    expect(readEnv({ ...base, BACKUP_DIR: '/srv/backups' }).BACKUP_DIR).toBe('/srv/backups');
    for (const bad of ['0', '-1', '2.5', 'seven'])
      expect(() => readEnv({ ...base, BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP/);
  });
});
