// Synthetic Kansas City places for the benchmark, generated inside the database with
// generate_series (one statement per chunk), so 100,000 rows load in seconds, not minutes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { ACCESS_FILTERS, PAY_FILTERS } from '../../src/shared/place-facets.js';

export const TAG_VOCABULARY: Array<[string, string]> = [
  ['Organic', 'product'],
  ['Local Produce', 'product'],
  ['Honey', 'product'],
  ['Eggs', 'product'],
  ['Vegetables', 'product'],
  ['Fruit', 'product'],
  ['Flowers', 'product'],
  ['Herbs', 'product'],
  ['Meat', 'product'],
  ['Dairy', 'product'],
  ['Baked Goods', 'product'],
  ['Seedlings', 'product'],
  ['Parking', 'amenity'],
  ['Restrooms', 'amenity'],
  ['Playground', 'amenity'],
  ['Picnic Area', 'amenity'],
  ['Trails', 'amenity'],
  ['Dog Friendly', 'amenity'],
  ['Water Fountain', 'amenity'],
  ['Bike Racks', 'amenity'],
  ['Wheelchair Accessible', 'accessibility'],
  ['SNAP Accepted', 'accessibility'],
  ['Free Entry', 'accessibility'],
  ['Bus Stop Nearby', 'accessibility'],
  ['Spanish Spoken', 'accessibility'],
  ['Volunteers Welcome', 'community'],
  ['Workshops', 'community'],
  ['Kids Programs', 'community'],
  ['Events', 'community'],
  ['Plots Available', 'community'],
  ['Tool Library', 'community'],
  ['Composting', 'sustainability'],
  ['Rain Garden', 'sustainability'],
  ['Pollinator Habitat', 'sustainability'],
  ['Native Plants', 'sustainability'],
  ['Solar Powered', 'sustainability'],
  ['Recycling', 'sustainability'],
  ['Seasonal', 'other'],
  ['Year Round', 'other'],
  ['Weekend Only', 'other'],
];

const ADJECTIVES = [
  'Green',
  'Sunny',
  'Prairie',
  'River',
  'Hilltop',
  'Maple',
  'Oak',
  'Heartland',
  'Golden',
  'Blue Valley',
  'Westport',
  'Brookside',
  'Northland',
  'Midtown',
  'Crossroads',
  'Waldo',
  'Swope',
  'Rosedale',
  'Armourdale',
  'Columbus Park',
  'Hyde Park',
  'Volker',
  'Troost',
  'Union Hill',
  'Longview',
  'Red Bridge',
  'Blue River',
  'Cedar',
  'Willow',
  'Sycamore',
];
const NOUNS = [
  'Roots',
  'Harvest',
  'Acres',
  'Commons',
  'Meadow',
  'Grove',
  'Fields',
  'Orchard',
  'Hollow',
  'Sprouts',
  'Table',
  'Patch',
  'Garden',
  'Farm',
  'Market',
  'Park',
  'Greens',
  'Bloom',
  'Seed',
  'Pasture',
];
const CATEGORY_WORDS: Record<string, string[]> = {
  'farmers-market': ['Farmers Market', 'Market', 'Saturday Market'],
  'local-farmer': ['Farm', 'Family Farm', 'Homestead'],
  'community-garden': ['Community Garden', 'Garden', 'Neighborhood Garden'],
  park: ['Park', 'Nature Area', 'Greenway'],
  resource: ['Program', 'Workshop Series', 'Grant'],
};
const CATEGORIES = Object.keys(CATEGORY_WORDS);
const STREETS = [
  'Main St',
  'Grand Blvd',
  'Troost Ave',
  'Prospect Ave',
  'Broadway Blvd',
  'Wornall Rd',
  'State Line Rd',
  'Independence Ave',
  'Gregory Blvd',
  'Linwood Blvd',
  'Paseo Blvd',
  'Ward Pkwy',
  'Holmes Rd',
  'Blue Ridge Blvd',
  'Antioch Rd',
  'Metcalf Ave',
  'Shawnee Mission Pkwy',
  'Vivion Rd',
];
const ZIPS = [
  '64105',
  '64106',
  '64108',
  '64109',
  '64110',
  '64111',
  '64112',
  '64113',
  '64114',
  '64116',
  '64118',
  '64123',
  '64124',
  '64127',
  '64128',
  '64130',
  '64131',
  '64132',
  '66101',
  '66102',
  '66103',
  '66205',
];
const SENTENCES = [
  'Fresh seasonal produce grown without synthetic pesticides.',
  'Volunteers meet every Saturday morning to weed, water and harvest.',
  'A shaded green space with walking paths and native plantings.',
  'Family-run since 1982, selling vegetables, eggs and honey.',
  'Free workshops on composting, canning and backyard gardening.',
  'Plots are available to neighbors on a first-come basis.',
  'Accepts SNAP and Double Up Food Bucks at the information booth.',
  'Pollinator beds and a rain garden demonstrate water-wise landscaping.',
  'Kids can join the junior gardener program during the summer.',
  'Local bakers, beekeepers and growers share the market every week.',
  'Trails connect to the regional greenway and the river overlook.',
  'Grants help small growers buy tools, seed and irrigation supplies.',
];

