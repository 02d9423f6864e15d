import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromRoot } from '../paths.js';
import type { Database } from './connect.js';

export const MIGRATIONS_FOLDER = fromRoot('drizzle');

/** Applies the committed migrations (drizzle/) that have not run yet. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') await migratePglite(database.db as any, config);
  else await migratePg(database.db as any, config);
}
