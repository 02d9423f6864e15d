// Server rendering of the pages (decision 0900): loads the renderer that `vite build --ssr` wrote
// (dist/server/entry-server.js, beside the client build) once at start, answers its data requests
// with the API routes in-process (app.inject: the same answers, validation, limits and search cache
// as the browser's own calls), and keeps rendered pages like search answers: in memory, keyed by URL,
// language and cookie choice, dropped when the data version moves (a write) or after TTL_MS, each
// with an ETag so a revalidating browser gets 304.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { dataVersion, TTL_MS } from './search-cache/cache.js';

/** What entry-server.tsx's render() gives back (kept in step by hand: the server does not import
 * client code). */
interface RenderOutput {
  status: number;
  html: string;
  lang: string;
  data: unknown;
}
interface RendererModule {
  render(input: {
    url: string;
    lang: string | null;
    consent: string | null;
    load(path: string): Promise<{ status: number; body: unknown; header(name: string): string | null }>;
  }): Promise<RenderOutput | null>;
}

export interface RenderedPage {
  status: number;
  lang: string;
  /** The inside of <div id="root">. */
  html: string;
  data: unknown;
}

export interface CachedPage {
  status: number;
  body: string;
  etag: string;
  gzip?: Buffer;
  brotli?: Buffer;
}

const MAX_ENTRIES = 300;

let pageCacheOn = true;
/** The benchmark turns the rendered pages' cache off for its varied page rows, so that every
 * request renders (setSearchCacheEnabled does the same for the searches' answers). */
export function setPageCacheEnabled(on: boolean): void {
  pageCacheOn = on;
}

/** The renderer beside the client build, or null when it was not built (tests without a client). */
export async function loadRenderer(clientDir: string): Promise<RendererModule | null> {
  const file = process.env.SSR_ENTRY ?? path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as RendererModule;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  const m = header.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1] ?? '') : null;
}

export function createPageRenderer(app: FastifyInstance, ctx: AppContext, renderer: RendererModule) {
  const cache = new Map<string, { page: CachedPage; version: number; at: number }>();

  const load = (request: FastifyRequest) => async (url: string) => {
    // Anonymous, from the visitor's own address (per-client limits such as the geocoder's apply).
    const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = null;
    }
    return {
      status: res.statusCode,
      body,
      header: (name: string) => {
        const v = res.headers[name.toLowerCase()];
        return v === undefined ? null : String(v);
      },
    };
  };

  return {
    /** The rendered page for this request, from the cache when still right (then neither the
     * renderer nor `wrap`, which may read the database for the page's <head>, runs); null when the renderer
     * leaves this path to the plain page (the admin area) or fails. */
    async page(
      request: FastifyRequest,
      wrap: (page: RenderedPage) => string | Promise<string>,
    ): Promise<CachedPage | null> {
      const lang = cookieValue(request, 'lang');
      const consent = cookieValue(request, 'cookie_consent');
      const anonymous = cookieValue(request, 'kc_admin') === null;
      // Kept only while the data version can be trusted (on PostgreSQL, while LISTEN is up).
      const cacheable = anonymous && ctx.searchCache.current() !== null && pageCacheOn;
      const key = JSON.stringify([
        request.url,
        lang === 'es' ? 'es' : 'en',
        consent === '1' || consent === '0' ? consent : '',
      ]);
      const hit = cache.get(key);
      if (cacheable && hit && hit.version === dataVersion() && Date.now() - hit.at < TTL_MS) {
        cache.delete(key); // most recently used last
        cache.set(key, hit);
        return hit.page;
      }
      const version = dataVersion();
      let out: RenderOutput | null = null;
      try {
        out = await renderer.render({ url: request.url, lang, consent, load: load(request) });
      } catch (err) {
        request.log.error({ err }, 'server rendering failed');
        return null;
      }
      if (!out) return null;
      const body = await wrap(out);
      const page: CachedPage = {
        status: out.status,
        body,
        etag: pageTag(out),
      };
      if (cacheable && version === dataVersion()) {
        cache.set(key, { page, version, at: Date.now() });
        if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      }
      return page;
    },
  };
}

/** The ETag of what the page shows: its HTML and its data, without the data block's timestamps,
 * so the same content rendered again keeps its tag and a revalidating browser gets 304. */
function pageTag(out: RenderOutput): string {
  const data = JSON.stringify(out.data, (key, value) => (/(?:At|At_)$/.test(key) ? undefined : value));
  const hash = crypto.createHash('sha1').update(String(out.status)).update(out.html).update(data);
  return `"${hash.digest('base64url').slice(0, 20)}"`;
}

const brotli = promisify(zlib.brotliCompress);
/** Quality 5, and a window no larger than the page (at least 64 KiB): brotli's default 4 MiB window
 * and its tables were allocated for every page compressed, on libuv's threads, whose allocator
 * keeps what they freed. */
const brotliParams = (body: string) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(Buffer.byteLength(body) + 1)))),
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
});
const gzip = promisify(zlib.gzip);

/** Sends a rendered page: 304 when the browser holds it already, else compressed when accepted
 * (once per page, on libuv's threads: a page's brotli took about 2 ms of the thread serving
 * requests). */
export async function sendRendered(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'Accept-Encoding, Cookie');
  const match = request.headers['if-none-match'];
  if (page.status === 200 && match && match.split(',').some((t) => t.trim() === page.etag)) {
    return reply.status(304).send();
  }
  reply.status(page.status);
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) {
    page.brotli ??= await brotli(page.body, { params: brotliParams(page.body) });
    return reply.header('content-encoding', 'br').send(page.brotli);
  }
  if (/\bgzip\b/.test(accept)) {
    page.gzip ??= await gzip(page.body);
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.body);
}
