// The data folder is locked: a second server on the same DATA_DIR exits with a clear message, and
// SIGTERM closes the first one cleanly (lock released).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentOwner, DataDirLockedError, lockDataDir, processStartTime } from './lock.js';

const root = path.resolve(import.meta.dirname, '../../..');

function startServer(dataDir: string, detached = false) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // Detached: a process group of its own, as a terminal or a service manager gives it.
    detached,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('DATA_DIR lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const c of started) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder and closes the first cleanly on SIGTERM', async () => {
    const first = startServer(dataDir);
    started.push(first.child);
    await waitFor(() => first.output().includes('Server listening'), 60_000);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).pid).toBe(first.child.pid);

    const second = startServer(dataDir);
    started.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another process (pid ${first.child.pid})`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  }, 120_000);

  it('closes cleanly when a signal reaches the whole process group (Ctrl-C)', async () => {
    const server = startServer(dataDir, true);
    started.push(server.child);
    await waitFor(() => server.output().includes('Server listening'), 60_000);
    const database = JSON.parse(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).database.pid as number;
    // The server and its database process both receive it; the server closes the database.
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/database process stopped/i);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
    await waitFor(() => !fs.existsSync(`/proc/${database}`), 10_000);
  }, 120_000);

  it("names the server's database process, which ends when the server is killed", async () => {
    const server = startServer(dataDir);
    started.push(server.child);
    await waitFor(() => server.output().includes('Server listening'), 60_000);
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8'));
    expect(lock.pid).toBe(server.child.pid);
    const database = lock.database.pid as number;
    expect(database).not.toBe(server.child.pid);
    expect(fs.readFileSync(`/proc/${database}/cmdline`, 'utf8')).toContain('pglite-worker.mjs');

    server.child.kill('SIGKILL');
    await server.exited;
    // Its channel to the server closed: the database process leaves the folder at once.
    await waitFor(() => !fs.existsSync(`/proc/${database}`), 10_000);
    // A new server takes the folder over.
    const next = startServer(dataDir);
    started.push(next.child);
    await waitFor(() => next.output().includes('Server listening'), 60_000);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 180_000);
});

describe('stale and live locks', () => {
  const dirs: string[] = [];
  const fresh = (lock?: object | string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
    dirs.push(dir);
    if (lock !== undefined)
      fs.writeFileSync(path.join(dir, 'app.lock'), typeof lock === 'string' ? lock : JSON.stringify(lock));
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const me = currentOwner();

  it('refuses a second lock by this same process (two databases on one folder)', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
  });

  it.runIf(me.start)('takes over a lock whose pid now belongs to another process (pid reused)', () => {
    // This process's own pid, and a live parent's, with start times that are not theirs.
    for (const pid of [process.pid, process.ppid]) {
      const dir = fresh({ pid, boot: me.boot, start: '1' });
      lockDataDir(dir).release();
    }
  });

  it.runIf(me.boot)('takes over a lock written before the last reboot', () => {
    const dir = fresh({ pid: process.ppid, boot: 'another-boot', start: me.start });
    lockDataDir(dir).release();
  });

  it('takes over a lock of a process that is gone, and an old pid-only lock', () => {
    lockDataDir(fresh({ pid: 2 ** 22 + 1 })).release();
    lockDataDir(fresh(String(2 ** 22 + 2))).release();
    lockDataDir(fresh('')).release();
  });

  it.runIf(me.start)(
    "stops a dead owner's database process before taking the folder over",
    async () => {
      // Stands in for a database process whose server died and that has not ended yet.
      const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      await new Promise((r) => orphan.once('spawn', r));
      const gone = new Promise((r) => orphan.once('exit', r));
      const start = processStartTime(orphan.pid!);
      const dir = fresh({ pid: 2 ** 22 + 4, boot: me.boot, database: { pid: orphan.pid, start } });
      const lock = lockDataDir(dir);
      await gone;
      expect(orphan.signalCode).toBe('SIGKILL');
      lock.release();
    },
    20_000,
  );

  it('refuses a live owner, also in the old pid-only form', () => {
    expect(() => lockDataDir(fresh({ pid: process.ppid }))).toThrow(`(pid ${process.ppid})`);
    expect(() => lockDataDir(fresh(String(process.ppid)))).toThrow(DataDirLockedError);
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    const dir = fresh({ pid: 2 ** 22 + 3 });
    const script = `import { lockDataDir } from './src/server/db/lock.ts';
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => {}, 1500); }
      catch (e) { console.log(e.name); }`;
    const runs = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      return new Promise<string>((resolve) => child.on('exit', () => resolve(out.trim())));
    });
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(5);
  }, 60_000);
});
