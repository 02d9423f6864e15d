// The rendered pages' cache (ssr.ts): a page is rendered once per data version and served from
// the cache after, and the benchmark's switch (setPageCacheEnabled) turns it off, so that its
// varied page rows render every request.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { bumpDataVersion, createSearchCache } from './search-cache/cache.js';
import { createPageRenderer, setPageCacheEnabled } from './ssr.js';

afterEach(() => setPageCacheEnabled(true));

function setUp() {
  const app = Fastify();
  const rendered: string[] = [];
  const cache = createSearchCache();
  const ctx = { searchCache: { current: () => cache }, internal: { headers: {} } } as unknown as AppContext;
  const pages = createPageRenderer(
    app,
    ctx,
    {
      render: async ({ url }) => {
        rendered.push(url);
        return { status: 200, html: `<p>${url}</p>`, lang: 'en', data: {} };
      },
    },
    { errorPage: (status) => `error ${status}` },
  );
  const request = (url: string) => ({ url, headers: {}, ip: '127.0.0.1' }) as never;
  const get = (url: string) => pages.page(request(url), (page) => page.html);
  return { rendered, get };
}

describe('the rendered pages cache', () => {
  it('renders a page once until the data changes', async () => {
    const { rendered, get } = setUp();
    expect((await get('/discover/a'))?.body).toBe('<p>/discover/a</p>');
    await get('/discover/a');
    expect(rendered).toEqual(['/discover/a']);
    bumpDataVersion();
    await get('/discover/a');
    expect(rendered).toEqual(['/discover/a', '/discover/a']);
  });

  it('renders every request while its cache is switched off', async () => {
    const { rendered, get } = setUp();
    setPageCacheEnabled(false);
    await get('/discover/b');
    await get('/discover/b');
    expect(rendered).toEqual(['/discover/b', '/discover/b']);
  });

  it('gives up a read that does not answer in time: an error page with Retry-After that is not kept', async () => {
    const app = Fastify();
    app.get('/api/hang', () => new Promise(() => undefined));
    await app.ready();
    const cache = createSearchCache();
    const ctx = { searchCache: { current: () => cache }, internal: { headers: {} } } as unknown as AppContext;
    let renders = 0;
    const pages = createPageRenderer(
      app,
      ctx,
      {
        render: async ({ load }) => {
          renders++;
          const r = await load('/api/hang');
          return { status: r.status === 200 ? 200 : 404, html: '<p>nothing</p>', lang: 'en', data: {} };
        },
      },
      { errorPage: (status, lang) => `error ${status} ${lang}`, loadTimeoutMs: 20 },
    );
    const request = { url: '/discover/x', headers: { cookie: 'lang=es' }, ip: '127.0.0.1', log: app.log } as never;
    const first = await pages.page(request, (p) => p.html);
    expect(first).toMatchObject({ status: 503, body: 'error 503 es' });
    expect(first?.etag).toBeUndefined();
    expect(first?.retryAfterS).toBeGreaterThan(0);
    await pages.page(request, (p) => p.html);
    expect(renders).toBe(2);
    await app.close();
  });
});
