// The tests' own setting, read here once: env.ts holds the app's settings, and this is not one.
/** TEST_DATABASE_URL: a PostgreSQL server's admin URL; set, the tests run on a fresh database of
 * it (test-app.ts) instead of the embedded one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
