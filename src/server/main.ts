// The server process: read the environment, open and migrate the database, seed it on first
// start, listen, and close everything cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { type ControlChannel, openControlChannel } from './db/backup-control.js';
import { scheduleDailySnapshots } from './db/backup-daily.js';
import { type Database, openDatabase } from './db/connect.js';
import { DataDirLockedError } from './db/lock.js';
import { runMigrations } from './db/migrate.js';
import { isDatabaseEmpty, seedDatabase } from './db/seed.js';
import { readEnv } from './env.js';
import { limitHeapGrowth } from './lib/heap-growth.js';
import { fromRoot } from './paths.js';
import { onStartHooks, startSearchIndex } from './startup.js';

const CLIENT_DIR = fromRoot('dist/client');
/** How long requests in flight may finish once the server is asked to close. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  limitHeapGrowth();
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    console.error(`Cannot open the database: ${(err as Error).message}`);
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    console.log(`${reason}: closing`);
    // Requests still running after the grace period lose their connections, so a slow client never
    // keeps the server (and the data folder's lock) alive; each stage is logged to show a slow one.
    const force = setTimeout(() => {
      console.warn('closing: connections still open, closing them');
      app?.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await control?.close();
      // A daily snapshot being written is finished before the database closes under it.
      await stopDailySnapshots();
      await app?.close();
      console.log('closing: server closed');
    } finally {
      clearTimeout(force);
      await database.close();
      console.log('closing: database closed');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT received'));
  process.on('SIGTERM', () => void shutdown('SIGTERM received'));
  // Started by npm start over a channel (scripts/start.mjs): when that process ends, however it
  // ends, the server closes too rather than run on unseen.
  if (process.send) process.on('disconnect', () => void shutdown('npm start ended'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let control: ControlChannel | null = null;
  let stopDailySnapshots = async () => {};
  // The app's JSON log once it exists; plain lines before, as the other start messages.
  const log = {
    info: (msg: string) => (app ? app.log.info(msg) : console.log(msg)),
    warn: (msg: string) => (app ? app.log.warn(msg) : console.warn(msg)),
  };
  try {
    // `npm run backup` reaches an embedded database through this server (decision 0511), from the
    // moment it holds the folder: a snapshot waits for a migration's transaction like any other.
    if (database.kind === 'pglite' && !env.DATA_DIR.startsWith('memory://')) {
      control = await openControlChannel(env.DATA_DIR, database, log);
    }
    await runMigrations(database);
    if (env.SEED && (await isDatabaseEmpty(database.db))) {
      const n = await seedDatabase(database.db);
      console.log(`Seeded ${n} Kansas City places`);
    }
    for (const hook of onStartHooks) await hook(database.db, env);
    app = await buildApp({ env, database, clientDir: CLIENT_DIR });
    startSearchIndex(app);
    await app.listen({ port: env.PORT, host: env.HOST });
    // BACKUP_DIR set: a snapshot of the database once a day (decision 0512).
    stopDailySnapshots = scheduleDailySnapshots(database, env, log);
  } catch (err) {
    console.error(err);
    await control?.close();
    await database.close();
    process.exit(1);
  }
}

void main();
