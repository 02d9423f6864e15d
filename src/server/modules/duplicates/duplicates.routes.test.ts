import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.js';
import { useTestApp } from '../../test/test-app.js';

describe('possible duplicates API (GET /api/locations/similar)', () => {
  const t = useTestApp();
  // A fresh database per file: names need no unique suffix (a shared suffix would raise the
  // trigram similarity of unrelated names); slugs keep one anyway.
  const suffix = Math.random().toString(36).slice(2, 8);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const rows = await t.database.db
      .insert(locations)
      .values([
        {
          name: `Riverside Farmers Market`,
          category: 'farmers-market',
          slug: `riverside-${suffix}`,
          address: '123 Main St., Kansas City, MO 64105',
        },
        {
          name: `Hidden Twin Market`,
          category: 'farmers-market',
          slug: `hidden-${suffix}`,
          address: '9 Secret Way, Kansas City, MO',
          hidden: true,
        },
        {
          name: `Completely Different Orchard`,
          category: 'local-farmer',
          slug: `orchard-${suffix}`,
          address: '500 Grand Blvd, Kansas City, MO 64106',
        },
        { name: `Youth Garden Grant`, category: 'resource', slug: `grant-${suffix}`, address: null },
      ])
      .returning({ id: locations.id, slug: locations.slug });
    for (const r of rows) ids[r.slug.split('-')[0]!] = r.id;
  });

  const similar = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations/similar?${new URLSearchParams(query)}` });
    return res;
  };

  it('finds a near-twin name (typo, case) and answers only id, slug, name, address, category', async () => {
    const res = await similar({ name: `riverside farmer market` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toEqual({
      id: ids.riverside,
      slug: `riverside-${suffix}`,
      name: `Riverside Farmers Market`,
      address: '123 Main St., Kansas City, MO 64105',
      category: 'farmers-market',
    });
  });

  it('finds the same address written differently (case, spaces, punctuation)', async () => {
    const res = await similar({ name: 'Something Else Entirely', address: '123 main st kansas city  MO 64105' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([ids.riverside]);
  });

  it('ignores names that are only loosely alike, and hidden places', async () => {
    expect((await similar({ name: `Riverside Park` })).json()).toEqual([]);
    expect((await similar({ name: `Hidden Twin Market` })).json()).toEqual([]);
    expect((await similar({ name: 'x', address: '9 Secret Way, Kansas City, MO' })).json()).toEqual([]);
  });

  it('answers an empty list for empty or too short input', async () => {
    for (const q of [{}, { name: '' }, { name: 'ab' }, { address: '12' }] as Record<string, string>[]) {
      const res = await similar(q);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('answers at most 5 places', async () => {
    await t.database.db.insert(locations).values(
      Array.from({ length: 7 }, (_, i) => ({
        name: `Sunflower Community Garden`,
        category: 'community-garden',
        slug: `sunflower-${i}-${suffix}`,
        address: `${i + 1} Oak St`,
      })),
    );
    const res = await similar({ name: `Sunflower Community Garden` });
    expect(res.json()).toHaveLength(5);
  });

  it('refuses over-long input with 400, never 500', async () => {
    const res = await similar({ name: 'n'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name must be at most 255 characters');
  });

  it('is not taken for /locations/:id', async () => {
    const res = await similar({ name: 'anything here' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});
