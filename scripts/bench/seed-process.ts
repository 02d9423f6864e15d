// The benchmark's seeding in a process of its own (run.ts forks it): the synthetic places and
// their open intervals are written here, so that the memory the benchmark then reports is that of
// a server started on the seeded data, as an operator's would be, not the seeding's.
import { sql } from 'drizzle-orm';
import { type ConnectOptions, openDatabase } from '../../src/server/db/connect.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { refreshOpenIntervals } from '../../src/server/modules/locations/writes/index.js';
import { generatePlaces } from './synthetic.js';

export interface SeedRequest {
  connect: ConnectOptions;
  places: number;
}

export interface Seeded {
  tagIds: number[];
  loadSeconds: number;
}

const log = (...a: unknown[]) => console.error('[bench]', ...a);

process.once('message', async ({ connect, places }: SeedRequest) => {
  try {
    const database = await openDatabase(connect);
    await runMigrations(database);
    const db = database.db;
    const t0 = Date.now();
    const tagIds = await generatePlaces(db, places);
    const loadSeconds = (Date.now() - t0) / 1000;
    log(`inserted ${places} places with tags in ${loadSeconds.toFixed(1)} s`);
    // What every app process does at start (src/server/startup.ts): the open intervals, all at once.
    const t1 = Date.now();
    const intervals = await refreshOpenIntervals(db);
    await db.execute(sql`analyze location_open_intervals`);
    log(`wrote ${intervals.rows} open intervals in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    await database.close();
    const seeded: Seeded = { tagIds, loadSeconds };
    process.send!({ ok: true, seeded }, () => process.exit(0));
  } catch (err) {
    process.send!({ ok: false, error: (err as Error).stack ?? String(err) }, () => process.exit(1));
  }
});
