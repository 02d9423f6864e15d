// npm run test:unit: every Vitest test on the embedded database (PGlite). TEST_DATABASE_URL is
// removed here so that the PostgreSQL run (scripts/test-pg.mjs) stays a separate, second run.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const r = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
