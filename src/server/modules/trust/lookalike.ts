// Look-alike names (decision 0404): two names look alike when their confusable skeletons are
// equal. The skeleton is UTS #39's (the text in NFD, each character replaced by its prototype from
// Unicode's confusables.txt, by the `unhomoglyph` library, NFD again), of the cleaned name
// (names.ts drops invisible characters and folds compatibility forms), lower-cased and with its
// spaces collapsed, so 'Lоose Park' with a Cyrillic о, 'Ｌｏｏｓｅ Park' and 'LOOSE  PARK' all
// look like 'Loose Park'. Each place's skeleton is kept in `locations.name_skeleton`.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { cleanName } from '../../../shared/names.js';
import type { Db } from '../../db/connect.js';
import { locations } from '../../db/schema.js';

export function nameSkeleton(name: string): string {
  return unhomoglyph(cleanName(name).normalize('NFD')).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Another public place (not `exceptId`) whose name looks like `name`, if any. */
export async function lookAlikeOf(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string; slug: string } | null> {
  const [found] = await db
    .select({ id: locations.id, name: locations.name, slug: locations.slug })
    .from(locations)
    .where(
      and(
        eq(locations.nameSkeleton, nameSkeleton(name)),
        eq(locations.hidden, false),
        exceptId !== undefined ? ne(locations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return found ?? null;
}

/** Fills the skeleton of places written before it existed (at start, in batches). */
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
