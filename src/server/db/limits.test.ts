// Bounded database waits (decision 0503): refused work answers 503 with Retry-After, never 500,
// and never a wait without end.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './connect.js';
import { DatabaseBusyError } from './limits.js';
import { PgliteProcess } from './pglite-process.js';
import { testDatabaseUrl } from '../test/test-env.js';

describe('a full embedded database queue', () => {
  it('refuses new queries past the bound and still finishes open transactions', async () => {
    const db = await PgliteProcess.open('memory://', { queueLimit: 3 });
    try {
      let inside!: Promise<unknown>;
      const tx = db.transaction(async (t) => {
        // Queue filled while the transaction holds the database: its own queries still go through.
        const queued = [1, 2].map(() => db.query('select 1'));
        inside = t.query('select 2 as n');
        await expect(db.query('select 3')).rejects.toBeInstanceOf(DatabaseBusyError);
        await inside;
        return queued;
      });
      const queued = await tx;
      await Promise.all(queued);
      expect((await inside) as unknown).toMatchObject({ rows: [{ n: 2 }] });
      expect((await db.query('select 4 as n')).rows).toEqual([{ n: 4 }]);
    } finally {
      await db.close();
    }
    // Starting a database process takes seconds on a busy 2-core machine.
  }, 120_000);
});

describe('busy answers', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/queue-full', async () => {
      throw new Error('query failed', { cause: new DatabaseBusyError() });
    });
    app.get('/statement-timeout', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    app.get('/pool-timeout', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/queue-full', '/statement-timeout', '/pool-timeout'])('%s answers 503 with Retry-After', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ message: 'The directory is busy right now: try again in a moment' });
  });
});

describe.runIf(testDatabaseUrl)('PostgreSQL statement time limit', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('is set on every pooled connection', async () => {
    const res = await database.db.execute(sql`show statement_timeout`);
    expect((res as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe('15s');
  });
});
