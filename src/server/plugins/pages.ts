// Serves the built client: hashed assets with a long cache, and every page route as index.html
// with that page's own <head> (title, description, canonical URL) and, when the server renderer
// was built, the page itself rendered inside it (ssr.ts, decision 0900). Unknown paths and unknown
// places answer HTTP 404 with the not-found page, so crawlers see the status.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type InlineScript, inlineEarlyInput } from './early-input.js';
import { buildLocationHead, jsonForScript } from './location-head.js';
import { type PageHead, publicOrigin, renderHead, SITE_NAME } from './page-head.js';
import { registerSitemap } from './sitemap.js';
import { createPageRenderer, loadRenderer, type RenderedPage, sendRendered } from './ssr.js';
import { SSR_DATA_ID } from './ssr-data-id.js';

const STATIC_HEADS: Record<string, PageHead> = {
  '/': {
    title: `Find Green Resources | ${SITE_NAME}`,
    description:
      'Find farmers markets, local farmers, community gardens, parks and green resources throughout Kansas City.',
  },
  '/discover': {
    title: `Find Green Resources | ${SITE_NAME}`,
    description:
      'Filter by category or search for specific locations throughout Kansas City: farmers markets, local farmers, community gardens, parks and resources.',
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

export type NotFoundRenderer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export async function registerPages(
  app: FastifyInstance,
  ctx: AppContext,
  clientDir: string | undefined,
  earlyInput: InlineScript | null = null,
): Promise<void> {
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : null;
  const file = indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  const template = inlineStylesheet(file && inlineEarlyInput(file, earlyInput), clientDir);

  const render = (head: PageHead, canonical: string | null) =>
    (template ?? '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>')
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--app-head-->', () => renderHead(head, canonical)); // a function: '$' in user text is literal

  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      // Pages carry per-location data; let browsers revalidate instead of caching for long.
      .header('cache-control', 'no-cache')
      .send(html);

  const renderer = template && clientDir ? await loadRenderer(clientDir) : null;
  const pages = renderer ? createPageRenderer(app, ctx, renderer) : null;

  /** The page rendered into the template: its body, its language on <html>, and its data block
   * (JSON escaped for a script element, never executed, decision 0005). */
  const withBody = (shell: string, page: RenderedPage) =>
    shell
      .replace(/<html lang="[^"]*"/, `<html lang="${page.lang === 'es' ? 'es' : 'en'}"`)
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(page.data)}</script>`,
      );

  /** The rendered page when the renderer is there and handles this path, else the plain shell. */
  const sendAny = async (
    request: FastifyRequest,
    reply: FastifyReply,
    shell: () => Promise<{ html: string; status: number }>,
  ) => {
    const page = pages ? await pages.page(request, async (p) => withBody((await shell()).html, p)) : null;
    if (page) return sendRendered(request, reply, page);
    const plain = await shell();
    return sendPage(reply, plain.html, plain.status);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !template || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not Found: ${request.method} ${pathname}` });
    }
    return sendAny(request, reply, async () => ({ html: render(NOT_FOUND_HEAD, null), status: 404 }));
  });

  registerSitemap(app, ctx);
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
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

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
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${publicOrigin(ctx, request)}/sitemap.xml\n`,
      ),
  );
}
