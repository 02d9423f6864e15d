// `npm run backup` and `npm run restore` as an operator runs them, against the real server process
// (over DATA_DIR/control.sock when embedded, pg_dump with TEST_DATABASE_URL), and what they say for
// a target in use or holding a database, a damaged file, and a PATH without pg_dump.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readSeedRows } from './seed-files.js';
import { testDatabaseUrl } from '../test/test-env.js';

const root = path.resolve(import.meta.dirname, '../../..');
/** The sample data plus the one place each test adds. */
const PLACES = readSeedRows().length + 1;
const pgAdmin = testDatabaseUrl;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-backup-cli-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Settings every process here gets: no outside .env values matter, no PostgreSQL unless given. */
const baseEnv = (extra: Record<string, string>) => ({
  ...process.env,
  DATABASE_URL: '',
  BACKUP_DIR: '',
  LOG_LEVEL: 'info',
  NODE_ENV: 'test',
  // The places this test writes must be public at once, not waiting for review (decision 0403).
  TRUSTED_NETWORKS: '127.0.0.1',
  ...extra,
});

/** Runs `npm run <script> -- args` as npm does (tsx), to its end. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: baseEnv(env),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const writtenFile = (stdout: string) => /^Backup written to (.+)$/m.exec(stdout)?.[1];

/** The real server (src/server/main.ts) on `env`; resolves once it listens, with its address. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: baseEnv({ PORT: '0', HOST: '127.0.0.1', ...env }),
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let origin: string | undefined;
  while (!origin) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${out}`);
    origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function addPlace(origin: string, name: string): Promise<number> {
  const res = await fetch(`${origin}/api/locations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, category: 'resource', tagIds: [] }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function emptyDatabase(): Promise<string> {
  const name = `kc_backup_cli_${crypto.randomBytes(6).toString('hex')}`;
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
  const url = new URL(pgAdmin!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(!pgAdmin)('npm run backup and restore on the embedded database', () => {
  it('backs up through the running server, restores into a fresh folder, and the server starts on it', async () => {
    const dataDir = tempDir();
    const backups = tempDir();
    const server = await startServer({ DATA_DIR: dataDir, SEED: 'true' });
    const socket = path.join(dataDir, 'control.sock');
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    const id = await addPlace(server.origin, 'Written before the backup');

    const backup = await run('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: backups });
    expect(backup.code, backup.stderr).toBe(0);
    const file = writtenFile(backup.stdout)!;
    expect(path.dirname(file)).toBe(backups);
    expect(path.basename(file)).toMatch(/^kc-green-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The server took it: the command never opened the folder the server holds.
    expect(server.output()).toContain('Backup: snapshot of');

    // A file named on the command line; an existing one is never overwritten.
    const named = path.join(backups, 'named.tar.gz');
    expect((await run('backup', [named], { DATA_DIR: dataDir })).code).toBe(0);
    const again = await run('backup', [named], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Backup failed: ${named} already exists`);

    // Not into the folder the server is using.
    const inUse = await run('restore', [file], { DATA_DIR: dataDir });
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(
      /Restore failed: The data folder .* is in use by a running server \(pid \d+\): stop it/,
    );

    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(socket)).toBe(false);

    const fresh = path.join(tempDir(), 'data');
    const restored = await run('restore', [file], { DATA_DIR: fresh });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} into ${path.join(fresh, 'pgdata')} (${PLACES} places).`);

    const refused = await run('restore', [file], { DATA_DIR: fresh });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${fresh} already holds a database`);
    expect(refused.stderr).toContain('add --force to move the existing one aside');
    const forced = await run('restore', [named, '--force'], { DATA_DIR: fresh });
    expect(forced.code, forced.stderr).toBe(0);
    const kept = /kept at (.+)\.$/m.exec(forced.stdout)![1]!;
    expect(fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);

    const next = await startServer({ DATA_DIR: fresh, SEED: 'true' });
    const res = await fetch(`${next.origin}/api/locations/${id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('Written before the backup');
    expect(await next.stop()).toBe(0);

    // With no server running the command takes the folder itself.
    const offline = await run('backup', [], { DATA_DIR: fresh, BACKUP_DIR: backups });
    expect(offline.code, offline.stderr).toBe(0);
    expect(fs.existsSync(writtenFile(offline.stdout)!)).toBe(true);
    expect(fs.existsSync(path.join(fresh, 'app.lock'))).toBe(false);
  }, 480_000);

  it('says so when DATA_DIR holds no database, or the file is damaged or not a backup', async () => {
    const empty = tempDir();
    // As an operator's shell may have it: production without PUBLIC_URL, which serving needs and
    // a backup does not.
    const none = await run('backup', [], {
      DATA_DIR: empty,
      BACKUP_DIR: empty,
      NODE_ENV: 'production',
      PUBLIC_URL: '',
    });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`There is no database in ${empty}`);
    expect(fs.readdirSync(empty)).toEqual([]);

    const notBackup = path.join(empty, 'notes.txt');
    fs.writeFileSync(notBackup, 'not a backup');
    const text = await run('restore', [notBackup], { DATA_DIR: path.join(empty, 'data') });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(`${notBackup} is not a backup made by npm run backup`);

    const missing = await run('restore', [path.join(empty, 'missing.tar.gz')], { DATA_DIR: path.join(empty, 'data') });
    expect(missing.stderr).toContain('missing.tar.gz does not exist');
    expect(fs.existsSync(path.join(empty, 'data'))).toBe(false);
  }, 120_000);
});

describe.runIf(pgAdmin)('npm run backup and restore on PostgreSQL', () => {
  it('backs up with pg_dump while the server runs, restores into an empty database, and the server starts on it', async () => {
    const source = await emptyDatabase();
    const backups = tempDir();
    const server = await startServer({ DATABASE_URL: source, SEED: 'true' });
    const id = await addPlace(server.origin, 'Written before the backup');
    const backup = await run('backup', [], { DATABASE_URL: source, BACKUP_DIR: backups });
    expect(backup.code, backup.stderr).toBe(0);
    const file = writtenFile(backup.stdout)!;
    expect(path.basename(file)).toMatch(/^kc-green-\d{8}T\d{6}Z\.pgdump$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await server.stop()).toBe(0);

    const target = await emptyDatabase();
    const restored = await run('restore', [file], { DATABASE_URL: target, BACKUP_DIR: backups });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`(${PLACES} places)`);
    const refused = await run('restore', [file], { DATABASE_URL: target, BACKUP_DIR: backups });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds \d+ table\(s\)\. Restore into an empty database/);

    const next = await startServer({ DATABASE_URL: target, SEED: 'true' });
    const res = await fetch(`${next.origin}/api/locations/${id}`);
    expect(res.status).toBe(200);
    expect(await next.stop()).toBe(0);
  }, 480_000);

  it('refuses an embedded snapshot while DATABASE_URL is set, and the reverse', async () => {
    const dir = tempDir();
    const gz = path.join(dir, 'x.tar.gz');
    fs.writeFileSync(gz, Buffer.from([0x1f, 0x8b, 8, 0, 0]));
    const r = await run('restore', [gz], { DATABASE_URL: pgAdmin! });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is a snapshot of the embedded database, and DATABASE_URL is set');
    const dump = path.join(dir, 'x.pgdump');
    fs.writeFileSync(dump, 'PGDMP');
    const back = await run('restore', [dump], { DATA_DIR: dir });
    expect(back.stderr).toContain('is a PostgreSQL dump: set DATABASE_URL');
  }, 60_000);
});

describe('npm run backup on PostgreSQL without pg_dump', () => {
  it('says that pg_dump is missing and what to install', async () => {
    const emptyPath = tempDir();
    const r = await run('backup', [path.join(emptyPath, 'x.pgdump')], {
      // A server that answers names the version to install; without one the message still stands.
      DATABASE_URL: pgAdmin ?? 'postgres://postgres@127.0.0.1:1/none',
      PATH: emptyPath,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Backup failed: pg_dump was not found on PATH.');
    expect(r.stderr).toContain('install the client programs of PostgreSQL');
    if (pgAdmin)
      expect(r.stderr).toMatch(
        /client programs of PostgreSQL \d+ or newer \(Debian and Ubuntu: apt-get install postgresql-client-\d+/,
      );
    expect(fs.readdirSync(emptyPath)).toEqual([]);
  }, 60_000);
});
