import type { Db } from './db/connect.js';
import type { Env } from './env.js';

/** Work done once at start after migrations and seeding (e.g. creating the administrator from
 * ADMIN_USERNAME / ADMIN_PASSWORD). Modules add theirs here. */
export const onStartHooks: Array<(db: Db, env: Env) => Promise<void>> = [];
