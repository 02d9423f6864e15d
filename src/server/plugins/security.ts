// Security baseline of docs/architecture.md: strict headers, JSON-only writes, cross-site refused.
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';
import { HttpError } from '../http-error.js';

/** The origin (scheme://host) of the tile server, for img-src. '{s}' subdomains become '*'. */
function tileOrigin(tileUrl: string): string | null {
  try {
    const u = new URL(tileUrl.replace(/\{s\}/g, 'SUBDOMAIN').replace(/\{[a-z]+\}/g, '0'));
    return `${u.protocol}//${u.host.replace('SUBDOMAIN', '*')}`;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** scheme://host[:port] of a URL, ports that are the scheme's default left out; null when it is not
 * an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a page at `origin` may write to the site at `allowed`: the same origin, or, when the site
 * is on this machine (npm start's default http://localhost:PORT), another name of the loopback with
 * the same scheme and port — a person who opens http://127.0.0.1:3000 can write too. */
function sameSite(origin: string | null, allowed: string): boolean {
  if (!origin) return false;
  if (origin === allowed) return true;
  const [a, b] = [new URL(origin), new URL(allowed)];
  return (
    LOOPBACK_HOSTS.has(a.hostname) && LOOPBACK_HOSTS.has(b.hostname) && a.protocol === b.protocol && a.port === b.port
  );
}

/** The one origin whose pages may write (decision 0709): PUBLIC_URL's when it is set (scheme, host
 * and port, exactly), else the request's own protocol and host with its port. */
function siteOrigin(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest): string | null {
  if (env.PUBLIC_URL) return originOf(env.PUBLIC_URL);
  return request.host ? originOf(`${request.protocol}://${request.host}`) : null;
}

/** scriptHashes: the CSP sources ('sha256-…') of the few inline scripts allowed by their exact text
 * (the pages' early-input script, decision 0904); nothing else inline ever runs. */
export async function registerSecurity(app: FastifyInstance, env: Env, scriptHashes: string[] = []): Promise<void> {
  const tiles = tileOrigin(env.MAP_TILE_URL);
  // The headers' middleware is made once: @fastify/helmet made it again, parsing the whole policy,
  // on every request (a few per cent of a cached answer's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix (scroll lock) and Leaflet write inline styles; no inline script but the one allowed
        // by its hash above.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest are our own files (decision 0910).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Share links open social sites in popups; they need no handle back to us.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // Writes carry JSON (or multipart for the import); Fastify answers 415 for any type without a
  // parser, so drop the built-in text/plain parser that would otherwise accept form-like posts.
  app.removeContentTypeParser('text/plain');

  // Cross-site writes are refused: browsers send Sec-Fetch-Site, and Origin on every POST.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      throw new HttpError(403, 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // An https page may not write to an http site (nor another port): scheme, host and port all match.
    const allowed = siteOrigin(env, request);
    if (typeof origin !== 'string' || !allowed || !sameSite(originOf(origin), allowed)) {
      throw new HttpError(403, 'Cross-site requests are not allowed');
    }
  });
}
