// Serves the built client: hashed assets with a long cache, every page route as index.html with its
// own <head> and, when built, the page rendered inside (ssr.ts, decision 0900); unknown paths 404
// (so crawlers see it), a page not rendered whole an uncached 503 or 429 (decision 0707).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ERROR_TEXTS } from '../../shared/messages.js';
import type { AppContext } from '../context.js';
import { BUSY_RETRY_AFTER_S } from '../db/limits.js';
import { isDatabaseBusy } from './errors.js';
import { type InlineScript, inlineEarlyInput } from '../pages/early-input.js';
import { holdScripts } from '../pages/held-scripts.js';
import { buildLocationHead, jsonForScript } from '../pages/location-head.js';
import { escapeHtml, type PageHead, publicOrigin, renderHead, SITE_NAME } from '../pages/page-head.js';
import { loadRoutePreloads, type PageChunks, type RoutePreloads } from '../pages/route-preloads.js';
import { registerEmbed } from './embed.js';
import { registerSitemap } from './sitemap.js';
import {
  createPageRenderer,
  loadRenderer,
  type PageLanguage,
  pageLanguage,
  type RenderedPage,
  sendRendered,
} from './ssr.js';
import { SSR_DATA_ID } from '../pages/ssr-data-id.js';

/** The whole directory's change feed and calendar, for browsers and readers that discover feeds
 * (decision 1000); a search's own are offered on the Discover page. */
const DIRECTORY_FEEDS = [
  `<link rel="alternate" type="application/atom+xml" title="${SITE_NAME}: changes" href="/changes.atom" />`,
  `<link rel="alternate" type="text/calendar" title="${SITE_NAME}: opening times" href="/calendar.ics" />`,
].join('\n    ');

const STATIC_HEADS: Record<string, PageHead> = {
  '/': {
    title: `Find Green Resources | ${SITE_NAME}`,
    description:
      'Find farmers markets, local farmers, community gardens, parks and green resources throughout Kansas City.',
    extra: DIRECTORY_FEEDS,
  },
  '/discover': {
    title: `Find Green Resources | ${SITE_NAME}`,
    description:
      'Filter by category or search for specific locations throughout Kansas City: farmers markets, local farmers, community gardens, parks and resources.',
    extra: DIRECTORY_FEEDS,
  },
  '/about': {
    title: `About | ${SITE_NAME}`,
    description:
      'Our mission is to help residents build a healthier, more sustainable future. Our vision: every neighbourhood a hub of green living.',
  },
  '/privacy': {
    title: `Privacy Policy | ${SITE_NAME}`,
    description: 'What the Kansas City green directory collects, how it is used, shared and secured.',
  },
  '/terms': {
    title: `Terms and Conditions | ${SITE_NAME}`,
    description: 'The terms and conditions for using the Kansas City green directory.',
  },
  '/cookies': {
    title: `Cookie Information | ${SITE_NAME}`,
    description: 'The essential and preference cookies the Kansas City green directory uses.',
  },
  '/admin': {
    title: `Administration | ${SITE_NAME}`,
    description: 'Sign in to review reports and changes in the Kansas City green directory.',
  },
};

const NOT_FOUND_HEAD: PageHead = {
  title: `404 Page Not Found | ${SITE_NAME}`,
  description: 'This page does not exist in the Kansas City green directory.',
};

/** With the server renderer, the page paints from the HTML alone: its one stylesheet (9 KB
 * compressed) travels inside it instead of costing a request before the first paint (decision
 * 0900; CSP allows inline styles, decision 0005). */
function inlineStylesheet(template: string | null, clientDir: string | undefined): string | null {
  if (!template || !clientDir || !fs.existsSync(path.join(clientDir, '..', 'server', 'entry-server.js'))) {
    return template;
  }
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (link, file: string) => {
    const css = path.join(clientDir, file);
    return fs.existsSync(css)
      ? `<style>${fs.readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
      : link;
  });
}

/** Pages one client may make the server render in a minute (pages the cache holds are free): far
 * above a person's reloads and a polite crawler's pace; the reads inside a render are not counted
 * against the client at all (decision 0707). */
export const PAGE_RENDER_LIMIT = { bucket: 'pages:render', max: 120, windowMs: 60_000 };

/** Hashed files are kept a year. The service worker and the manifest are checked at every use, so
 * a new version is picked up at once (decision 0910); other files an hour. */
export function staticCacheControl(clientDir: string, filePath: string): string {
  const rel = path.relative(clientDir, filePath).split(path.sep).join('/');
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (rel === 'sw.js' || rel === 'manifest.webmanifest') return 'no-cache';
  return 'public, max-age=3600';
}

/** The template with a page's head in it; the built index.html, or a bare shell without a build. */
function renderShell(template: string | null, head: PageHead, canonical: string | null): string {
  return (
    template ?? '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>'
  )
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('<!--app-head-->', () => renderHead(head, canonical)); // a function: '$' in user text is literal
}

function sendPage(reply: FastifyReply, html: string, status = 200) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      // Pages carry per-location data; let browsers revalidate instead of caching for long.
      .header('cache-control', 'no-cache')
      .send(html)
  );
}

/** The page sent when one cannot be rendered whole: static (no script: nothing retries behind the
 * visitor's back), in the visitor's language, with a link that asks for the same page again. */
function renderErrorPage(template: string | null, status: 429 | 503, lang: PageLanguage, url: string): string {
  const texts = PAGE_ERROR_TEXTS[status][lang];
  const again = `/${url.replace(/^[/\\]+/, '')}`; // never '//host': a link off the site
  return renderShell(template, { title: `${texts.title} | ${SITE_NAME}`, description: texts.text }, null)
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<!--app-head-->', '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"><main id="main-content" role="main" style="max-width:40rem;margin:4rem auto;padding:0 1rem;font-family:system-ui,sans-serif">` +
        `<h1 style="font-size:1.5rem">${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.text)}</p>` +
        `<p><a href="${escapeHtml(again)}">${escapeHtml(texts.retry)}</a></p></main></div>`,
    );
}