/** Structured opening hours (decision 0800), in the library's tidy spelling: every fifth place has
 * none, the others one of these by id, so "open now" and "in season" match a realistic share at
 * any hour (decision 0801). */
const BENCH_OPENING_HOURS = [
  'Mo-Fr 09:00-17:00',
  'Sa 08:00-13:00',
  'Apr-Oct Sa 07:00-12:00',
  'Mo-Su 06:00-22:00',
  'Tu-Sa 10:00-18:00; Su 12:00-16:00',
  'May-Sep We 16:00-19:00',
  '24/7',
  'Mo-Fr 08:00-12:00,13:00-17:00; PH off',
  'Nov-Mar Sa 09:00-12:00',
];

/** A Postgres text[] literal of fixed, trusted strings. */
const arrText = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const arr = (items: string[]) => sql.raw(arrText(items));
/** A random element of a text[] (random per row: the `g * 0` ties it to the row). */
const pick = (items: string[], row: string) =>
  sql.raw(`(${arrText(items)})[1 + floor(random() * ${items.length} + ${row} * 0)::int]`);

/** The attributes' shares (decision 0803): [key, share answered yes (or the first value), share
 * answered no (or the second), the values when not true/false]. Most facts are unknown, as in a
 * directory gathered from sources that rarely say. */
const FACT_SHARES: Array<[string, number, number, [string, string]?]> = [
  ['snap', 0.3, 0.1],
  ['wic', 0.12, 0.1],
  ['sfmnp', 0.1, 0.05],
  ['doubleUp', 0.15, 0.05],
  ['credit', 0.4, 0.1],
  ['wheelchair', 0.25, 0.08, ['"yes"', '"limited"']],
  ['accessibleRestroom', 0.1, 0.1],
  ['restroom', 0.3, 0.15],
  ['parking', 0.35, 0.1],
  ['bikeParking', 0.15, 0.1],
  ['busStop', 0.25, 0.1],
  ['free', 0.3, 0.2],
  ['eligibility', 0.4, 0.1, ['"everyone"', '"restricted"']],
];
/** The attributes object of a row of the generator's inner select (its f_<key> randoms). */
const BENCH_ATTRIBUTES = sql.raw(
  `jsonb_strip_nulls(jsonb_build_object(${FACT_SHARES.map(([key, yes, no, values]) => {
    const [y, n] = values ?? ['true', 'false'];
    return `'${key}', case when s."f_${key}" < ${yes} then '${y}'::jsonb when s."f_${key}" < ${yes + no} then '${n}'::jsonb end`;
  }).join(', ')}))`,
);

