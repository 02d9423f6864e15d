-- drizzle-kit never writes CREATE EXTENSION; full-text search needs these before any table.
-- PGlite loads them through PGlite.create({ extensions }) (src/server/db/connect.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
