// GET /sitemap.xml: every public location page (with its last change) plus the static pages, so
// search engines find each place. robots.txt (pages.ts) points here. Hidden places are left out.
// One query, streamed as a single string: 50,000 URLs (the sitemap limit) is a few MB at most.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { locations } from '../db/schema.js';
import { publicOrigin } from './page-head.js';

/** The sitemap protocol's cap on URLs per file. */
const MAX_URLS = 50_000;
const STATIC_PATHS = ['/', '/about', '/privacy', '/terms', '/cookies'];

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function registerSitemap(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = publicOrigin(ctx, request);
    const rows = await ctx.db
      .select({ slug: locations.slug, updatedAt: locations.updatedAt })
      .from(locations)
      .where(eq(locations.hidden, false))
      .orderBy(asc(locations.id))
      .limit(MAX_URLS - STATIC_PATHS.length);
    const urls = [
      ...STATIC_PATHS.map((p) => `  <url><loc>${xmlEscape(`${origin}${p}`)}</loc></url>`),
      ...rows.map(
        (r) =>
          `  <url><loc>${xmlEscape(`${origin}/discover/${encodeURIComponent(r.slug)}`)}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
