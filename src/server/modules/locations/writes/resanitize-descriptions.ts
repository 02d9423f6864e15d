// Descriptions stored before the allow-list lost `class`, `style` and `id` (decision 0700) are
// sanitised again at every start: idempotent, and cheap once done, as only descriptions that
// still hold one of those attributes are read.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { sanitizeDescription } from '../../../lib/sanitize-description.js';

/** Re-sanitises the stored descriptions that still carry a user's class, style or id; answers how
 * many changed. Not a revision: the text a person wrote is unchanged, only markup is dropped. */
export async function resanitizeStoredDescriptions(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select id, description from locations where description ~* '<[^>]*\\s(class|style|id)\\s*='`,
  )) as unknown as { rows: { id: number; description: string }[] };
  let changed = 0;
  for (const row of result.rows) {
    const clean = sanitizeDescription(row.description) || null;
    if (clean === row.description) continue;
    await db.execute(sql`update locations set description = ${clean} where id = ${row.id}`);
    changed++;
  }
  return changed;
}
