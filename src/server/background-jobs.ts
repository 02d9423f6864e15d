// Every timer the app runs while it serves, in one list: each starts when the app is built and
// stops when it closes. (The daily snapshot is the server process's own, started in main.ts.)
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { schedulePruneSearchChanges } from './modules/locations/search-index/sync.js';
import { scheduleGeocodeLater, scheduleOpenIntervalRefresh } from './modules/locations/writes/index.js';

type Job = (ctx: AppContext, log: FastifyBaseLogger) => () => void;

const JOBS: Job[] = [
  // The open intervals behind the hours filters move ahead daily; every process checks hourly
  // (decision 0801), and the start hook in startup.ts did the first check.
  (ctx, log) => scheduleOpenIntervalRefresh(ctx.db, log),
  // The search index's change log keeps an hour (decision 0504).
  (ctx, log) => schedulePruneSearchChanges(ctx.db, log),
  // Places saved with a stand-in point while the geocoder was busy are asked again.
  (ctx, log) => scheduleGeocodeLater(ctx.db, ctx.geocoder, log),
];

export function startBackgroundJobs(app: FastifyInstance, ctx: AppContext): void {
  const stops = JOBS.map((start) => start(ctx, app.log));
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
}
