// The rendered pages' cache (ssr.ts): a page is rendered once per data version and served from
// the cache after, and the benchmark's caching switch (DataVersion.setCaching) turns it off, so
// that its varied page rows render every request.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { DataVersion } from '../lib/data-version.js';
import { createSearchCache } from './search-cache/cache.js';
import { createPageRenderer } from './ssr.js';

const contextOf = (dataVersion: DataVersion) => {
  const cache = createSearchCache(dataVersion);
  return { searchCache: { current: () => cache }, dataVersion, internal: { headers: {} } } as unknown as AppContext;
};

function setUp() {
  const app = Fastify();
  const rendered: string[] = [];
  const data = new DataVersion();
  const ctx = contextOf(data);
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
  return { rendered, get, data };
}

describe('the rendered pages cache', () => {
  it('renders a page once until the data changes', async () => {
    const { rendered, get, data } = setUp();
    expect((await get('/discover/a'))?.body).toBe('<p>/discover/a</p>');
    await get('/discover/a');
    expect(rendered).toEqual(['/discover/a']);
    data.bump();
    await get('/discover/a');
    expect(rendered).toEqual(['/discover/a', '/discover/a']);
  });

  it('renders every request while its cache is switched off', async () => {
    const { rendered, get, data } = setUp();
    data.setCaching(false);
    await get('/discover/b');
    await get('/discover/b');
    expect(rendered).toEqual(['/discover/b', '/discover/b']);
  });

  it('gives up a read that does not answer in time: an error page with Retry-After that is not kept', async () => {
    const app = Fastify();
    app.get('/api/hang', () => new Promise(() => undefined));
    await app.ready();
    const ctx = contextOf(new DataVersion());
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
