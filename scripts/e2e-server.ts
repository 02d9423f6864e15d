// The server Playwright tests run against: the real app, built client, a fresh embedded database
// in a temporary folder (seeded with the Kansas City data), and local fakes for the geocoder and
// the translator. Ports: E2E_PORT (app), +1 (geocoder), +2 (translator).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGeocoder } from '../e2e/fakes/fake-geocoder.js';
import { startFakeTranslator } from '../e2e/fakes/fake-translator.js';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/connect.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { seedDatabase } from '../src/server/db/seed.js';
import { readEnv } from '../src/server/env.js';
import { onStartHooks, startSearchIndex } from '../src/server/startup.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-e2e-'));

const geocoder = await startFakeGeocoder(port + 1);
const translator = await startFakeTranslator(port + 2);
const env = readEnv({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  GEOCODER_URL: `http://127.0.0.1:${port + 1}`,
  TRANSLATE_URL: `http://127.0.0.1:${port + 2}`,
  // Tiles are not reachable here; the map still renders its markers.
  MAP_TILE_URL: `http://127.0.0.1:${port}/test-tiles/{z}/{x}/{y}.png`,
  ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? 'e2e-admin',
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SEED: 'true',
  // Every e2e request comes from 127.0.0.1: scale the per-client limits to the whole suite.
  RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '50',
  // A test that needs a visitor from another network group (the visitor total counts one a day
  // per group, decision 0712) names its address in X-Forwarded-For, as a proxy would.
  TRUST_PROXY: '127.0.0.1',
  // The whole directory (156 seeded places and more) is then "many": the map asks for its view and
  // draws the server's clusters, while a search with few results gets every point (decision 0203).
  MAP_POINT_LIMIT: process.env.MAP_POINT_LIMIT ?? '20',
});
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedDatabase(database.db);
for (const hook of onStartHooks) await hook(database.db, env);
const clientDir = process.env.CLIENT_DIR ?? path.join(root, 'dist/client');
const app = await buildApp({ env, database, clientDir });
startSearchIndex(app);
await app.listen({ port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await database.close();
  geocoder.close();
  translator.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
