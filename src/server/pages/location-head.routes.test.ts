// The location page's <head> (title, description, canonical, Open Graph, Twitter, JSON-LD), the
// sitemap and robots.txt, served from a minimal client folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp } from '../test/test-app.js';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The head of an HTML page, parsed just enough for these checks. */
function parseHead(html: string) {
  const metas = new Map<string, string>();
  for (const m of html.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)" \/>/g)) metas.set(m[2]!, m[3]!);
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    canonical: html.match(/<link rel="canonical" href="([^"]*)" \/>/)?.[1],
    metas,
    scripts,
  };
}

// One app, and the folder it serves pages from, for the whole file; the describes below share them.
let clientDir: string;

beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-head-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>',
  );
});
// Hooks after run in reverse: the app closes before its folder goes.
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp(() => ({ env: { PUBLIC_URL: 'https://green.example.org' }, deps: { clientDir } }));

const create = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: jsonHeaders,
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number; slug: string; name: string };
};

describe('location page head', () => {
  it("keeps a name with $' and $& as text: the page is not spliced with itself", async () => {
    const name = `Splice $' $& $\` ${unique()}`;
    const loc = await create({ name, category: 'resource' });
    const res = await t.app.inject({ url: `/discover/${loc.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/id="root"/g)).toHaveLength(1);
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    expect(parseHead(res.body).title).toContain(name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
  });

  it('gives a place its title, description, canonical URL, Open Graph, Twitter card and a schema.org Place', async () => {
    const name = `Head Test Market ${unique()}`;
    const loc = await create({
      name,
      category: 'farmers-market',
      description: '<p>Fresh <strong>local</strong> produce &amp; flowers every Saturday.</p>',
      address: '20 E 5th St, Kansas City, MO 64106',
      phone: '816-555-0100',
      website: 'www.example.org',
    });
    const res = await t.app.inject({ method: 'GET', url: `/discover/${loc.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const head = parseHead(res.body);
    const url = `https://green.example.org/discover/${loc.slug}`;
    expect(head.title).toBe(`${name} | KC Green Directory`);
    expect(head.canonical).toBe(url);
    expect(head.metas.get('description')).toBe('Fresh local produce &amp; flowers every Saturday.');
    expect(head.metas.get('og:title')).toBe(`${name} | KC Green Directory`);
    expect(head.metas.get('og:description')).toBe('Fresh local produce &amp; flowers every Saturday.');
    expect(head.metas.get('og:url')).toBe(url);
    expect(head.metas.get('og:type')).toBe('website');
    expect(head.metas.get('og:site_name')).toBe('KC Green Directory');
    expect(head.metas.get('twitter:card')).toBe('summary');
    expect(head.metas.get('twitter:title')).toBe(`${name} | KC Green Directory`);
    expect(head.metas.get('twitter:description')).toBe('Fresh local produce &amp; flowers every Saturday.');
    // Only one <title>: the template's own is replaced.
    expect(res.body.match(/<title>/g)).toHaveLength(1);

    expect(head.scripts).toHaveLength(1);
    const ld = JSON.parse(head.scripts[0]!);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Place');
    expect(ld.name).toBe(name);
    expect(ld.url).toBe(url);
    expect(ld.description).toBe('Fresh local produce & flowers every Saturday.');
    expect(ld.address).toEqual({ '@type': 'PostalAddress', streetAddress: '20 E 5th St, Kansas City, MO 64106' });
    expect(ld.telephone).toBe('816-555-0100');
    expect(ld.sameAs).toBe('https://www.example.org/');
  });

  it('describes a resource with a deadline as an Event held at a Place', async () => {
    const loc = await create({
      name: `Head Test Workshop ${unique()}`,
      category: 'resource',
      description: 'Learn to compost.',
      address: '4800 Main St, Kansas City, MO 64112',
      deadline: '2030-06-30',
      registrationLink: 'https://example.org/register',
    });
    const res = await t.app.inject({ method: 'GET', url: `/discover/${loc.slug}` });
    expect(res.statusCode).toBe(200);
    const ld = JSON.parse(parseHead(res.body).scripts[0]!);
    expect(ld['@type']).toBe('Event');
    expect(ld.endDate.startsWith('2030-06-30')).toBe(true);
    expect(Date.parse(ld.startDate)).toBeLessThanOrEqual(Date.parse(ld.endDate));
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(ld.location['@type']).toBe('Place');
    expect(ld.location.address.streetAddress).toBe('4800 Main St, Kansas City, MO 64112');
    expect(ld.offers).toEqual({ '@type': 'Offer', url: 'https://example.org/register' });
  });

  it('escapes hostile text in the JSON-LD and the meta tags', async () => {
    const name = `Evil </script><script>alert(1)</script> ${unique()}`;
    const loc = await create({ name, category: 'park', address: '1 <b>Main</b> St "quoted"' });
    const res = await t.app.inject({ method: 'GET', url: `/discover/${loc.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('</script><script>');
    const head = parseHead(res.body);
    expect(head.scripts).toHaveLength(1);
    expect(head.scripts[0]).toContain('\\u003c/script\\u003e');
    const ld = JSON.parse(head.scripts[0]!);
    expect(ld.name).toBe(name);
    expect(head.metas.get('og:title')).toBe(
      `Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; ${name.split(' ').at(-1)} | KC Green Directory`,
    );
  });
});

describe('location page slugs, sitemap and robots', () => {
  it('answers 404 for an unknown slug and keeps an old slug working after a rename', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/discover/no-such-place-${unique()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('application/ld+json');

    const loc = await create({
      name: `Head Test Garden ${unique()}`,
      category: 'community-garden',
      address: '1 Elm St',
    });
    const newName = `Head Test Renamed Garden ${unique()}`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${loc.id}`,
      headers: jsonHeaders,
      payload: JSON.stringify({ name: newName }),
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const renamed = await t.app.inject({ method: 'GET', url: `/api/locations/${loc.id}` });
    const newSlug = renamed.json().slug as string;

    const old = await t.app.inject({ method: 'GET', url: `/discover/${loc.slug}` });
    expect(old.statusCode).toBe(200);
    const head = parseHead(old.body);
    expect(head.title).toBe(`${newName} | KC Green Directory`);
    // The canonical URL names the current slug, so search engines keep one page.
    expect(head.canonical).toBe(`https://green.example.org/discover/${newSlug}`);
  });

  it('lists every public location page and the static pages in /sitemap.xml, linked from robots.txt', async () => {
    const loc = await create({ name: `Head Test Sitemap ${unique()}`, category: 'park', address: '2 Oak St' });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>https://green.example.org/</loc>');
    expect(res.body).toContain('<loc>https://green.example.org/about</loc>');
    expect(res.body).toMatch(
      new RegExp(
        `<url><loc>https://green\\.example\\.org/discover/${loc.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`,
      ),
    );

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://green.example.org/sitemap.xml');
  });
});
