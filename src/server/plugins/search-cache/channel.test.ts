// The LISTEN/NOTIFY keeper of the search cache (decision 0204), on PostgreSQL only: it hears the
// other processes, not itself, turns the cache off when its connection is cut and comes back.
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ZodApp } from '../../context.js';
import { openTestDatabase } from '../../test/test-app.js';
import { listenForWrites } from './channel.js';
import { DataVersion } from '../../lib/data-version.js';
import { testDatabaseUrl } from '../../test/test-env.js';

describe.runIf(testDatabaseUrl)('search cache channel on PostgreSQL', () => {
  it('hears the others, not itself; off while cut, back after the retry', async () => {
    const { database, url, dispose } = await openTestDatabase();
    const app = Fastify() as unknown as ZodApp;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const data = new DataVersion();
      const channel = await listenForWrites(app, { database, db: database.db, dataVersion: data }, 1_000);
      const dataVersion = () => data.current();
      expect(channel.up()).toBe(true);

      // Its own announcement: it bumped when it wrote, the echo changes nothing.
      let v = dataVersion();
      await channel.announce();
      await new Promise((r) => setTimeout(r, 300));
      expect(dataVersion()).toBe(v);

      // Another process's: a bump.
      await other.query(`select pg_notify('kc_search_changed', 'another-process')`);
      await expect.poll(() => dataVersion()).toBeGreaterThan(v);

      // Cut: off at once, back after the retry (1 s here), still hearing.
      const cut = await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(cut.rowCount).toBe(1);
      await expect.poll(() => channel.up(), { interval: 20 }).toBe(false);
      await expect.poll(() => channel.up(), { timeout: 5_000 }).toBe(true);
      v = dataVersion();
      await other.query(`select pg_notify('kc_search_changed', 'another-process')`);
      await expect.poll(() => dataVersion()).toBeGreaterThan(v);
    } finally {
      await app.close();
      await other.end();
      await dispose();
    }
  }, 30_000);
});
