// A fresh app on a fresh database for each API test file: in-memory PGlite by default, or a new
// PostgreSQL database (created here, dropped in close()) when TEST_DATABASE_URL is set.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { type Database, openDatabase } from '../db/connect.js';
import { runMigrations } from '../db/migrate.js';
import { type Env, testEnv } from '../env.js';
import { ensureAdminFromEnv } from '../startup.js';
import { testDatabaseUrl } from './test-env.js';

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
  const adminUrl = testDatabaseUrl;
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

async function createTestApp(
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

export interface Credentials {
  username: string;
  password: string;
}

export interface TestAppOptions {
  /** Settings that differ from testEnv's. */
  env?: Partial<Record<keyof Env, string>>;
  deps?: Partial<Omit<AppDeps, 'env' | 'database'>>;
  /** An administrator, made at start as ADMIN_USERNAME and ADMIN_PASSWORD make one. */
  admin?: Credentials;
}

/**
 * The test file's app: opened by a beforeAll hook, closed by an afterAll hook. The object returned
 * is filled in by that hook, so tests read `t.app` and `t.database` as from createTestApp. Options
 * may be a function, for values known only in that hook (a fake server's port: start it there).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {}): TestApp {
  const t = {} as TestApp;
  // Opening and migrating a fresh database can take a minute on a busy 2-core machine.
  beforeAll(async () => {
    const { env = {}, deps = {}, admin } = typeof options === 'function' ? await options() : options;
    const adminEnv = admin ? { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } : {};
    Object.assign(t, await createTestApp({ ...env, ...adminEnv }, deps));
    if (admin) await ensureAdminFromEnv(t.database.db, t.env);
  }, 180_000);
  afterAll(async () => {
    // Absent when the app failed to open: that failure is the one to report.
    if (t.close) await t.close();
  });
  return t;
}

/** Headers of a same-origin JSON write, as a browser sends them. */
export const jsonHeaders = { 'content-type': 'application/json' } as const;

let addresses = 0;
/** A client address no other request of this test file came from (in its first 65,536). */
export const freshAddress = () => {
  addresses++;
  return `10.250.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export interface JsonRequest {
  headers?: Record<string, string>;
  /** Default: a fresh address, so that the per-client write limits (docs/architecture.md, Security
   * baseline) are not what a test meets; a test of those limits names one address. */
  remoteAddress?: string;
}

/** A request as the app's client sends it: the body as JSON (none when undefined). */
export function injectJson(
  app: TestApp['app'],
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  { headers = {}, remoteAddress = freshAddress() }: JsonRequest = {},
) {
  return app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...jsonHeaders, ...headers },
    remoteAddress,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The `kc_admin` cookie a sign-in answer sets, as the next request sends it back. */
export function adminCookieOf(res: {
  statusCode: number;
  body: string;
  cookies: { name: string; value: string }[];
}): string {
  const cookie = res.cookies.find((c) => c.name === 'kc_admin');
  if (res.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return `kc_admin=${cookie.value}`;
}

/** Signs the administrator in (see useTestApp's `admin`) and answers the session's cookie. */
export async function signInAdmin(t: TestApp, admin: Credentials, remoteAddress?: string): Promise<string> {
  return adminCookieOf(await injectJson(t.app, 'POST', '/api/admin/login', admin, { remoteAddress }));
}

/** Sends the same write from one address until it is refused (at most `tries` times): the last
 * status and its Retry-After. */
export async function writeUntilRefused(
  app: TestApp['app'],
  url: string,
  body: (i: number) => unknown,
  { remoteAddress, tries }: { remoteAddress: string; tries: number },
) {
  let status = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < tries && status !== 429; i++) {
    const res = await injectJson(app, 'POST', url, body(i), { remoteAddress });
    status = res.statusCode;
    retryAfter = res.headers['retry-after'] as string | undefined;
  }
  return { status, retryAfter };
}
