// Which places the public may see, as one SQL condition. Every public read outside the search
// index that the feeds, the HSDS API and the widget make (modules/feeds, modules/hsds,
// plugins/embed.ts) and the search's own SQL (locations.search.ts) use it, so a new reason to keep
// a place from the public is added here once (decision 1000); a place waiting for review or
// rejected is hidden too (decision 0403).
import { type SQL, sql } from 'drizzle-orm';

/** True for a place anyone may see; `alias` is the name the query gives `locations`. */
export function isPublicPlace(alias = 'l'): SQL {
  return sql`(not ${sql.raw(alias)}.hidden)`;
}
