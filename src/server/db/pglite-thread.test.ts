// The embedded database on its own thread (decision 0503): transactions keep their meaning across
// the thread boundary, errors keep their PostgreSQL fields, and the calling thread stays free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.js';

describe('PgliteThread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open('memory://');
    await db.query('create table t (id int primary key, name text not null)');
  });
  afterAll(() => db.close());

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

  it('fails calls cleanly once the thread has stopped', async () => {
    const other = await PgliteThread.open('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database thread stopped/);
  });
});
