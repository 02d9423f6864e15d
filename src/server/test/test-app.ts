// A fresh app on a fresh database for each API test file: in-memory PGlite by default, or a new
// PostgreSQL database (created here, dropped in close()) when TEST_DATABASE_URL is set.
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app.js';
import { type Database, openDatabase } from '../db/connect.js';
import { runMigrations } from '../db/migrate.js';
import { type Env, testEnv } from '../env.js';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** The PostgreSQL database's URL (TEST_DATABASE_URL runs), for a second connection. */
  databaseUrl?: string;
  env: Env;
  close(): Promise<void>;
}

async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<{ database: Database; url?: string; dispose(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const created = await createPgDatabase(adminUrl);
    const database = await openDatabase({ databaseUrl: created.url });
    await runMigrations(database);
    return {
      database,
      url: created.url,
      dispose: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  return { database, dispose: () => database.close() };
}

export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  deps: Partial<Omit<AppDeps, 'env' | 'database'>> = {},
): Promise<TestApp> {
  const { database, url, dispose } = await openTestDatabase();
  const env = testEnv(overrides);
  const app = await buildApp({ env, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    env,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/** Headers of a same-origin JSON write, as a browser sends them. */
export const jsonHeaders = { 'content-type': 'application/json' } as const;
