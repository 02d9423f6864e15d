// Which places the public may see, as one SQL condition used by every public read outside the
// search index and by the search's SQL, so a new reason to hide a place is added once (decision
// 1000); places waiting for review or rejected are hidden too (decision 0403).
import { type SQL, sql } from 'drizzle-orm';

/** True for a place anyone may see; `alias` is the name the query gives `locations`. */
export function isPublicPlace(alias = 'l'): SQL {
  return sql`(not ${sql.raw(alias)}.hidden)`;
}
