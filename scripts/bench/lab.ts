// A query lab for the search benchmark: a kept 100,000-place database (BENCH_DATA_DIR), and single
// requests timed (median of BENCH_RUNS, cache off; BENCH_PLANS=1 prints EXPLAIN ANALYZE).
// `npx tsx scripts/bench/lab.ts '/api/locations?search=garden&limit=3'`
import fs from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { testEnv } from '../../src/server/env.js';
import { generatePlaces } from './synthetic.js';

const dir = process.env.BENCH_DATA_DIR ?? '/tmp/kc-bench-lab';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function main() {
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  await runMigrations(database);
  const db = database.db;
  const count = (await db.execute(sql`select count(*)::int as n from locations`)) as unknown as {
    rows: { n: number }[];
  };
  if (Number(count.rows[0]?.n) === 0) await generatePlaces(db, Number(process.env.BENCH_PLACES ?? 100_000));
  else await db.execute(sql`analyze`);
  const tags = (await db.execute(sql`select id from tags order by id`)) as unknown as { rows: { id: number }[] };
  const [t1, t2] = [tags.rows[0]!.id, tags.rows[3]!.id];
  const page = 'limit=3&offset=0';
  const paths = process.argv.slice(2).length
    ? process.argv.slice(2)
    : [
        `/api/locations?search=garden&${page}`,
        `/api/locations?category=farmers-market&tagIds=${t1},${t2}&${page}`,
        `/api/locations?lat=39.0997&lng=-94.5786&radius=5&${page}`,
        `/api/locations?search=garden&category=community-garden&tagIds=${t1}&lat=39.0997&lng=-94.5786&radius=5&${page}`,
        '/api/locations/points?category=farmers-market',
      ];

  const captured: SQL[] = [];
  const originalExecute = db.execute.bind(db);
  (db as { execute: typeof db.execute }).execute = ((q: SQL) => {
    captured.push(q);
    return originalExecute(q);
  }) as typeof db.execute;
  const app = await buildApp({
    env: testEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      // All the load comes from one address: per-client limits would measure themselves.
      RATE_LIMIT_SCALE: '10000',
    }),
    database,
    logger: false,
  });
  app.dataVersion.setCaching(false, ['search']);
  for (const p of paths) {
    const times: number[] = [];
    let res = await app.inject({ method: 'GET', url: p });
    for (let i = 0; i < RUNS; i++) {
      captured.length = 0;
      const t = performance.now();
      res = await app.inject({ method: 'GET', url: p });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${times[Math.floor(times.length / 2)]!.toFixed(1)} ms median (min ${times[0]!.toFixed(1)})  ${res.statusCode} total=${res.headers['x-total-count'] ?? '-'} bytes=${res.body.length}  ${p}`,
    );
    if (process.env.BENCH_PLANS) {
      for (const q of [...captured]) {
        const r = (await originalExecute(sql`explain (analyze, buffers off) ${q}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
        console.log(r.rows.map((row) => Object.values(row)[0]).join('\n'), '\n');
      }
    }
  }
  await app.close();
  await database.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
