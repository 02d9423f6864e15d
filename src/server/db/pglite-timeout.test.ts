// The embedded database's time limit (decision 0507): a statement past it restarts the database
// process on the same folder, failing with 57014 and the calls in flight busy (both 503), as on
// PostgreSQL; a process that stops on its own restarts too; close() never starts one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.js';
import { openDatabase } from './connect.js';
import { DatabaseBusyError, DatabaseRestartedError } from './limits.js';
import { processStartTime } from './lock.js';
import { PgliteProcess } from './pglite-process.js';

const LIMIT_MS = 500;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

// Starting a database process takes seconds on a busy 2-core machine; each test starts one.
describe('a statement past the time limit, on a folder', { timeout: 120_000 }, () => {
  // Made in beforeAll, so that a run leaving these tests out leaves no folder behind.
  let dir: string;
  const pids: number[] = [];
  const reasons: Error[] = [];
  let db: PgliteProcess;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pglite-timeout-'));
    db = await PgliteProcess.open(dir, {
      statementTimeoutMs: LIMIT_MS,
      started: (pid) => pids.push(pid),
      restarting: (reason) => reasons.push(reason),
    });
    await db.query('create table t (id int primary key, name text not null)');
    await db.query("insert into t values (1, 'kept')");
  }, 120_000);
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails it with 57014 long before it ends, fails the calls behind it, and starts again', async () => {
    const oldPid = db.pid;
    const t0 = performance.now();
    const slow = db.query('select pg_sleep(5)').catch((e) => e);
    const behind = db.query('select 1').catch((e) => e);
    const err = await slow;
    expect(performance.now() - t0).toBeLessThan(2_500);
    expect(err.code).toBe('57014');
    expect(err.message).toMatch(/ran past the time limit of 500 ms/);
    expect(await behind).toBeInstanceOf(DatabaseRestartedError);
    expect(await behind).toBeInstanceOf(DatabaseBusyError);
    // Made while the new process starts: it waits for it and sees the committed row.
    expect((await db.query('select id, name from t')).rows).toEqual([{ id: 1, name: 'kept' }]);
    expect(pids).toHaveLength(2);
    expect(pids[1]).toBe(db.pid);
    expect(pids[1]).not.toBe(oldPid);
    expect(isGone(oldPid)).toBe(true);
    expect(reasons.map((r) => r.message)).toEqual(['a statement ran past the time limit of 500 ms']);
  });

  it('loses the transaction that was open, and its uncommitted row', async () => {
    let outside!: Promise<unknown>;
    let late!: Promise<unknown>;
    const outcome = await db
      .transaction(async (tx) => {
        await tx.query("insert into t values (2, 'uncommitted')");
        // Waits behind the transaction, as on one PostgreSQL connection.
        outside = db.query('select count(*) from t').catch((e) => e);
        const err = await tx.query('select pg_sleep(5)').catch((e) => e);
        late = tx.query('select 1').catch((e) => e);
        throw err;
      })
      .catch((e) => e);
    expect(outcome.code).toBe('57014');
    expect(await outside).toBeInstanceOf(DatabaseRestartedError);
    expect(((await late) as Error).message).toMatch(/transaction has already ended/);
    expect((await db.query('select id from t order by id')).rows).toEqual([{ id: 1 }]);
    expect(pids).toHaveLength(3);
  });

  it("counts a statement's own run, not its wait behind others or behind a transaction", async () => {
    // Four statements of 250 ms each, sent at once: the last ends 1 s after it was sent.
    const sleeps = Array.from({ length: 4 }, () => db.query('select pg_sleep(0.25)'));
    await Promise.all(sleeps);
    // A query waiting while a transaction's own code takes 1 s between its statements.
    let outside!: Promise<unknown>;
    await db.transaction(async (tx) => {
      await tx.query('select 1');
      outside = db.query('select 2 as n');
      await delay(1_000);
      await tx.query('select 3');
    });
    expect(await outside).toMatchObject({ rows: [{ n: 2 }] });
    expect(pids).toHaveLength(3);
  });

  it('answers 503 with Retry-After through the error handler', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/slow', () => db.query('select pg_sleep(5)'));
    app.get('/behind', () => db.query('select 1'));
    await app.ready();
    try {
      const slow = app.inject({ url: '/slow' });
      await delay(50);
      const answers = await Promise.all([slow, app.inject({ url: '/behind' })]);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
      }
      expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    } finally {
      await app.close();
    }
  });

  it('starts again a process that stopped on its own, failing the calls it had', async () => {
    const oldPid = db.pid;
    const inFlight = db.query('select pg_sleep(0.4)').catch((e) => e);
    await delay(100);
    process.kill(oldPid, 'SIGKILL');
    const err = await inFlight;
    expect(err).toBeInstanceOf(DatabaseRestartedError);
    expect(err.message).toMatch(/signal SIGKILL/);
    expect((await db.query('select name from t')).rows).toEqual([{ name: 'kept' }]);
    expect(db.pid).not.toBe(oldPid);
    expect(pids.at(-1)).toBe(db.pid);
  });

  it('refuses calls past the queue bound while the new process starts', async () => {
    const smallDir = `${dir}-small`;
    const small = await PgliteProcess.open(smallDir, { queueLimit: 2, statementTimeoutMs: LIMIT_MS });
    try {
      // Once the statement has failed, the new process is starting: these wait for it.
      expect((await small.query('select pg_sleep(5)').catch((e) => e)).code).toBe('57014');
      const waiting = [small.query('select 1'), small.query('select 2')];
      await expect(small.query('select 3')).rejects.toBeInstanceOf(DatabaseBusyError);
      expect((await Promise.all(waiting)).map((r) => r.rows.length)).toEqual([1, 1]);
    } finally {
      await small.close();
      fs.rmSync(smallDir, { recursive: true, force: true });
    }
  });

  it('is not started again once closing, even when a statement runs past the limit then', async () => {
    const started = pids.length;
    const slow = db.query('select pg_sleep(5)').catch((e) => e);
    await delay(50);
    await db.close();
    expect((await slow).code).toBe('57014');
    expect(pids).toHaveLength(started);
    expect(isGone(db.pid)).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow(/database process stopped/);
  });
});

