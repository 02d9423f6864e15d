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
  const ctx = { searchCache: { current: () => cache } } as unknown as AppContext;
  const pages = createPageRenderer(app, ctx, {
    render: async ({ url }) => {
      rendered.push(url);
      return { status: 200, html: `<p>${url}</p>`, lang: 'en', data: {} };
    },
  });
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
});
