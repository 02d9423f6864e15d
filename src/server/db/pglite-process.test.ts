// The embedded database in its own process (decisions 0503, 0507): transactions keep their meaning
// across the process boundary, errors keep their PostgreSQL fields, the calling thread stays free,
// and the database's memory is its process's, not the caller's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_PREPARED, PgliteProcess } from './pglite-process.js';

// One database process for the whole file.
let db: PgliteProcess;
beforeAll(async () => {
  db = await PgliteProcess.open('memory://');
  await db.query('create table t (id int primary key, name text not null)');
});
afterAll(() => db.close());

describe('PgliteProcess: transactions, errors and the calling thread', () => {
  it('commits a transaction, and rolls back one whose function throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 'kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [2, 'dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query('select id, name from t order by id');
    expect(rows).toEqual([{ id: 1, name: 'kept' }]);
  });

  it('answers in array mode and keeps the types Drizzle asks for as text', async () => {
    const { rows } = await db.query("select 1 as n, timestamptz '2026-03-08 08:00:00+00' as at", [], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(rows).toEqual([[1, '2026-03-08 08:00:00+00']]);
  });

  it('keeps the code and constraint of a PostgreSQL error', async () => {
    const err = await db.query('insert into t values (1, $1)', ['again']).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('t_pkey');
  });

  it('queues other queries behind an open transaction, as one connection would', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.query('insert into t values (3, $1)', ['in tx']);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query('select count(*)::int as n from t').then((r) => {
      order.push('outside read');
      return r.rows[0];
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await outside).toEqual({ n: 2 });
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('leaves the calling thread free while a long query runs', async () => {
    const order: string[] = [];
    const slow = db.query('select count(*) from generate_series(1, 3000000)').then(() => order.push('query'));
    await new Promise((r) => setTimeout(r, 1)).then(() => order.push('timer'));
    await slow;
    expect(order).toEqual(['timer', 'query']);
  });

  // Decision 0505: outside a transaction a marked statement seen before runs prepared.
});

describe('PgliteProcess: prepared statements', () => {
  it('answers a repeated statement the same each time, types and nulls included', async () => {
    const text = `${KEEP_PREPARED} select $1::int as n, $2::text as s, $3::jsonb as j, $4::timestamptz as at, $5::int[] as a, $6::text as none`;
    const params = [7, 'seven', JSON.stringify({ k: [1, 2] }), new Date('2026-03-08T08:00:00Z'), [1, 2, 3], null];
    const first = await db.query(text, params);
    for (let i = 0; i < 8; i++) expect(await db.query(text, params)).toEqual(first);
    expect(first.rows).toEqual([
      { n: 7, s: 'seven', j: { k: [1, 2] }, at: new Date('2026-03-08T08:00:00Z'), a: [1, 2, 3], none: null },
    ]);
    expect(first.fields.map((f) => f.name)).toEqual(['n', 's', 'j', 'at', 'a', 'none']);
  });

  it("reads the types a caller asks as text as text, and only that caller's", async () => {
    const text = `${KEEP_PREPARED} select $1::timestamptz as at, $2::int as n`;
    const params = [new Date('2026-03-08T08:00:00Z'), 3];
    const raw = { 1184: (v: string) => v };
    for (let i = 0; i < 3; i++) {
      const asText = await db.query(text, params, { rowMode: 'object', parsers: raw });
      expect(asText.rows).toEqual([{ at: '2026-03-08 08:00:00+00', n: 3 }]);
      const parsed = await db.query(text, params, { rowMode: 'array' });
      expect(parsed.rows).toEqual([[new Date('2026-03-08T08:00:00Z'), 3]]);
    }
  });

  it('keeps answering a prepared statement after its table changed shape', async () => {
    await db.query('create table shape (id int)');
    await db.query('insert into shape values (1)');
    const text = `${KEEP_PREPARED} select * from shape`;
    for (let i = 0; i < 6; i++) expect((await db.query(text)).rows).toEqual([{ id: 1 }]);
    await db.query('alter table shape add column label text');
    expect((await db.query(text)).rows).toEqual([{ id: 1, label: null }]);
  });

  it('reports an error of a prepared statement and goes on', async () => {
    const text = `${KEEP_PREPARED} select 10 / $1::int as q`;
    expect((await db.query(text, [2])).rows).toEqual([{ q: 5 }]);
    const err = await db.query(text, [0]).catch((e) => e);
    expect(err.code).toBe('22012');
    expect((await db.query(text, [5])).rows).toEqual([{ q: 2 }]);
    expect((await db.query(`${KEEP_PREPARED} select bad syntax here (`).catch((e) => e)).code).toBe('42601');
  });

  it('answers more distinct statements than it keeps prepared', async () => {
    // 64 are kept (pglite-statements.mjs): the oldest are dropped and prepared again when asked.
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 100; i++)
        expect((await db.query(`${KEEP_PREPARED} select ${i} + $1::int as v`, [1])).rows).toEqual([{ v: i + 1 }]);
  });
});

describe('PgliteProcess: its process', () => {
  it("runs in a process of its own and reports that process's memory", async () => {
    expect(db.pid).not.toBe(process.pid);
    const memory = await db.memory();
    expect(memory.rss).toBeGreaterThan(10 * 2 ** 20);
    if (fs.existsSync('/proc/self/status')) expect(memory.peak).toBeGreaterThanOrEqual(memory.rss);
  });

  it.runIf(fs.existsSync('/proc/self/clear_refs'))('starts a new high-water mark when asked', async () => {
    // Grow the database process's memory past what it needs afterwards: a large sort.
    await db.query('select count(*) from (select md5(g::text) from generate_series(1, 300000) g order by 1) s');
    const before = await db.memory({ resetPeak: true });
    const after = await db.memory();
    expect(after.peak).toBeLessThanOrEqual(before.peak);
    expect(after.peak).toBeLessThanOrEqual(after.rss + 4 * 2 ** 20);
  });

  it("says why a folder cannot be opened, with the database's own message", async () => {
    // A file where the data folder should be.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pglite-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    let started = 0;
    const err = await PgliteProcess.open(file, {
      started: (pid) => {
        started = pid;
      },
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toMatch(/stopped while opening/);
    expect(started).toBeGreaterThan(0);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('fails calls sent while the process is ending, without an unhandled error', async () => {
    const other = await PgliteProcess.open('memory://');
    const closing = other.close();
    // Sent after the close: the process may already be gone when they arrive.
    const late = await Promise.allSettled(Array.from({ length: 20 }, () => other.query('select 1')));
    await closing;
    for (const r of late) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(Error);
    await expect(other.query('select 1')).rejects.toThrow(/database process stopped/);
  });

  it('fails calls cleanly once the process has stopped', async () => {
    const other = await PgliteProcess.open('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database process stopped/);
  });
});
