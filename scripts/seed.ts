// npm run db:seed: (re)load the Kansas City sample data into the configured database. Seeded places
// are updated in place; places people added are left alone. Stop a running server first when
// using the embedded database (the data folder is locked while it runs).
import { openDatabase } from '../src/server/db/connect.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { seedDatabase } from '../src/server/db/seed.js';
import { readEnv } from '../src/server/env.js';

const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  await runMigrations(database);
  const n = await seedDatabase(database.db);
  console.log(`Loaded ${n} Kansas City places into ${database.kind === 'pglite' ? env.DATA_DIR : 'PostgreSQL'}`);
} finally {
  await database.close();
}
