// `npm run bench`: the API search benchmark (docs/benchmarks.md, 'API search benchmark'). Seeds
// synthetic places in a child process (seed-process.ts), starts the server on them as a restart
// would, loads each scenario and a "ceiling" route with autocannon, and writes the table.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { type ConnectOptions, openDatabase } from '../../src/server/db/connect.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { testEnv } from '../../src/server/env.js';
import { limitHeapGrowth } from '../../src/server/lib/heap-growth.js';
import { buildSearchIndex, searchIndexEnabled } from '../../src/server/modules/locations/search-index/sync.js';
import { setSearchCacheEnabled } from '../../src/server/plugins/search-cache/cache.js';
import { setPageCacheEnabled } from '../../src/server/plugins/ssr.js';
import { type Measured, writeJson, writeReport } from './report.js';
import { pageScenarios, reachScenarios, type Scenario, searchScenarios } from './scenarios.js';
import type { Seeded, SeedRequest } from './seed-process.js';

// Two folders up from scripts/bench/run.ts and from its compiled copy, dist/bench/run.js.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Options (env): BENCH_PLACES, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_WARM_SECONDS (each varied
// list runs that long, unmeasured, first); BENCH_DATABASE_URL=postgres://… (an admin URL: a fresh
// database there instead of PGlite); BENCH_NO_WRITE=1 (print only); BENCH_JSON=<file> (rows as JSON);
// BENCH_ONLY=<words> (matching scenarios only, never written to the docs: the table would be
// partial); SEARCH_INDEX=off measures the SQL search alone (decision 0504).
const PLACES = Number(process.env.BENCH_PLACES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);

const log = (...a: unknown[]) => console.error('[bench]', ...a);

interface BenchDatabase {
  /** Where the seeding and then the server connect. */
  connect: ConnectOptions;
  label: string;
  dispose(): Promise<void>;
}

