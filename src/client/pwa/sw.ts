/// <reference lib="webworker" />
// The service worker (decision 0910), built by vite-plugin-pwa into dist/client/sw.js: precaches
// the build; pages and API reads network first with a saved copy; writes are never stored.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import { isSavedPage, isSavedRead, isStorable, markSavedPage, SAVED_AT_HEADER, SAVED_COPY_HEADER } from './cache-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const SHELL_URL = '/index.html';

self.skipWaiting();
clientsClaim();
navigationPreload.enable();
cleanupOutdatedCaches();
// No directory index and no clean URLs: '/' must never be answered with the bare index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Stores only what may be stored, stamped with the moment it was saved. */
const storePolicy = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (!isStorable(response)) return null;
    const headers = new Headers(response.headers);
    // The body read here is already decoded.
    headers.delete('content-encoding');
    headers.delete('content-length');
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

type Mark = (saved: Response) => Promise<Response>;

/** Network first; on a network failure the saved copy, marked as one; else `fallback`. */
class NetworkFirstSavedCopy extends Strategy {
  constructor(
    options: StrategyOptions,
    private readonly mark: Mark,
    private readonly fallback?: () => Promise<Response | undefined>,
  ) {
    super(options);
  }

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    let failure: unknown;
    try {
      const response = await handler.fetchAndCachePut(request);
      if (response) return response;
    } catch (err) {
      failure = err;
    }
    const saved = await handler.cacheMatch(request);
    if (saved) return this.mark(saved);
    const fallback = await this.fallback?.();
    if (fallback) return fallback;
    throw failure ?? new Error('Offline and no saved copy');
  }
}

const markPage = async (saved: Response, savedAt: string) => {
  const headers = new Headers(saved.headers);
  headers.delete('content-length');
  return new Response(markSavedPage(await saved.text(), savedAt), { status: 200, headers });
};

registerRoute(
  ({ request, url }) => isSavedPage(request, url, self.location.origin),
  new NetworkFirstSavedCopy(
    {
      cacheName: 'kc-pages',
      plugins: [storePolicy, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
    },
    (saved) => markPage(saved, saved.headers.get(SAVED_AT_HEADER) ?? ''),
    async () => {
      const shell = await matchPrecache(SHELL_URL);
      return shell ? markPage(shell, '') : undefined;
    },
  ),
);

registerRoute(
  ({ request, url }) => isSavedRead(request, url, self.location.origin),
  new NetworkFirstSavedCopy(
    {
      cacheName: 'kc-reads',
      plugins: [storePolicy, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
    },
    async (saved) => {
      const headers = new Headers(saved.headers);
      headers.set(SAVED_COPY_HEADER, saved.headers.get(SAVED_AT_HEADER) ?? '');
      return new Response(await saved.blob(), { status: saved.status, statusText: saved.statusText, headers });
    },
  ),
);
