// Keeps the search response cache right when several app processes share one PostgreSQL
// database (decision 0204): each announces its writes with NOTIFY and bumps its data version on
// the others' announcements, heard on a LISTEN connection of its own.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/connect.js';
import type { DataVersion } from '../../lib/data-version.js';

/** NOTIFY channel of the writes that may change a search answer (PostgreSQL). */
const SEARCH_CHANNEL = 'kc_search_changed';
const RELISTEN_MS = 5_000;

/**
 * Hears the other processes' writes (each NOTIFY bumps the data version) and announces this
 * one's. When the LISTEN connection is lost the cache is off (`up()` false) until it is back,
 * retried every RELISTEN_MS; coming back bumps the version, since writes may have been missed.
 */
export async function listenForWrites(
  app: FastifyInstance,
  ctx: { database: Database; db: Db; dataVersion: DataVersion },
  relistenMs = RELISTEN_MS,
) {
  let up = false;
  let stop: (() => Promise<void>) | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;
  const start = async () => {
    if (!ctx.database.listen || closing) return;
    try {
      // This process bumped already when it wrote: only the others' announcements count.
      const heard = (from: string) => {
        if (from !== ctx.dataVersion.boot) ctx.dataVersion.bump();
      };
      stop = await ctx.database.listen(SEARCH_CHANNEL, heard, (err) => {
        up = false;
        app.log.warn({ err }, 'search cache off: the LISTEN connection was lost');
        if (!closing) retry = setTimeout(start, relistenMs);
      });
      ctx.dataVersion.bump();
      up = true;
    } catch (err) {
      app.log.warn({ err }, "search cache off: cannot LISTEN for other processes' writes");
      if (!closing) retry = setTimeout(start, relistenMs);
    }
  };
  await start();
  app.addHook('onClose', async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    await stop?.();
  });
  return {
    up: () => up,
    async announce() {
      try {
        await ctx.db.execute(sql`select pg_notify(${SEARCH_CHANNEL}, ${ctx.dataVersion.boot})`);
      } catch (err) {
        app.log.warn({ err }, 'could not announce a write to the other processes');
      }
    },
  };
}
