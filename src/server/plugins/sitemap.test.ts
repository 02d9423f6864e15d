// The sitemap past the protocol's limit becomes an index of parts; parts
// hold every public place once, in id order, the static pages in the first.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { buildSitemap } from './sitemap.js';

describe('sitemap parts', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.database.db.execute(sql`
      insert into locations (name, category, slug, hidden)
      select 'Map Part ' || g, 'resource', 'map-part-' || g, g = 13 from generate_series(1, 13) g`);
  }, 180_000);

  const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const origin = 'https://kc.example';

  it('is one file while everything fits', async () => {
    const one = await buildSitemap(t.database.db, origin, 0, 100);
    expect(one).toContain('<urlset');
    expect(locs(one)).toHaveLength(5 + 12); // the hidden place is left out
    expect(await buildSitemap(t.database.db, origin, 1, 100)).toBeNull();
  });

  it('is an index of parts past the limit, each place in exactly one part', async () => {
    // 10 URLs a file: part 1 = 5 static pages + 5 places, part 2 = the other 7.
    const index = await buildSitemap(t.database.db, origin, 0, 10);
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([`${origin}/sitemap/1.xml`, `${origin}/sitemap/2.xml`]);
    const first = locs(await buildSitemap(t.database.db, origin, 1, 10));
    const second = locs(await buildSitemap(t.database.db, origin, 2, 10));
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(7);
    const places = [...first, ...second].filter((u) => u!.includes('/discover/'));
    expect(new Set(places).size).toBe(12);
    expect(await buildSitemap(t.database.db, origin, 3, 10)).toBeNull();
  });
});
