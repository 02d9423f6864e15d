// Server rendering of the pages (decision 0900): loads dist/server/entry-server.js at start,
// answers its reads in-process without counting them against the visitor (decision 0707), and keeps
// whole pages like search answers (data version, TTL_MS, ETag); a failed read makes an honest 503.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BUSY_RETRY_AFTER_S } from '../db/limits.js';
import { HttpError } from '../http-error.js';
import { hasCookie, readCookie } from '../lib/cookies.js';
import { isDatabaseBusy } from './errors.js';
import { VersionedCache } from '../lib/versioned-cache.js';
import { TTL_MS } from './search-cache/cache.js';

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
    /** Errors React recovered from, for the server's own log. */
    onError?(error: unknown): void;
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
  /** Absent on an error page, which no one may keep (Cache-Control: no-store). */
  etag?: string;
  /** An error page's Retry-After, in seconds. */
  retryAfterS?: number;
  gzip?: Buffer;
  brotli?: Buffer;
}

/** The page language of a request: its `lang` cookie's, English unless that says Spanish. */
export type PageLanguage = 'en' | 'es';
export const pageLanguage = (request: FastifyRequest): PageLanguage =>
  readCookie(request.headers.cookie, 'lang') === 'es' ? 'es' : 'en';

export interface PageRendererOptions {
  /** The HTML of an error page: 503 (a read failed) or 429 (this client renders too many pages). */
  errorPage(status: 429 | 503, lang: PageLanguage, url: string): string;
  /** Counts a page this client makes the server render (cached pages are not counted); throws a
   * 429 HttpError past its limit. */
  limitRender?(request: FastifyRequest): Promise<void>;
  /** Longest wait for one of the render's reads before the page is given up as unavailable. */
  loadTimeoutMs?: number;
}

/** The render's reads answer within this or the page is unavailable: longer than every bounded wait
 * behind them (a pooled connection 5 s, the geocoder's queue, decision 0711). */
const RENDER_LOAD_TIMEOUT_MS = 12_000;
const MAX_RETRY_AFTER_S = 60;

const MAX_ENTRIES = 300;

/** The renderer beside the client build, or null when it was not built (tests without a client). */
export async function loadRenderer(clientDir: string, entry?: string): Promise<RendererModule | null> {
  const file = entry ?? path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as RendererModule;
}

/** What went wrong in one render's reads: nothing, or the longest Retry-After asked for. */
class ReadFailures {
  failed = false;
  retryAfterS = BUSY_RETRY_AFTER_S;
  add(retryAfter: string | null | undefined) {
    this.failed = true;
    const s = Number(retryAfter);
    if (Number.isFinite(s) && s > 0) this.retryAfterS = Math.min(MAX_RETRY_AFTER_S, Math.max(this.retryAfterS, s));
  }
}

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error('read timed out')), ms);
    timer.unref();
  });

export function createPageRenderer(
  app: FastifyInstance,
  ctx: AppContext,
  renderer: RendererModule,
  options: PageRendererOptions,
) {
  const cache = new VersionedCache<CachedPage>(ctx.dataVersion, { kind: 'page', max: MAX_ENTRIES, ttlMs: TTL_MS });
  const loadTimeoutMs = options.loadTimeoutMs ?? RENDER_LOAD_TIMEOUT_MS;

  const load = (request: FastifyRequest, failures: ReadFailures) => async (url: string) => {
    // Under the visitor's address (the geocoder queues each client's lookups apart, decision 0711),
    // marked as the server's own: no per-client limit counts it (lib/internal-requests.ts).
    let res: Awaited<ReturnType<typeof app.inject>>;
    try {
      res = await Promise.race([
        app.inject({ method: 'GET', url, remoteAddress: request.ip, headers: ctx.internal.headers }),
        timeout(loadTimeoutMs),
      ]);
    } catch {
      failures.add(null);
      return { status: 503, body: null, header: () => null };
    }
    if (res.statusCode === 429 || res.statusCode >= 500) failures.add(String(res.headers['retry-after'] ?? ''));
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

  const errorPage = (status: 429 | 503, request: FastifyRequest, retryAfterS: number): CachedPage => ({
    status,
    body: options.errorPage(status, pageLanguage(request), request.url),
    retryAfterS,
  });

  return {
    /** The rendered page for this request, from the cache when still right (then neither the
     * renderer nor `wrap`, which may read the database for the page's <head>, runs); an error page
     * (no ETag, never kept) when a read failed or this client renders too many pages; null when the
     * renderer leaves this path to the plain page (the admin area) or fails. */
    async page(
      request: FastifyRequest,
      wrap: (page: RenderedPage) => string | Promise<string>,
    ): Promise<CachedPage | null> {
      const cookies = request.headers.cookie;
      const lang = readCookie(cookies, 'lang');
      const consent = readCookie(cookies, 'cookie_consent');
      const anonymous = !hasCookie(cookies, 'kc_admin') && !hasCookie(cookies, '__Host-kc_admin');
      const cacheable = anonymous;
      const key = JSON.stringify([
        request.url,
        lang === 'es' ? 'es' : 'en',
        consent === '1' || consent === '0' ? consent : '',
      ]);
      const hit = cacheable ? cache.get(key) : undefined;
      if (hit) return hit;
      // Only a page the server must render counts against the client: a kept one costs nothing.
      if (options.limitRender) {
        try {
          await options.limitRender(request);
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 429) {
            return errorPage(429, request, Number(err.headers?.['retry-after']) || BUSY_RETRY_AFTER_S);
          }
          throw err;
        }
      }
      const version = ctx.dataVersion.current();
      const failures = new ReadFailures();
      let out: RenderOutput | null = null;
      try {
        out = await renderer.render({
          url: request.url,
          lang,
          consent,
          load: load(request, failures),
          onError: (err) => request.log.error({ err }, 'server rendering: a part failed'),
        });
      } catch (err) {
        request.log.error({ err }, 'server rendering failed');
        out = null;
      }
      // A read the page needed was refused or failed: its "not found" or empty list would be a lie.
      if (failures.failed) return errorPage(503, request, failures.retryAfterS);
      if (!out) return null;
      let body: string;
      try {
        body = await wrap(out);
      } catch (err) {
        if (!isDatabaseBusy(err)) throw err;
        request.log.warn({ err }, 'database busy: page refused');
        return errorPage(503, request, BUSY_RETRY_AFTER_S);
      }
      const page: CachedPage = {
        status: out.status,
        body,
        etag: pageTag(out),
      };
      // Only a whole page that rendered well is kept for everyone: never an error, nor a 404 page
      // (any URL makes one, and they would push the real pages out).
      if (cacheable && out.status === 200) cache.set(key, page, version);
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
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie');
  if (!page.etag) {
    // An error page: no browser or proxy may keep it, and the visitor is told when to come back.
    reply.header('cache-control', 'no-store');
    if (page.retryAfterS) reply.header('retry-after', String(page.retryAfterS));
  } else reply.header('cache-control', 'no-cache').header('etag', page.etag);
  const match = request.headers['if-none-match'];
  if (page.etag && page.status === 200 && match?.split(',').some((t) => t.trim() === page.etag)) {
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
