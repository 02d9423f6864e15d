// Places written before names had skeletons (decision 0404) get theirs at start, in batches.
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { locations } from '../../../db/schema.js';
import { nameSkeleton } from '../../../lib/name-skeleton.js';

export async function fillNameSkeletons(db: Db, batch = 2_000): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(isNull(locations.nameSkeleton))
      .limit(batch);
    if (rows.length === 0) return filled;
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::int, ${nameSkeleton(r.name)})`),
      sql`, `,
    );
    await db.execute(
      sql`update locations l set name_skeleton = v.s from (values ${values}) as v(id, s) where l.id = v.id`,
    );
    filled += rows.length;
  }
}
