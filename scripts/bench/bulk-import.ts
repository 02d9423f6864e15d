// npm run bench -- or: npx tsx scripts/bench/bulk-import.ts [rows]
// Times POST /api/admin/bulk-import of a 10,000-row file through app.inject on a fresh embedded
// database, with every address already in geocode_cache (docs/architecture.md, Performance budgets).
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { geocodeCache } from '../../src/server/db/schema.js';
import { testEnv } from '../../src/server/env.js';
import { normaliseGeocodeQuery } from '../../src/server/modules/geocode/geocoder.js';
import { ensureAdminFromEnv } from '../../src/server/startup.js';

const ROWS = Number(process.argv[2] ?? 10_000);
const CATEGORIES = ['farmers-market', 'local-farmer', 'community-garden', 'park', 'resource'];
const TAGS = ['Organic', 'Local Produce', 'Wheelchair Accessible', 'Walking Trails', 'Accepts SNAP', 'Pet Friendly'];

const env = testEnv({
  LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
  ADMIN_USERNAME: 'bench-admin',
  ADMIN_PASSWORD: 'bench-password',
});
const database = await openDatabase({ dataDir: 'memory://bench-import' });
await runMigrations(database);
await ensureAdminFromEnv(database.db, env);
const app = await buildApp({ env, database });
await app.ready();

const lines = ['name,category,description,address,website,tags'];
const addresses: string[] = [];
for (let i = 0; i < ROWS; i++) {
  const address = `${100 + i} Main St, Kansas City, MO 641${String(i % 100).padStart(2, '0')}`;
  addresses.push(address);
  const tags = `${TAGS[i % TAGS.length]}, ${TAGS[(i * 7) % TAGS.length]}`;
  lines.push(
    `"Bench Place ${i}",${CATEGORIES[i % 5]},"A place to grow, buy and share food (row ${i}).","${address}",https://example.org/${i},"${tags}"`,
  );
}
const csv = lines.join('\r\n');
for (let i = 0; i < addresses.length; i += 1000) {
  await database.db.insert(geocodeCache).values(
    addresses.slice(i, i + 1000).map((a, j) => ({
      query: normaliseGeocodeQuery(a),
      latitude: 39.0 + ((i + j) % 100) / 1000,
      longitude: -94.5 - ((i + j) % 100) / 1000,
      source: 'geocoder',
    })),
  );
}

const login = await app.inject({
  method: 'POST',
  url: '/api/admin/login',
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify({ username: 'bench-admin', password: 'bench-password' }),
});
const cookie = `kc_admin=${login.cookies.find((c) => c.name === 'kc_admin')?.value}`;
const boundary = '----kcbench';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  Buffer.from(csv),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

const started = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/admin/bulk-import',
  headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload,
});
const ms = performance.now() - started;
const body = res.json() as { success: number; errors: string[] };
console.log(
  `bulk import: ${ROWS} rows (${(payload.length / 1024).toFixed(0)} KB), status ${res.statusCode}, ` +
    `imported ${body.success}, errors ${body.errors?.length}, ${(ms / 1000).toFixed(2)} s`,
);
await app.close();
await database.close();
if (res.statusCode !== 200 || body.success !== ROWS) process.exit(1);
