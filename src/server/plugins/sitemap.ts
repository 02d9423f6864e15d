// GET /sitemap.xml (robots.txt points here): every public location page with its last change, and
// the static pages; past 50,000 URLs a sitemap index of /sitemap/<n>.xml parts. Kept until the next
// write or an hour, so crawlers and scripts do not scan the table each time.
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { locations } from '../db/schema.js';
import { publicOrigin } from '../pages/page-head.js';
import { VersionedCache } from '../lib/versioned-cache.js';

/** The sitemap protocol's cap on URLs per file. */
const SITEMAP_MAX_URLS = 50_000;
const STATIC_PATHS = ['/', '/about', '/privacy', '/terms', '/cookies'];
const KEEP_MS = 60 * 60_000;

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;

/**
 * The sitemap document for `part` (0 = /sitemap.xml, n = /sitemap/n.xml), or null when there is
 * no such part. One file while everything fits in `perFile` URLs; else part 0 is the index and
 * part n holds places (perFile - static pages in part 1) in id order.
 */
export async function buildSitemap(db: Db, origin: string, part: number, perFile = SITEMAP_MAX_URLS) {
  const [c] = await db.select({ n: count() }).from(locations).where(eq(locations.hidden, false));
  const places = c?.n ?? 0;
  const firstPlaces = perFile - STATIC_PATHS.length;
  const parts = places <= firstPlaces ? 1 : 1 + Math.ceil((places - firstPlaces) / perFile);
  const single = parts === 1;
  if (part === 0 && !single) {
    const entries = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemap/${i + 1}.xml`)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const n = single ? 1 : part;
  if ((single && part !== 0) || n < 1 || n > parts) return null;
  const offset = n === 1 ? 0 : firstPlaces + (n - 2) * perFile;
  const rows = await db
    .select({ slug: locations.slug, updatedAt: locations.updatedAt })
    .from(locations)
    .where(eq(locations.hidden, false))
    .orderBy(asc(locations.id))
    .limit(n === 1 ? firstPlaces : perFile)
    .offset(offset);
  return urlset([
    ...(n === 1 ? STATIC_PATHS.map((p) => `  <url><loc>${xmlEscape(`${origin}${p}`)}</loc></url>`) : []),
    ...rows.map(
      (r) =>
        `  <url><loc>${xmlEscape(`${origin}/discover/${encodeURIComponent(r.slug)}`)}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ]);
}

export function registerSitemap(app: FastifyInstance, ctx: AppContext): void {
  // One entry per origin and part: a handful in practice.
  const kept = new VersionedCache<{ body: string | null }>(ctx.dataVersion, {
    kind: 'sitemap',
    max: 100,
    ttlMs: KEEP_MS,
  });
  const answer = async (request: FastifyRequest, part: number) => {
    const origin = publicOrigin(ctx, request);
    const key = `${origin}|${part}`;
    const hit = kept.get(key);
    if (hit) return hit.body;
    const version = ctx.dataVersion.current();
    const body = await buildSitemap(ctx.db, origin, part);
    kept.set(key, { body }, version);
    return body;
  };
  const send = (reply: FastifyReply, body: string) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);

  app.get('/sitemap.xml', async (request, reply) => send(reply, (await answer(request, 0))!));
  app.get<{ Params: { part: string } }>('/sitemap/:part', async (request, reply) => {
    const m = /^(\d{1,6})\.xml$/.exec(request.params.part);
    const body = m ? await answer(request, Number(m[1])) : null;
    if (!body) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return send(reply, body);
  });
}
