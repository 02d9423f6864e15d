// The server renderer on its own (decision 0900): the page's data comes from the load function
// under the keys the components read, user text is escaped, a description is sanitised without a
// DOM, an unknown place is a 404 with the not-found card, and no page holds an inline script.
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import type { ServerLoad } from './lib/ssr-data';

const place = {
  id: 7,
  name: 'Test </script><b>Farm</b>',
  slug: 'test-farm',
  category: 'farm',
  address: '1 Main St, Kansas City, MO',
  description: '<p>Fresh eggs. <img src=x onerror=alert(1)> See www.example.org</p><script>alert(2)</script>',
  tags: [],
  flagCount: 0,
  phone: null,
  website: null,
  latitude: 39.1,
  longitude: -94.6,
  operatingHours: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const load: ServerLoad = async (path) => {
  if (path === '/api/tags') return { status: 200, body: [], header: () => null };
  if (path === '/api/locations/slug/test-farm') return { status: 200, body: place, header: () => null };
  if (path.startsWith('/api/locations/slug/'))
    return { status: 404, body: { message: 'Location not found' }, header: () => null };
  if (path.startsWith('/api/locations?')) {
    return { status: 200, body: [place], header: (n) => (n.toLowerCase() === 'x-total-count' ? '7' : null) };
  }
  return { status: 404, body: null, header: () => null };
};

describe('render', () => {
  it('renders Discover with the first page, its count and the GET form', async () => {
    const out = await render({ url: '/?category=farm', lang: null, consent: '1', load });
    expect(out?.status).toBe(200);
    expect(out?.html).toContain('1 - 1 of 7 Results');
    expect(out?.html).toContain('Test &lt;/script&gt;&lt;b&gt;Farm&lt;/b&gt;');
    expect(out?.html).toMatch(/<form[^>]*action="\/" method="get"/);
    expect(out?.html).not.toContain('data-testid="cookie-banner"');
    expect(out?.html).not.toMatch(/<script/i);
    expect(out?.data.chunk).toBeNull();
  });

  it('renders a place: name, address, sanitised description and the About tab', async () => {
    const out = await render({ url: '/discover/test-farm', lang: null, consent: null, load });
    expect(out?.status).toBe(200);
    expect(out?.html).toContain('1 Main St, Kansas City, MO');
    expect(out?.html).toContain('Fresh eggs.');
    expect(out?.html).toContain('href="https://www.example.org"');
    expect(out?.html).not.toMatch(/onerror|<img|<script|alert\(2\)/i);
    expect(out?.html).toContain('data-testid="cookie-banner"');
    expect(out?.data.chunk).toBe('location');
    expect(out?.data.namespaces).toContain('location');
  });

  it('answers 404 with the not-found card for an unknown place, in the language of the cookie', async () => {
    const out = await render({ url: '/discover/nope', lang: 'es', consent: '0', load });
    expect(out?.status).toBe(404);
    expect(out?.lang).toBe('es');
    expect(out?.html).toContain('Volver a Descubrir');
  });

  it('leaves the administrator area to the plain page', async () => {
    expect(await render({ url: '/admin/reports', lang: null, consent: null, load })).toBeNull();
  });
});
