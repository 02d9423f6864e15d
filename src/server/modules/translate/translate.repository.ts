// SQL of machine translation: the stored text a client may have translated (a visible place's own
// field, docs/decisions/0706) and the bounded cache of answers.
import { and, eq, sql } from 'drizzle-orm';
import type { TranslatableField } from '../../../shared/schemas/translate.js';
import type { Db } from '../../db/connect.js';
import { locations, translationCache } from '../../db/schema.js';

/** The field's stored text; undefined when the place is missing or hidden (the same 404), null
 * when the field is empty. */
export async function readStoredField(
  db: Db,
  id: number,
  field: TranslatableField,
): Promise<string | null | undefined> {
  const column = { description: locations.description }[field];
  const [row] = await db
    .select({ text: column })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.hidden, false)))
    .limit(1);
  return row ? row.text : undefined;
}

/** The cached answer and whether it is younger than maxAgeMs (by the database's clock, which also
 * dates the entries). */
export async function findTranslation(
  db: Db,
  textHash: string,
  language: string,
  maxAgeMs: number,
): Promise<{ translated: string; fresh: boolean } | undefined> {
  const [row] = await db
    .select({
      translated: translationCache.translated,
      fresh: sql<boolean>`${translationCache.createdAt} > now() - make_interval(secs => ${maxAgeMs / 1000})`,
    })
    .from(translationCache)
    .where(and(eq(translationCache.textHash, textHash), eq(translationCache.language, language)))
    .limit(1);
  return row;
}

/** Stores an answer, or replaces a stale one and starts its age again. */
export async function saveTranslation(db: Db, textHash: string, language: string, translated: string): Promise<void> {
  await db
    .insert(translationCache)
    .values({ textHash, language, translated })
    .onConflictDoUpdate({
      target: [translationCache.textHash, translationCache.language],
      set: { translated, createdAt: sql`now()` },
    });
}

/** Drops entries older than maxAgeMs, then all but the maxEntries newest (oldest first). */
export async function pruneTranslations(db: Db, maxAgeMs: number, maxEntries: number): Promise<void> {
  const created = translationCache.createdAt;
  await db.delete(translationCache).where(sql`${created} < now() - make_interval(secs => ${maxAgeMs / 1000})`);
  // The newest row past the bound is found through translation_cache_created_idx; it and every
  // older row go (rows stored in the same instant may go together: at most maxEntries stay).
  await db
    .delete(translationCache)
    .where(
      sql`${created} <= (select created_at from translation_cache order by created_at desc offset ${maxEntries} limit 1)`,
    );
}
