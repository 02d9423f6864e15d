// The widget (decision 1004) and how feeds are found (1000): /embed lists a search read-only, sets
// no cookie and may be framed by any site while other pages refuse frames; pages name their feeds
// in <head>; robots.txt names the change feed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocationHidden } from '../modules/locations/writes/index.js';
import { injectJson, useTestApp } from '../test/test-app.js';

describe('embeddable widget and feed links', () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-embed-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const t = useTestApp({ env: { PUBLIC_URL: 'https://green.example.org' }, deps: { clientDir } });
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, category, openingHours] of [
      ['Embedtest Alpha Market', 'farmers-market', 'Mo-Su 00:00-24:00'],
      ['Embedtest Bravo <b>Market</b>', 'farmers-market', null],
      ['Embedtest Hidden Market', 'farmers-market', null],
      ['Embedtest Park', 'park', null],
    ] as const) {
      const res = await injectJson(t.app, 'POST', '/api/locations', {
        name,
        category,
        address: '20 E 5th St, Kansas City, MO 64106',
        latitude: 39.1,
        longitude: -94.58,
        openingHours,
        // Only Alpha is said to take WIC (decision 0803).
        attributes: name.includes('Alpha') ? { wic: true } : { wic: false },
      });
      expect(res.statusCode, res.body).toBe(201);
      slugs[name] = res.json().slug;
      if (name.includes('Hidden')) await setLocationHidden(t.database.db, res.json().id, true, 'embed-admin');
    }
  }, 180_000);

  it('lists the search read-only, links out in a new tab, and sets no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed?q=embedtest&category=farmers-market&lang=es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Mercados de agricultores que coinciden con «embedtest» en el Directorio Verde de KC');
    expect(html).toContain(
      `<a href="https://green.example.org/discover/${slugs['Embedtest Alpha Market']}" target="_blank" rel="noopener">Embedtest Alpha Market`,
    );
    expect(html).toContain('Abierto ahora');
    // Names are text, never markup.
    expect(html).toContain('Embedtest Bravo &lt;b&gt;Market&lt;/b&gt;');
    expect(html).not.toContain('Hidden');
    expect(html).not.toContain('Embedtest Park');
    expect(html).toContain('Ver los 2 en el Directorio Verde de KC');
    expect(html).toContain('href="https://green.example.org/discover?q=embedtest&amp;category=farmers-market"');
    // Nothing that writes: no form, no button; no inline script.
    expect(html).not.toMatch(/<form|<button|<input/);
    expect([...html.matchAll(/<script(?![^>]*(src=|type="application\/json"))/g)]).toHaveLength(0);
  });

  it('takes the facets, names them and keeps them in the link to Discover', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed?q=embedtest&pay=wic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('All places matching “embedtest”, accepting WIC in the KC Green Directory');
    expect(res.body).toContain('Embedtest Alpha Market');
    expect(res.body).not.toContain('Embedtest Bravo');
    expect(res.body).toContain('href="https://green.example.org/discover?q=embedtest&amp;pay=wic"');
    const bad = await t.app.inject({ method: 'GET', url: '/embed?access=ramp' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['access']);
  });

  it('may be framed by any site; every other page refuses frames', async () => {
    const embed = await t.app.inject({ method: 'GET', url: '/embed' });
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of [
      '/',
      '/discover',
      `/discover/${slugs['Embedtest Park']}`,
      '/about',
      '/no-such-page',
      '/api/tags',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('keeps the 404 page for unknown pages and JSON for unknown HSDS paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/embed-nothing-here' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const hsds = await t.app.inject({ method: 'GET', url: '/hsds/no-such-endpoint' });
    expect(hsds.statusCode).toBe(404);
    expect(hsds.json()).toEqual({ message: 'Not Found: GET /hsds/no-such-endpoint' });
    expect((await t.app.inject({ method: 'GET', url: '/embed/lib/other.js' })).statusCode).toBe(404);
  });

  it('refuses a bad query naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed?radius=0' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['radius']);
  });

  it("names the feeds in a place's head and in Discover's, and the change feed in robots.txt", async () => {
    const place = await t.app.inject({ method: 'GET', url: `/discover/${slugs['Embedtest Park']}` });
    const base = `https://green.example.org/discover/${slugs['Embedtest Park']}`;
    expect(place.body).toContain(
      `<link rel="alternate" type="text/calendar" title="Embedtest Park: opening times and deadlines" href="${base}/calendar.ics" />`,
    );
    expect(place.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Embedtest Park: changes" href="${base}/changes.atom" />`,
    );
    const discover = await t.app.inject({ method: 'GET', url: '/discover' });
    expect(discover.body).toContain('<link rel="alternate" type="application/atom+xml"');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://green.example.org/changes.atom');
  });
});
