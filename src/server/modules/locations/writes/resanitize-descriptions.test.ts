// Stored descriptions from before decision 0700 lose a user's class, style and id at start-up.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '../../../db/schema.js';
import { onStartHooks } from '../../../startup.js';
import { useTestApp } from '../../../test/test-app.js';
import { resanitizeStoredDescriptions } from './resanitize-descriptions.js';

describe('re-sanitising stored descriptions', () => {
  const t = useTestApp();

  it('cleans an old overlay link once, leaves clean ones alone, and runs at start', async () => {
    const old = '<p>Hi <a href="https://evil.example/" class="fixed inset-0 z-[60010] block">x</a></p>';
    const [row] = await t.database.db
      .insert(locations)
      .values({ name: 'Old overlay', category: 'resource', slug: 'old-overlay', description: old })
      .returning({ id: locations.id });
    await t.database.db
      .insert(locations)
      .values({ name: 'Clean', category: 'resource', slug: 'clean-one', description: '<p>class is a word</p>' });

    expect(onStartHooks.length).toBeGreaterThan(1);
    for (const hook of onStartHooks) await hook(t.database.db, t.env);
    const [after] = await t.database.db.select().from(locations).where(eq(locations.id, row!.id));
    expect(after?.description).toBe('<p>Hi <a href="https://evil.example/">x</a></p>');
    expect(await resanitizeStoredDescriptions(t.database.db)).toBe(0);
    const [clean] = await t.database.db
      .select({ d: locations.description })
      .from(locations)
      .where(sql`${locations.slug} = 'clean-one'`);
    expect(clean?.d).toBe('<p>class is a word</p>');
  });
});
