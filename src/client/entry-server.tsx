// The server renderer (decision 0900), built by `vite build --ssr` into dist/server for
// plugins/ssr.ts: loads a URL's data through the API in-process (the browser's own queries and
// keys), renders the tree main.tsx hydrates, and hands back the HTML, status and data block.
import './lib/zod-jitless';
import { dehydrate } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import type { ReactNode } from 'react';
import { Root } from './app/root';
import { prefetchRoute } from './app/prefetch';
import type { CookieConsentRecord } from './lib/consent-store';
import i18n, { LANGUAGES } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { installServerHtmlToolkit } from './lib/sanitize';
import { serverHtmlToolkit } from './lib/sanitize-server';
import type { ServerLoad, SsrData } from './lib/ssr-data';

installServerHtmlToolkit(serverHtmlToolkit);

// Every catalog of every language is in memory on the server: a render never waits for one.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
for (const [file, mod] of Object.entries(catalogs)) {
  const m = file.match(/locales\/([^/]+)\/([^/]+)\.json$/);
  if (m) i18n.addResourceBundle(m[1]!, m[2]!, mod.default, true, true);
}

export interface RenderInput {
  /** Path and query string, as requested. */
  url: string;
  /** From the `lang` cookie; English when absent or unknown. */
  lang: string | null;
  /** From the `cookie_consent` cookie: '1', '0' or null (undecided). */
  consent: string | null;
  load: ServerLoad;
  /** Errors React recovered from while rendering: the server logs them in its own log, which keeps
   * typed text and addresses out (decision 0710). */
  onError?: (error: unknown) => void;
}

export interface RenderOutput {
  status: number;
  /** The inside of <div id="root">. */
  html: string;
  data: SsrData;
  lang: string;
}

/** Which route a path is, as app/app.tsx routes it; null for paths the server leaves alone. */
function routeOf(pathname: string): { chunk: string | null; slug?: string } | null {
  if (pathname === '/' || pathname === '/discover') return { chunk: null };
  const slug = pathname.match(/^\/discover\/([^/]+)$/)?.[1];
  if (slug !== undefined) return { chunk: 'location', slug: decodeURIComponent(slug) };
  const page = { '/about': 'about', '/privacy': 'privacy', '/terms': 'terms', '/cookies': 'cookies' }[pathname];
  if (page) return { chunk: page };
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  return { chunk: 'notFound' };
}

/** The whole page in one string: piped only once every boundary is ready (onAllReady), so React
 * writes it in order, with no fallback and no inline script (decision 0005). */
function renderHtml(element: ReactNode, report: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // React outlines a finished boundary larger than this (for progressive reveal, with an inline
      // script): never, since the page is sent whole.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: report,
    });
  });
}

export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const url = new URL(input.url, 'http://localhost');
  const route = routeOf(url.pathname);
  if (!route) return null;
  const lang = LANGUAGES.some((l) => l.code === input.lang) ? (input.lang as string) : 'en';
  const consent: CookieConsentRecord | null =
    input.consent === '1' || input.consent === '0'
      ? { essential: true, preferences: input.consent === '1', decidedAt: '' }
      : null;
  // One "now" for the whole page: its data (a place's week of hours) and its render (decision 0900).
  const renderedAt = new Date();
  const client = createQueryClient();
  const found = await prefetchRoute(client, url, input.load, renderedAt, route.slug);
  const status = route.chunk === 'notFound' || !found ? 404 : 200;

  // One i18next instance per request (the store is shared): concurrent renders in other languages
  // never see this one's language.
  const t = i18n.cloneInstance({ lng: lang });
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${url.pathname}${url.search}`}>{children}</StaticRouter>
  );
  const element = <Root client={client} i18n={t} Router={Router} consent={consent} renderedAt={renderedAt} />;
  const report = input.onError ?? ((error: unknown) => console.error('Server rendering failed', error));
  let html = await renderHtml(element, report);
  // Never send an inline script (the Content Security Policy forbids them): should React ever write
  // one, render again once, then fall back to the page without a body.
  if (/<script\b/i.test(html)) html = await renderHtml(element, report);
  if (/<script\b/i.test(html)) return null;
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
  // react-i18next records the namespaces each instance's components asked for.
  const reported = (t as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  const namespaces = reported?.getUsedNamespaces() ?? [];
  client.clear();
  return {
    status,
    html,
    lang,
    data: { state, lang, consent, chunk: route.chunk, namespaces, renderedAt: renderedAt.toISOString() },
  };
}
