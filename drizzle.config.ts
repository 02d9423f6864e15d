import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one pg-core schema and applied by the app at start
// (src/server/db/migrate.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
