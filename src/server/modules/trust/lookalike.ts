// Look-alike names (decision 0404): two names look alike when their confusable skeletons
// (lib/name-skeleton.ts) are equal; each place's is kept in `locations.name_skeleton`.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { locations } from '../../db/schema.js';
import { nameSkeleton } from '../../lib/name-skeleton.js';

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
