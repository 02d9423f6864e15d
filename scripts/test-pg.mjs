// Runs the API tests (src/server) again on PostgreSQL when TEST_DATABASE_URL names a server
// (each test file creates its own database there and drops it). .ci/run sets it.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests on PostgreSQL skipped (they ran on PGlite).');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', 'src/server'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