/** Inserts the tag vocabulary and `count` places (with 1-5 tags each); answers the tag ids. */
export async function generatePlaces(db: Db, count: number, chunk = 10_000): Promise<number[]> {
  const tagRows = (await db.execute(sql`
    insert into tags (name, category)
    select v.name, v.category from unnest(${arr(TAG_VOCABULARY.map((t) => t[0]))}, ${arr(TAG_VOCABULARY.map((t) => t[1]))}) as v(name, category)
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  const tagIds = tagRows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const firstTag = tagIds[0]!;

  // GIN indexes are far cheaper to build once than to maintain row by row: drop the locations
  // GIN indexes for the load and recreate them from their own definitions afterwards.
  const gin = (await db.execute(sql`
    select indexname, indexdef from pg_indexes
     where tablename = 'locations' and indexdef ilike '%using gin%'`)) as unknown as {
    rows: Array<{ indexname: string; indexdef: string }>;
  };
  for (const ix of gin.rows) await db.execute(sql.raw(`drop index ${ix.indexname}`));

  await db.execute(sql`create temp table bench_assign (loc int not null, tag int not null, primary key (loc, tag))`);
  const catArray = arr(CATEGORIES);
  const catWords = CATEGORIES.map((c) => arr(CATEGORY_WORDS[c]!));
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    // 1-5 distinct tags per place, uniformly from the vocabulary.
    await db.execute(sql`
      insert into bench_assign (loc, tag)
      select distinct g, ${firstTag}::int + floor(random() * ${tagIds.length})::int
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral generate_series(1, 1 + floor(random() * 5 + g * 0)::int) k
      on conflict do nothing`);
    await db.execute(sql`
      insert into locations (id, name, slug, category, description, address, latitude, longitude, phone,
                             website, operating_hours, opening_hours, status, tag_text, attributes,
                             created_at, source_name, source_published_at)
      select s.g, s.name,
             regexp_replace(lower(s.name), '[^a-z0-9]+', '-', 'g') || '-' || s.g,
             s.category, s.description, s.address,
             39.0997 + s.r * sin(s.a), -94.5786 + s.r * cos(s.a) / cos(radians(39.0997)),
             '(816) 555-' || lpad((s.g % 10000)::text, 4, '0'),
             case when s.g % 3 = 0 then 'https://example.org/place/' || s.g end,
             case when s.g % 2 = 0 then 'Sat 8am-1pm' end,
             case when s.g % 5 <> 0 then (${arr(BENCH_OPENING_HOURS)})[1 + s.g % ${BENCH_OPENING_HOURS.length}] end,
             case when s.g % 17 = 0 then 'expired' else 'active' end,
             coalesce((select string_agg(t.name, ' ' order by t.name) from bench_assign ba join tags t on t.id = ba.tag
                        where ba.loc = s.g), ''),
             ${BENCH_ATTRIBUTES},
             now() - s.added * interval '4 years',
             case when s.sourced < 0.6 then 'Synthetic source' end,
             case when s.sourced < 0.57 then now() - s.published * interval '10 years' end
        from (
          select g, c.category,
                 ${pick(ADJECTIVES, 'g')} || ' ' || ${pick(NOUNS, 'g')} || ' ' ||
                   (case c.category
                      ${sql.join(
                        CATEGORIES.map(
                          (cat, i) => sql`when ${cat} then (${catWords[i]!})[1 + floor(random() * 3 + g * 0)::int]`,
                        ),
                        sql` `,
                      )}
                    end) as name,
                 ${pick(SENTENCES, 'g')} || ' ' || ${pick(SENTENCES, 'g')} as description,
                 (100 + floor(random() * 9800 + g * 0)::int)::text || ' ' || ${pick(STREETS, 'g')} || ', Kansas City, ' ||
                   ${pick(ZIPS, 'g')} as address,
                 -- uniform over a disc of 40 km: radius in degrees of latitude
                 sqrt(random() + g * 0) * 0.36 as r, random() * 2 * pi() + g * 0 as a,
                 -- Provenance (decision 0805): 60% from a source (a few undated), 40% added here.
                 random() + g * 0 as sourced, random() + g * 0 as published, random() + g * 0 as added,
                 ${sql.join(
                   FACT_SHARES.map(([key]) => sql.raw(`random() + g * 0 as "f_${key}"`)),
                   sql`, `,
                 )}
            from generate_series(${from}::int, ${to}::int) g
            cross join lateral (select (${catArray})[1 + floor(random() * 5 + g * 0)::int] as category) c
        ) s`);
    await db.execute(sql`
      insert into location_tags (location_id, tag_id)
      select loc, tag from bench_assign where loc between ${from}::int and ${to}::int`);
    // One place in ten confirmed by an administrator within the last three years.
    await db.execute(sql`
      insert into location_verifications (location_id, verified_by, at)
      select g, 'bench', now() - random() * interval '3 years'
        from generate_series(${from}::int, ${to}::int) g where g % 10 = 3`);
    console.error(`[bench] ${to} / ${count} places`);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations))`);
  await db.execute(sql`drop table bench_assign`);
  for (const ix of gin.rows) {
    const t = Date.now();
    await db.execute(sql.raw(ix.indexdef));
    console.error(`[bench] rebuilt ${ix.indexname} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`analyze`);
  return tagIds;
}

/** A small seeded random generator, so every run asks the same varied queries. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Search terms a person could type about the synthetic data: single words of names, tags,
 * descriptions and addresses, prefixes, typos and two-word phrases; at least `count`, distinct. */
export function searchTerms(count = 240): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) if (w.length > 3) words.add(w);
  };
  for (const s of [...ADJECTIVES, ...NOUNS, ...Object.values(CATEGORY_WORDS).flat(), ...STREETS, ...ZIPS, ...SENTENCES])
    add(s);
  for (const [t] of TAG_VOCABULARY) add(t);
  const single = [...words];
  const out = new Set<string>(single);
  const rnd = seeded(7);
  for (const w of single) if (w.length > 5) out.add(w.slice(0, 4)); // prefixes
  for (const w of single) if (w.length > 6) out.add(w.slice(0, 2) + w.slice(3)); // one letter dropped (typo)
  while (out.size < count) {
    const a = ADJECTIVES[Math.floor(rnd() * ADJECTIVES.length)]!;
    const n = NOUNS[Math.floor(rnd() * NOUNS.length)]!;
    out.add(`${a} ${n}`.toLowerCase());
  }
  return [...out];
}

/** `count` distinct points within ~30 km of downtown (where the synthetic places are). */
export function searchPoints(count = 240): Array<{ lat: number; lng: number }> {
  const rnd = seeded(11);
  return Array.from({ length: count }, () => {
    const r = Math.sqrt(rnd()) * 0.27;
    const a = rnd() * 2 * Math.PI;
    return {
      lat: Number((39.0997 + r * Math.sin(a)).toFixed(5)),
      lng: Number((-94.5786 + (r * Math.cos(a)) / Math.cos((39.0997 * Math.PI) / 180)).toFixed(5)),
    };
  });
}

export const BENCH_CATEGORIES = CATEGORIES;

/** The rows of the opening hours filters (decisions 0801 and 0802): "open now" alone and varied
 * with a category and a tag; "in season" alone and varied with a point and a radius; "open when"
 * alone and varied over days, windows and categories. */
export function hoursScenarios(
  tagIds: number[],
  points: Array<{ lat: number; lng: number }>,
  page: string,
  n: number,
): Array<{ name: string; path: string; varied: string[] }> {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  return [
    {
      name: 'open now',
      path: `/api/locations?openNow=true&${page}`,
      varied: Array.from(
        { length: n },
        (_, i) =>
          `/api/locations?openNow=true&category=${pick(CATEGORIES, i)}&tagIds=${pick(tagIds, Math.floor(i / 5))}&${page}`,
      ),
    },
    {
      name: 'in season',
      path: `/api/locations?inSeason=true&${page}`,
      varied: points.map((p) => `/api/locations?inSeason=true&lat=${p.lat}&lng=${p.lng}&radius=5&${page}`),
    },
    {
      // Decision 0802: a day and a window, varied over the days, the hours and the categories.
      name: 'open when',
      path: `/api/locations?days=sat,sun&from=08:00&to=12:00&${page}`,
      varied: Array.from({ length: n }, (_, i) => {
        const day = pick(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], i);
        const from = String(6 + (i % 12)).padStart(2, '0');
        const to = String(10 + (i % 12)).padStart(2, '0');
        return `/api/locations?days=${day}&from=${from}:00&to=${to}:00&category=${pick(CATEGORIES, Math.floor(i / 7))}&${page}`;
      }),
    },
  ];
}

/** The rows of the facets (decision 0803): SNAP and wheelchair access repeated; varied over
 * single facets, pairs across both groups and triples, alone and with a category, a point and
 * radius, a search word or "open now", so that the containment test meets every kind of plan. */
export function facetScenarios(
  points: Array<{ lat: number; lng: number }>,
  terms: string[],
  page: string,
  n: number,
): Array<{ name: string; path: string; varied: string[] }> {
  const pay = [...PAY_FILTERS];
  const access = [...ACCESS_FILTERS];
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  return [
    {
      name: 'attribute filter',
      path: `/api/locations?pay=snap&access=wheelchair&${page}`,
      varied: Array.from({ length: n }, (_, i) => {
        const facets = [
          `pay=${pick(pay, i)}`,
          `access=${pick(access, i)}`,
          `pay=${pick(pay, i)}&access=${pick(access, i * 3 + 1)}`,
          `pay=${pick(pay, i)},${pick(pay, i + 2)}&access=${pick(access, i + 5)}`,
        ][i % 4];
        const p = pick(points, i);
        const more = [
          '',
          `&category=${pick(CATEGORIES, Math.floor(i / 4))}`,
          `&lat=${p.lat}&lng=${p.lng}&radius=5`,
          `&search=${encodeURIComponent(pick(terms, i))}`,
          '&openNow=true',
        ][Math.floor(i / 4) % 5];
        return `/api/locations?${facets}${more}&${page}`;
      }),
    },
  ];
}
