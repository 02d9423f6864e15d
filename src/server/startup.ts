import type { Db } from './db/connect.js';
import type { Env } from './env.js';
import { upsertAdmin } from './modules/admin/admin.repository.js';
import { scryptParamsFor } from './modules/admin/password.js';
import { pruneSearchChanges, type SearchIndex } from './modules/locations/search-index/sync.js';
import {
  fillNameSkeletons,
  refreshOpenIntervals,
  resanitizeStoredDescriptions,
} from './modules/locations/writes/index.js';

/** Work done once at start after migrations and seeding (e.g. creating the administrator from
 * ADMIN_USERNAME / ADMIN_PASSWORD). Modules add theirs here. */
export const onStartHooks: Array<(db: Db, env: Env) => Promise<void>> = [];

/** ADMIN_USERNAME + ADMIN_PASSWORD create the administrator, or reset its password, at start. */
export async function ensureAdminFromEnv(db: Db, env: Env): Promise<void> {
  if (!env.ADMIN_USERNAME && !env.ADMIN_PASSWORD) return;
  if (!env.ADMIN_USERNAME || !env.ADMIN_PASSWORD) {
    console.warn('ADMIN_USERNAME and ADMIN_PASSWORD must both be set to create an administrator; skipped.');
    return;
  }
  await upsertAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD, scryptParamsFor(env));
}
onStartHooks.push(ensureAdminFromEnv);

onStartHooks.push(async (db) => {
  const n = await resanitizeStoredDescriptions(db);
  if (n) console.log(`Sanitised ${n} stored description(s) again (decision 0700)`);
});

// Look-alike names are found by each place's skeleton (decision 0404): places written before it
// existed get theirs.
onStartHooks.push(async (db) => {
  const n = await fillNameSkeletons(db);
  if (n) console.log(`Name skeletons written for ${n} place(s) (decision 0404)`);
});

// "Open now" and "in season" filters read intervals written ahead (decision 0801): at start they
// are written up to 9 days ahead when less than 8 remain (or rebuilt when they ran out); the app
// then checks every hour (locations.routes.ts).
onStartHooks.push(async (db, env) => {
  // The embedded database has one process: an extension left unfinished was this one's, resume it.
  const r = await refreshOpenIntervals(db, undefined, { resume: !env.DATABASE_URL });
  if (r.extended) console.log(`Open intervals written up to ${r.until.toISOString()} (${r.rows} rows)`);
});

// The search index's change log keeps an hour (decision 0504); the app then prunes it hourly.
onStartHooks.push(async (db) => {
  await pruneSearchChanges(db);
});

/** Builds the app's search index (decision 0504) in the background once the app is made (after the
 * start hooks wrote the open intervals): searches use SQL until it is ready, so the app answers at once. */
export function startSearchIndex(app: { searchIndex: SearchIndex }): void {
  if (!app.searchIndex.enabled) return;
  const started = Date.now();
  void app.searchIndex.rebuild().then(() => console.log(`Search index built in ${Date.now() - started} ms`));
}
