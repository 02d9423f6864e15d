// The widget a partner puts in an <iframe> (decision 1004): GET /embed with Discover's query
// renders that search as a plain, read-only list (and a map when wide), with no cookies, and is the
// only page any site may frame. Its script, public/embed/embed.js, draws the map with Leaflet.
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { discoverQuerySchema } from '../../shared/discover-query.js';
import { feedQueryString } from '../../shared/discover-params.js';
import { openingHoursFields } from '../../shared/opening-hours.js';
import type { AppContext } from '../context.js';
import { now as clockNow } from '../lib/clock.js';
import { searchBriefPlaces, searchFiltersOf } from '../modules/feeds/feed-places.js';
import { categoryName, describeSearch, WORDS } from '../modules/feeds/feed-words.js';
import { fromRoot } from '../paths.js';
import { jsonForScript } from '../pages/location-head.js';
import { escapeHtml, publicOrigin } from '../pages/page-head.js';
import { VersionedCache } from '../lib/versioned-cache.js';

/** Places the widget lists (the rest are one link away). */
const EMBED_PLACES = 20;
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
const gzip = promisify(zlib.gzip);

/** How /embed reads in the OpenAPI document (its query is checked by the handler, which answers
 * a bad one in the API's error shape). */
const EMBED_DOCS = {
  tags: ['Feeds'],
  summary: 'The embeddable widget (HTML)',
  description:
    "An HTML page for an <iframe> on another site: the Discover URL's query (as for /calendar.ics, lang=es for Spanish) as a read-only list of its first 20 places, and a map on a frame at least 640 px wide. The only page other sites may frame.",
};

/** The Leaflet files the widget's map loads, read once and kept gzipped. */
const LEAFLET: Record<string, { file: string; type: string; body?: Buffer; gz?: Buffer }> = {
  'leaflet.js': { file: 'leaflet.js', type: 'text/javascript; charset=utf-8' },
  'leaflet.css': { file: 'leaflet.css', type: 'text/css; charset=utf-8' },
};

function page(input: {
  lang: 'en' | 'es';
  heading: string;
  discoverUrl: string;
  total: number;
  items: string[];
  data: unknown;
}): string {
  const w = WORDS[input.lang];
  const list = input.items.length
    ? `<ul class="places">${input.items.join('')}</ul>`
    : `<p class="none">${escapeHtml(w.embedNone)}</p>`;
  return `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.heading)}</title>
<link rel="stylesheet" href="/embed/embed.css">
<script src="/embed/embed.js" defer></script>
</head>
<body>
<main class="embed">
<h1>${escapeHtml(input.heading)}</h1>
<div class="layout">
${list}
<div id="embed-map" class="map" role="region" aria-label="${escapeHtml(w.embedMap)}" hidden></div>
</div>
<p class="more"><a href="${escapeHtml(input.discoverUrl)}" target="_blank" rel="noopener">${escapeHtml(w.embedAll(input.total))} <span class="sr-only">${escapeHtml(w.newTab)}</span></a></p>
</main>
<script type="application/json" id="embed-data">${jsonForScript(input.data)}</script>
</body>
</html>
`;
}

export function registerEmbed(app: FastifyInstance, ctx: AppContext): void {
  // Open now changes with the clock: a minute at most, as the search cache keeps its answers.
  const kept = new VersionedCache<{ html: string; gz?: Buffer }>(ctx.dataVersion, {
    kind: 'widget',
    max: 200,
    ttlMs: 60_000,
  });

  app.get('/embed', { schema: EMBED_DOCS }, async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = discoverQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'query')] ??= issue.message;
      return reply.status(400).send({ message: 'Invalid query', errors });
    }
    const { filters, lang } = parsed.data;
    const origin = publicOrigin(ctx, request);
    const key = JSON.stringify([origin, feedQueryString(filters, lang)]);
    let entry = kept.get(key);
    if (!entry) {
      const version = ctx.dataVersion.current();
      const search = await searchFiltersOf(ctx, filters);
      const { places, total } = await searchBriefPlaces(ctx, search, EMBED_PLACES);
      const now = clockNow();
      const w = WORDS[lang];
      const url = (slug: string) => `${origin}/discover/${encodeURIComponent(slug)}`;
      const items = places.map((p) => {
        const open = p.openingHours ? openingHoursFields(p.openingHours, now).openNow : null;
        const status =
          open === null
            ? ''
            : `<span class="status ${open ? 'open' : 'closed'}">${escapeHtml(open ? w.embedOpenNow : w.embedClosedNow)}</span>`;
        return `<li><a href="${escapeHtml(url(p.slug))}" target="_blank" rel="noopener">${escapeHtml(p.name)} <span class="sr-only">${escapeHtml(w.newTab)}</span></a><span class="meta"><span class="category">${escapeHtml(categoryName(lang, p.category))}</span>${status}</span>${p.address ? `<span class="address">${escapeHtml(p.address)}</span>` : ''}</li>`;
      });
      const points = places
        .filter((p) => p.latitude !== null && p.longitude !== null)
        .map((p) => ({ name: p.name, url: url(p.slug), lat: p.latitude, lng: p.longitude }));
      const html = page({
        lang,
        heading: w.embedHeading(describeSearch(lang, filters)),
        discoverUrl: `${origin}/discover${feedQueryString(filters)}`,
        total,
        items,
        data: { points, tiles: ctx.env.MAP_TILE_URL, attribution: ATTRIBUTION, newTab: w.newTab },
      });
      entry = { html };
      kept.set(key, entry, version);
    }
    // Any site may frame this page, and only this one (decision 1004).
    const csp = String(reply.getHeader('content-security-policy') ?? '').replace(
      /frame-ancestors [^;]*/,
      'frame-ancestors *',
    );
    reply
      .header('content-security-policy', csp)
      .removeHeader('x-frame-options')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      entry.gz ??= await gzip(entry.html);
      return reply.header('content-encoding', 'gzip').send(entry.gz);
    }
    return reply.send(entry.html);
  });

  app.get<{ Params: { file: string } }>('/embed/lib/:file', { schema: { hide: true } }, async (request, reply) => {
    const asset = LEAFLET[request.params.file];
    if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    asset.body ??= fs.readFileSync(fromRoot('node_modules', 'leaflet', 'dist', asset.file));
    asset.gz ??= await gzip(asset.body, { level: 9 });
    reply.type(asset.type).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gz);
    }
    return reply.send(asset.body);
  });
}