describe('an in-memory database', { timeout: 120_000 }, () => {
  it('cannot be started again: a statement past a given limit ends it for good', async () => {
    let started = 0;
    const db = await PgliteProcess.open('memory://', {
      statementTimeoutMs: LIMIT_MS,
      started: () => {
        started++;
      },
    });
    const err = await db.query('select pg_sleep(5)').catch((e) => e);
    expect(err.code).toBe('57014');
    await expect(db.query('select 1')).rejects.toThrow(/database process stopped .*not started again/);
    expect(started).toBe(1);
    await db.close();
  });
});

describe('the data folder lock', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pglite-lock-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the database process started again', async () => {
    const database = await openDatabase({ dataDir: dir });
    const lockFile = path.join(dir, 'app.lock');
    try {
      const before = JSON.parse(fs.readFileSync(lockFile, 'utf8')).database.pid as number;
      process.kill(before, 'SIGKILL');
      // The first calls may still reach the killed process and fail; later ones wait for the new one.
      for (let tries = 0; ; tries++) {
        const failed = await database.db.execute(sql`select 1`).then(
          () => false,
          () => true,
        );
        if (!failed) break;
        expect(tries).toBeLessThan(5);
      }
      const after = JSON.parse(fs.readFileSync(lockFile, 'utf8')).database;
      expect(after.pid).not.toBe(before);
      expect(fs.readFileSync(`/proc/${after.pid}/cmdline`, 'utf8')).toContain('pglite-worker.mjs');
      expect(after.start).toBe(processStartTime(after.pid));
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
