// The one slug allocator (decision 0102): a slug no other place has or had; a place may take back
// its own old slug. It never reads every slug: it asks the unique indexes about exact candidates
// (base, base-2 …, a few at a time), for one place or a whole import, one query per round.
import { sql } from 'drizzle-orm';
import { slugify } from '../../../../shared/slug.js';
import type { Db } from '../../../db/connect.js';

/** Candidates looked up at once per name whose base is taken. */
const LOOKAHEAD = 8;
const CHUNK = 1000;

export interface SlugRequest {
  name: string;
  /** The place the slug is for, when it exists already (a rename). */
  ownerId?: number;
}

const candidate = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

/** One free slug per request, in order; requests in one call never get the same slug. */
export async function allocateSlugs(tx: Db, requests: SlugRequest[]): Promise<string[]> {
  // slug -> the places that hold it now or held it before (checked slugs only)
  const owners = new Map<string, number[]>();
  const load = async (slugs: string[]) => {
    const fresh = [...new Set(slugs)].filter((s) => !owners.has(s));
    for (const s of fresh) owners.set(s, []);
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const list = sql.join(
        fresh.slice(i, i + CHUNK).map((s) => sql`${s}`),
        sql`, `,
      );
      const found = (await tx.execute(sql`
        select slug, location_id as owner from location_slugs where slug in (${list})
        union all
        select slug, id as owner from locations where slug in (${list})`)) as unknown as {
        rows: { slug: string; owner: number }[];
      };
      for (const t of found.rows) owners.get(t.slug)!.push(Number(t.owner));
    }
  };
  const bases = requests.map((r) => slugify(r.name));
  const next = bases.map(() => 1);
  const out: Array<string | undefined> = requests.map(() => undefined);
  const given = new Set<string>();
  await load(bases);
  for (;;) {
    const toLoad: string[] = [];
    requests.forEach(({ ownerId }, i) => {
      if (out[i] !== undefined) return;
      const base = bases[i]!;
      for (;;) {
        const slug = candidate(base, next[i]!);
        const held = owners.get(slug);
        if (!held) {
          for (let n = next[i]!; n < next[i]! + LOOKAHEAD; n++) toLoad.push(candidate(base, n));
          return;
        }
        const free = held.length === 0 || (ownerId !== undefined && held.every((o) => o === ownerId));
        if (free && !given.has(slug)) {
          out[i] = slug;
          given.add(slug);
          return;
        }
        next[i] = next[i]! + 1;
      }
    });
    if (toLoad.length === 0) return out as string[];
    await load(toLoad);
  }
}

/** A place's slug after it is renamed to `name`: unchanged while it still fits the name (the base,
 * or the base with a number), else a newly allocated one. */
export async function slugForRename(tx: Db, id: number, currentSlug: string, name: string): Promise<string> {
  const base = slugify(name);
  if (currentSlug === base || new RegExp(`^${base}-\\d+$`).test(currentSlug)) return currentSlug;
  const [slug] = await allocateSlugs(tx, [{ name, ownerId: id }]);
  return slug!;
}