function sendError(reply: FastifyReply, status: 429 | 503, html: string, retryAfterS: number) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterS))
    .send(html);
}

/** The page rendered into the template: its body, its language on <html>, its route's files to
 * preload and its data block (JSON escaped for a script element, never executed, decision 0005).
 * The page is whole without its scripts (they make it live): they are asked for, at low priority,
 * once its first paint is on screen (decisions 0913 and 0915). */
function withBody(shell: string, page: RenderedPage, preloads: RoutePreloads | null): string {
  const links = preloads ? preloads(page.data as PageChunks) : '';
  const template = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang === 'es' ? 'es' : 'en'}"`)
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
  return holdScripts(template, links)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(page.data)}</script>`,
    );
}

/** Sends a page: the rendered one when the renderer is there and handles this path, else the
 * plain shell the given function makes (a busy database answers the 503 error page). */
type SendAny = (
  request: FastifyRequest,
  reply: FastifyReply,
  shell: () => Promise<{ html: string; status: number }>,
) => Promise<FastifyReply>;

async function createSendAny(
  app: FastifyInstance,
  ctx: AppContext,
  template: string | null,
  clientDir: string | undefined,
): Promise<SendAny> {
  const errorPage = (status: 429 | 503, lang: PageLanguage, url: string) =>
    renderErrorPage(template, status, lang, url);
  const renderer = template && clientDir ? await loadRenderer(clientDir, ctx.env.SSR_ENTRY) : null;
  const renderLimit = ctx.readLimit(PAGE_RENDER_LIMIT);
  const preloads = renderer ? loadRoutePreloads(clientDir) : null;
  const pages = renderer
    ? createPageRenderer(app, ctx, renderer, {
        errorPage,
        limitRender: async (request) => {
          await renderLimit.call(app as never, request, undefined as never);
        },
      })
    : null;

  return async (request, reply, shell) => {
    const page = pages ? await pages.page(request, async (p) => withBody((await shell()).html, p, preloads)) : null;
    if (page) return sendRendered(request, reply, page);
    let plain: { html: string; status: number };
    try {
      plain = await shell();
    } catch (err) {
      if (!isDatabaseBusy(err)) throw err;
      request.log.warn({ err }, 'database busy: page refused');
      return sendError(reply, 503, errorPage(503, pageLanguage(request), request.url), BUSY_RETRY_AFTER_S);
    }
    return sendPage(reply, plain.html, plain.status);
  };
}

export async function registerPages(
  app: FastifyInstance,
  ctx: AppContext,
  clientDir: string | undefined,
  earlyInput: InlineScript | null = null,
): Promise<void> {
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : null;
  const file = indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  const template = inlineStylesheet(file && inlineEarlyInput(file, earlyInput), clientDir);
  const sendAny = await createSendAny(app, ctx, template, clientDir);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // The API and the HSDS API (decision 1003) answer JSON; every other path the 404 page.
    const api = /^\/(?:api|hsds)(?:\/|$)/.test(pathname);
    if (api || !template || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not Found: ${request.method} ${pathname}` });
    }
    return sendAny(request, reply, async () => ({ html: renderShell(template, NOT_FOUND_HEAD, null), status: 404 }));
  });

  registerSitemap(app, ctx);
  registerEmbed(app, ctx);
  if (!clientDir || !template) return;

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    wildcard: true,
    dotfiles: 'deny',
    // scripts/compress-assets.mjs writes .br/.gz beside each asset at build time.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', staticCacheControl(clientDir, filePath));
    },
  });
  registerPageRoutes(app, ctx, template, sendAny);
}

/** The pages with a head of their own, the admin area, a place's page and robots.txt. */
function registerPageRoutes(app: FastifyInstance, ctx: AppContext, template: string, sendAny: SendAny): void {
  const render = (head: PageHead, canonical: string | null) => renderShell(template, head, canonical);
  for (const [route, head] of Object.entries(STATIC_HEADS)) {
    app.get(route, (request, reply) =>
      sendAny(request, reply, async () => ({
        html: render(head, `${publicOrigin(ctx, request)}${route === '/' ? '/' : route}`),
        status: 200,
      })),
    );
  }
  // The admin area is one client route tree; its pages need no head of their own.
  app.get('/admin/*', (_request, reply) => sendPage(reply, render(STATIC_HEADS['/admin']!, null)));

  app.get('/discover/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    // The head is read only when the page is not in the render cache.
    return sendAny(request, reply, async () => {
      const found = await buildLocationHead(ctx, slug, publicOrigin(ctx, request));
      return found
        ? { html: render(found.head, found.canonical), status: 200 }
        : { html: render(NOT_FOUND_HEAD, null), status: 404 };
    });
  });

  app.get('/robots.txt', (request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').send(
      // The change feed is an Atom sitemap of recent changes too (decision 1000).
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${publicOrigin(ctx, request)}/sitemap.xml\nSitemap: ${publicOrigin(ctx, request)}/changes.atom\n`,
    ),
  );
}