async function createBenchDatabase(): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `kc_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const version = (await admin.query('show server_version')).rows[0]?.server_version as string;
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      connect: { databaseUrl: url.toString() },
      label: `PostgreSQL ${version}`,
      dispose: async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-'));
  const pgliteVersion = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version as string;
  return {
    connect: { dataDir: dir },
    label: `PGlite ${pgliteVersion} (embedded, on disk, in its own process)`,
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts a new high-water mark of this process's resident set (Linux), so that each row's peak is
 * its own. */
function resetHighWaterMark() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

/** This process's peak resident set since it started or the last reset (Linux VmHWM), bytes; 0
 * where unknown. */
function highWaterMark(): number {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Seeds the database in a child process (seed-process.ts). */
function seed(connect: ConnectOptions, places: number): Promise<Seeded> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'scripts/bench/seed-process.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { ok: true; seeded: Seeded } | { ok: false; error: string }) => {
      if (m.ok) resolve(m.seeded);
      else reject(new Error(m.error));
    });
    child.once('exit', (code) => reject(new Error(`the seeding exited with ${code}`)));
    child.send({ connect, places } satisfies SeedRequest);
  });
}

/** One row's load, generated by a child process (scripts/bench/load.ts) so that the memory this
 * process reports is the server's own, not the load generator's. */
function load(
  url: string,
  scenario: Scenario,
  varied = false,
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'scripts/bench/load.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { ok: true; measured: Measured } | { ok: false; error: string }) => {
      child.kill();
      if (m.ok) resolve(m.measured);
      else reject(new Error(m.error));
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send({ url, scenario, varied, connections, seconds });
  });
}

async function main() {
  // This process is the server under test: the same heap policy as src/server/main.ts, and the
  // environment npm start gives it (scripts/start.mjs), without which the server renderer would
  // load React's development build.
  limitHeapGrowth();
  process.env.NODE_ENV ??= 'production';
  const started = Date.now();
  const load1 = os.loadavg()[0]!.toFixed(1);
  const bench = await createBenchDatabase();
  const { label, dispose } = bench;
  log(`database: ${label}`);
  const seeded = await seed(bench.connect, PLACES);
  const { tagIds, loadSeconds } = seeded;

  // The server starts on the seeded data, as an operator's would after an import: this process
  // did not seed, so the memory it reports is the server's alone.
  const tOpen = Date.now();
  const database = await openDatabase(bench.connect);
  await runMigrations(database);
  const db = database.db;
  const openSeconds = (Date.now() - tOpen) / 1000;
  let indexSeconds: number | null = null;
  if (searchIndexEnabled()) {
    const tIndex = Date.now();
    await buildSearchIndex(db);
    indexSeconds = (Date.now() - tIndex) / 1000;
    log(`search index built in ${indexSeconds.toFixed(1)} s`);
  }

  // Capture the SQL of the scenarios (for EXPLAIN ANALYZE) by wrapping db.execute.
  let lastSql: SQL | null = null;
  const originalExecute = db.execute.bind(db);
  (db as { execute: typeof db.execute }).execute = ((q: SQL) => {
    lastSql = q;
    return originalExecute(q);
  }) as typeof db.execute;

  const env = testEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // All the load comes from one address: per-client limits would measure themselves.
    RATE_LIMIT_SCALE: '10000',
  });
  // The built client, when there is one, serves /about for the "blocking" row.
  const clientDir = path.join(root, 'dist/client');
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  const hasRenderer = hasClient && fs.existsSync(path.join(root, 'dist/server/entry-server.js'));
  const app = await buildApp({ env, database, logger: false, clientDir: hasClient ? clientDir : undefined });

  const scenarios: Scenario[] = searchScenarios(tagIds);
  // The ceilings: precomputed answers as large as the text search's and the map points', no
  // database at all.
  // Buffers, as the search cache keeps its answers: a string would be encoded again for every
  // response, and 32 copies of the points body would count against the server's memory.
  const ceilingBodies: Record<string, Buffer> = {};
  app.get<{ Params: { which: string } }>('/bench/ceiling/:which', async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(ceilingBodies[req.params.which] ?? Buffer.alloc(0)),
  );
  for (const [which, s] of [
    ['list', scenarios[0]!],
    ['points', scenarios[4]!],
    ['map', scenarios[6]!],
  ] as const) {
    const sample = await app.inject({ method: 'GET', url: s.path });
    if (sample.statusCode !== 200)
      throw new Error(`${s.name} answered ${sample.statusCode}: ${sample.body.slice(0, 300)}`);
    ceilingBodies[which] = sample.rawPayload;
  }
  const only = process.env.BENCH_ONLY;
  const chosen = (s: Scenario) => !only || s.name.includes(only);
  const queried = scenarios.filter(chosen);

  // Single queries (the response cache off): the median of 5 requests through the app, and the
  // EXPLAIN ANALYZE of the SQL, once each, before the load.
  setSearchCacheEnabled(false);
  const plans: Record<string, string> = {};
  const totals: Record<string, string> = {};
  const single: Record<string, { median: number; execution: string }> = {};
  for (const s of queried) {
    const res = await app.inject({ method: 'GET', url: s.path });
    if (res.statusCode !== 200) throw new Error(`${s.name} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const body = res.json() as unknown[] | { total: number; points: unknown[]; clusters: unknown[] };
    totals[s.name] = String(
      res.headers['x-total-count'] ??
        (Array.isArray(body)
          ? body.length
          : `${body.total} (drawn as ${body.clusters.length} clusters + ${body.points.length} points)`),
    );
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      lastSql = null;
      const t = performance.now();
      await app.inject({ method: 'GET', url: s.path });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const captured = lastSql as SQL | null;
    let execution = '-';
    if (captured) {
      const r = (await originalExecute(sql`explain (analyze, buffers off) ${captured}`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      plans[s.name] = r.rows.map((row) => Object.values(row)[0]).join('\n');
      execution = /Execution Time: ([\d.]+) ms/.exec(plans[s.name]!)?.[1] ?? '-';
      if (process.env.BENCH_PLANS) log(`plan of ${s.name}:\n${plans[s.name]}`);
    }
    single[s.name] = { median: times[2]!, execution };
    log(`single ${s.name}: ${times[2]!.toFixed(1)} ms through the app, SQL ${execution} ms`);
  }
  (db as { execute: typeof db.execute }).execute = originalExecute as typeof db.execute;
  setSearchCacheEnabled(true);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  log(`app on ${url}; ${SECONDS} s per scenario, ${CONNECTIONS} connections`);

  // A map asking again with the ETag it got: 304 without a query.
  const etag = (await fetch(url + scenarios[4]!.path)).headers.get('etag');
  if (etag)
    scenarios.push({
      name: 'map points, If-None-Match (304)',
      path: scenarios[4]!.path,
      headers: { 'if-none-match': etag },
    });
  // A browser accepts gzip: the cached answer is compressed once and sent as is.
  scenarios.push({
    name: 'map points, accept-encoding: gzip',
    path: scenarios[4]!.path,
    headers: { 'accept-encoding': 'gzip' },
  });
  scenarios.push({ name: 'ceiling: static body, list size', path: '/bench/ceiling/list' });
  scenarios.push({ name: 'ceiling: static body, points size', path: '/bench/ceiling/points' });
  scenarios.push({ name: 'ceiling: static body, map view size', path: '/bench/ceiling/map' });
  // A search's calendar and HSDS services (decisions 1001 and 1003): repeated from the feed cache
  // (the calendar) or not cached at all (HSDS), varied with the caches off.
  scenarios.push(...reachScenarios(tagIds));
  // Server-rendered pages (decision 0900), when the build is there: repeated from the render cache,
  // varied with the cache off, so that every request renders and runs its queries.
  if (hasRenderer) {
    const slugs = (await db.execute(sql`select slug from locations order by id limit 240`)) as unknown as {
      rows: Array<{ slug: string }>;
    };
    scenarios.push(...pageScenarios(slugs.rows.map((r) => r.slug)));
  }

  // The app server's peak resident memory: the kernel's high-water mark since it started (the index
  // build and the single requests included), then the warm-up's and each row's own (the mark is
  // reset before each), and the same for the embedded database's process.
  let rssPeak = highWaterMark();
  let databasePeak = database.memory ? (await database.memory()).peak : null;
  const beforeLoad = { app: rssPeak, database: databasePeak };
  const startRow = async () => {
    resetHighWaterMark();
    await database.memory?.({ resetPeak: true });
  };
  const endRow = async (m: Measured): Promise<Measured> => {
    const app = highWaterMark();
    const db = database.memory ? (await database.memory()).peak : null;
    rssPeak = Math.max(rssPeak, app);
    if (db !== null && databasePeak !== null) databasePeak = Math.max(databasePeak, db);
    return { ...m, appPeak: app, databasePeak: db };
  };
  const setCaches = (on: boolean) => {
    setSearchCacheEnabled(on);
    setPageCacheEnabled(on);
  };
  // A warm-up, as a server that has been serving for a while is warm: the static body, then each
  // varied list for BENCH_WARM_SECONDS (default 3) with the caches off, so that no row pays for the
  // JIT compiling its code path, the lexemes of its words being asked of the database once
  // (search-index/sync.ts) or the first reads of a freshly loaded table. Not measured.
  await startRow();
  await load(url, { name: 'warm-up', path: '/bench/ceiling/list' }).catch(() => undefined);
  setCaches(false);
  for (const s of scenarios.filter((x) => x.varied && chosen(x)))
    await load(url, s, true, CONNECTIONS, WARM_SECONDS).catch(() => undefined);
  setCaches(true);
  const warmUp = await endRow({} as Measured);
  const results: Measured[] = [];
  // Queries still queued from one row must not slow the next: wait until a trivial database
  // round trip (GET /api/health runs `select 1`) is quick again.
  const drain = async () => {
    for (let i = 0; i < 600; i++) {
      const t = Date.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      if (Date.now() - t < 50) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  for (const s of scenarios.filter(chosen)) {
    for (const varied of s.varied ? [false, true] : [false]) {
      await drain();
      // Varied: the response and page caches off, so every request costs its query and its
      // rendering (with them on, 240 distinct requests asked faster than their 10 s lifetime would
      // mostly hit after the first round).
      setCaches(!varied);
      await startRow();
      const m = await endRow(await load(url, s, varied));
      setCaches(true);
      const mb = (n: number | null | undefined) => (n ? Math.round(n / 2 ** 20) : '-');
      log(
        `${s.name} ${m.mode}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms; peak ${mb(m.appPeak)} MB (database ${mb(m.databasePeak)} MB)`,
      );
      results.push(m);
    }
  }
  // A page that needs no database, alone and then while 32 connections run varied text searches:
  // what a visitor reading /about feels while others search (decision 0503).
  if (hasClient && !only) {
    const page: Scenario = { name: 'static page (/about)', path: '/about', headers: { accept: 'text/html' } };
    await drain();
    await startRow();
    results.push({ ...(await endRow(await load(url, page, false, 4))), mode: 'ceiling' });
    await drain();
    const search = scenarios.find((s) => s.name === 'text search')!;
    setSearchCacheEnabled(false);
    await startRow();
    const [, blocked] = await Promise.all([
      load(url, search, true),
      new Promise((r) => setTimeout(r, 500)).then(() => load(url, page, false, 4)),
    ]);
    setSearchCacheEnabled(true);
    results.push({
      ...(await endRow(blocked)),
      name: 'static page (/about) while varied text searches run',
      mode: 'blocking',
    });
    log(`${blocked.name} blocking: p50 ${blocked.p50} ms, p95 ${blocked.p95} ms`);
  } else if (!only) log('no dist/client: run npm run build first for the static page rows');
  await app.close();
  await database.close();
  await dispose();
  if (process.env.BENCH_JSON) writeJson(process.env.BENCH_JSON, rssPeak, databasePeak, results);

  if (only) process.env.BENCH_NO_WRITE = '1';
  writeReport({
    started,
    load1,
    label,
    loadSeconds,
    restart: { openSeconds, indexSeconds },
    results,
    totals,
    single,
    plans,
    rssPeak,
    databasePeak,
    beforeLoad,
    warmUp: { app: warmUp.appPeak ?? 0, database: warmUp.databasePeak ?? null },
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
