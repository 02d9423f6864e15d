// The <head> of a location page (/discover/{slug}): its own title and description, so search
// engines and link previews show the place. Old slugs (after a rename) resolve to the place.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { locationSlugs, locations } from '../db/schema.js';
import type { PageHead } from './pages.js';

/** Plain text of a stored description (tags dropped, entities decoded), cut for meta tags. */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export async function findLocationBySlug(ctx: AppContext, slug: string) {
  const direct = await ctx.db.select().from(locations).where(eq(locations.slug, slug)).limit(1);
  if (direct[0]) return direct[0];
  const old = await ctx.db
    .select({ location: locations })
    .from(locationSlugs)
    .innerJoin(locations, eq(locations.id, locationSlugs.locationId))
    .where(eq(locationSlugs.slug, slug))
    .limit(1);
  return old[0]?.location ?? null;
}

export async function buildLocationHead(
  ctx: AppContext,
  slug: string,
  origin: string,
): Promise<{ head: PageHead; canonical: string } | null> {
  const location = await findLocationBySlug(ctx, slug);
  if (!location || location.hidden) return null;
  const description =
    plainText(location.description) ||
    `${location.name}${location.address ? `, ${location.address}` : ''} in the Kansas City green directory.`;
  return {
    head: { title: `${location.name} | KC Green Directory`, description },
    canonical: `${origin}/discover/${encodeURIComponent(location.slug)}`,
  };
}
