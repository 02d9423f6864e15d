// Bad cookies are ignored, never a 500 (decision 0708): every cookie the server reads, with a value
// that does not decode or is hostile, on every page and on API routes; the page is answered as it
// is without the cookie.
import { describe, expect, it } from 'vitest';
import { injectJson } from '../test/test-app.js';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

const HOSTILE_VALUES = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%uD800',
  '%ED%A0%80', // a lone surrogate in UTF-8: decodeURIComponent throws
  '%C0%AF',
  '%00',
  '"',
  '"%"',
  '""',
  'es%',
  'es;',
  '=',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\\u0000',
  'x'.repeat(4000),
];
const COOKIE_NAMES = ['lang', 'cookie_consent', 'kc_admin', '__Host-kc_admin'];

/** Cookie headers: every name holding each value at once, and headers that are not cookies; with
 * `single`, also each name alone with each value. */
function cookieHeaders(single = false): string[] {
  const headers: string[] = [];
  for (const value of HOSTILE_VALUES) {
    if (single) for (const name of COOKIE_NAMES) headers.push(`${name}=${value}`);
    headers.push(COOKIE_NAMES.map((n) => `${n}=${value}`).join('; '));
  }
  headers.push('lang', ';;;', '=%; %=%', 'lang=es; lang=%', 'lang=%; lang=es', '%=%; lang==es');
  return headers;
}

// Some 500 requests in all: on a busy machine the pages' loop takes longer than the default 30 s.
describe('cookies the server cannot read are ignored', () => {
  const t = useRenderedPagesApp();

  it('answers every page as usual whatever the cookies hold', async () => {
    const created = await injectJson(t.app, 'POST', '/api/locations', {
      name: 'Cookie Jar Garden',
      category: 'resource',
    });
    expect(created.statusCode).toBe(201);
    const slug = (created.json() as { slug: string }).slug;
    const pages: Array<[string, number]> = [
      ['/', 200],
      ['/discover', 200],
      ['/discover?q=garden', 200],
      [`/discover/${slug}`, 200],
      ['/discover/no-such-place', 404],
      ['/about', 200],
      ['/privacy', 200],
      ['/terms', 200],
      ['/cookies', 200],
      ['/admin', 200],
      ['/admin/reports', 200],
      ['/no-such-page', 404],
      ['/robots.txt', 200],
      ['/sitemap.xml', 200],
    ];
    let n = 0;
    for (const cookie of cookieHeaders(true)) {
      // Every page with every value; each cookie alone on the two pages that render with data.
      const some =
        cookie.includes(';') || !cookie.includes('=') ? pages : pages.filter(([u]) => u === '/' || u.includes(slug));
      for (const [url, status] of some) {
        // A new address now and then: this is not a test of the page limit.
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: `10.88.${n >> 6}.1` });
        n++;
        expect(res.statusCode, `${url} with ${cookie.slice(0, 60)}`).toBe(status);
        if (url === '/about') expect(res.body, cookie.slice(0, 60)).toContain('<div id="root"><');
      }
    }
  }, 180_000);

  it('answers API routes as usual whatever the cookies hold, the administrator’s with 401', async () => {
    let n = 0;
    for (const cookie of cookieHeaders(true)) {
      const remoteAddress = `10.89.${n >> 4}.1`;
      n++;
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress });
      expect((await get('/api/locations?limit=1')).statusCode).toBe(200);
      expect((await get('/api/tags')).statusCode).toBe(200);
      expect((await get('/api/visitors/total')).statusCode).toBe(200);
      expect((await get('/api/admin/session')).statusCode, cookie.slice(0, 60)).toBe(401);
      expect((await get('/api/admin/flag-reports')).statusCode, cookie.slice(0, 60)).toBe(401);
      const logout = await injectJson(t.app, 'POST', '/api/admin/logout', {}, { headers: { cookie }, remoteAddress });
      expect(logout.statusCode, cookie.slice(0, 60)).toBeLessThan(500);
      const record = await injectJson(
        t.app,
        'POST',
        '/api/visitors/record',
        { sessionId: `cookie-fuzz-${n}` },
        { headers: { cookie }, remoteAddress },
      );
      expect(record.statusCode, cookie.slice(0, 60)).toBe(200);
    }
  }, 180_000);

  it('still honours a good language cookie beside bad ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { cookie: 'cookie_consent=%; lang=es' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es"');
  });
});
