// The search answer cache as an app plugin (decisions 0500, 0204), registered before the API: the
// data version, PostgreSQL's channel between processes, and the hook that empties the cache only
// after a 2xx write. Routes get `ctx.searchCache` and build keys with `searchKey`.
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/connect.js';
import { buildTextQuery } from '../../modules/locations/locations.search.js';
import type { DataVersion } from '../../lib/data-version.js';
import { createSearchCache, type SearchCache, writeMayChangeSearch } from './cache.js';
import { listenForWrites } from './channel.js';

export { type CachedAnswer, gzippedBody, versionTag } from './cache.js';

export interface SearchAnswers {
  /** The cache while its answers can be trusted: always on the embedded database (this process is
   * the only writer), on PostgreSQL while the LISTEN connection is up; else null. */
  current(): SearchCache | null;
}

/**
 * One key per distinct answer, from the parsed query: every field takes part (sorted by name), so a
 * filter added to the schema later can never share another query's answer. Only values that
 * mean the same are made equal: the words as the search sees them, tag ids sorted, category 'all'
 * as no category, and the radius when there is no point to measure from.
 */
export function searchKey(kind: string, query: object, view: object | null = null): string {
  const q: Record<string, unknown> = { ...query };
  if ('search' in q) q.search = buildTextQuery(q.search as string | undefined)?.plain || undefined;
  if (Array.isArray(q.tagIds))
    q.tagIds = [...new Set(q.tagIds as number[])].sort((a, b) => a - b).join(',') || undefined;
  if (q.category === 'all') q.category = undefined;
  if (q.lat === undefined || q.lng === undefined) q.radius = undefined;
  if (q.offset === 0) q.offset = undefined;
  const fields = Object.keys(q)
    .filter((k) => q[k] !== undefined && q[k] !== '')
    .sort()
    .map((k) => [k, q[k]]);
  return JSON.stringify([kind, fields, view]);
}

export async function registerSearchCache(
  app: FastifyInstance,
  ctx: { database: Database; db: Db; dataVersion: DataVersion },
): Promise<SearchAnswers> {
  const cache = createSearchCache(ctx.dataVersion);
  const shared = ctx.database.kind === 'postgres';
  const channel = shared ? await listenForWrites(app, ctx) : null;
  const trusted = () => !shared || channel?.up() === true;
  ctx.dataVersion.trustWhile(trusted);
  // onSend, not onResponse: the write has committed, and the bump lands before the client can see
  // the answer and ask again (an answer computed meanwhile is then not kept).
  app.addHook('onSend', async (request, reply, payload) => {
    const committed = reply.statusCode >= 200 && reply.statusCode < 300;
    if (committed && writeMayChangeSearch(request.method, request.routeOptions.url)) {
      ctx.dataVersion.bump();
      await channel?.announce();
    }
    return payload;
  });
  return { current: () => (trusted() ? cache : null) };
}
