// The files a rendered page names for its route (decision 0913), from a manifest shaped as Vite's,
// and the route list kept equal to the browser entry's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../paths.js';
import { ENTRY_CATALOGS, loadRoutePreloads, ROUTE_SOURCES, routePreloads } from './route-preloads.js';

// The shape Vite writes to dist/client/.vite/manifest.json, keyed by source.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/client/features/location/index.ts': {
    file: 'assets/location-1.js',
    imports: ['index.html', '_dialog-1.js', '_react-1.js'],
  },
  '_dialog-1.js': { file: 'assets/dialog-1.js', imports: ['_react-1.js', '_radix-1.js'] },
  '_radix-1.js': { file: 'assets/radix-1.js' },
  'src/client/locales/es/location.json': { file: 'assets/location-es.js' },
};

const hrefs = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('routePreloads', () => {
  const preloads = routePreloads(MANIFEST);

  it('names a route chunk and its imports, not the entry or what the entry already loads', () => {
    const links = preloads({ chunk: 'location', lang: 'en', namespaces: ['location', 'discover'] });
    expect(hrefs(links)).toEqual(['/assets/location-1.js', '/assets/dialog-1.js', '/assets/radix-1.js']);
    for (const link of links.split('\n'))
      expect(link.trim()).toMatch(/^<link rel="modulepreload" fetchpriority="low" crossorigin href="/);
  });

  it('adds the catalogs of the page language that are chunks of their own', () => {
    const links = preloads({ chunk: 'location', lang: 'es', namespaces: ['location'] });
    expect(hrefs(links)).toContain('/assets/location-es.js');
  });

  it("names a language's catalog chunk once for the namespaces the entry does not carry", () => {
    const grouped = routePreloads({
      ...MANIFEST,
      '_catalogs-en-1.js': { file: 'assets/catalogs-en-1.js', name: 'catalogs-en' },
      '_catalogs-es-1.js': { file: 'assets/catalogs-es-1.js', name: 'catalogs-es' },
    });
    expect(hrefs(grouped({ chunk: null, lang: 'es', namespaces: ['common', 'discover'] }))).toEqual([
      '/assets/catalogs-es-1.js',
    ]);
    expect(hrefs(grouped({ chunk: null, lang: 'en', namespaces: ['common', 'location', 'share'] }))).toEqual([
      '/assets/catalogs-en-1.js',
    ]);
    expect(grouped({ chunk: null, lang: 'en', namespaces: ['common', 'discover', 'hours'] })).toBe('');
    // A catalog that is a chunk of its own is still named by its own key.
    expect(hrefs(grouped({ chunk: null, lang: 'es', namespaces: ['location'] }))).toEqual(['/assets/location-es.js']);
  });

  it('knows the catalogs the browser entry carries, as i18n.ts lists them', () => {
    const i18n = fs.readFileSync(fromRoot('src/client/lib/i18n.ts'), 'utf8');
    const eager = i18n.slice(i18n.indexOf('const eagerModules'), i18n.indexOf('{ eager: true }'));
    const listed = [...eager.matchAll(/'\.\.\/locales\/([a-z]+\/[\w-]+)\.json'/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...ENTRY_CATALOGS].sort());
  });

  it('names nothing for a page in the entry, or a data block without a route', () => {
    expect(preloads({ chunk: null, lang: 'en', namespaces: ['discover'] })).toBe('');
    expect(preloads({})).toBe('');
    expect(preloads({ chunk: 'no-such-route' })).toBe('');
  });

  it('reads the client build manifest, and is off without one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-preloads-'));
    try {
      expect(loadRoutePreloads(dir)).toBeNull();
      expect(loadRoutePreloads(undefined)).toBeNull();
      fs.mkdirSync(path.join(dir, '.vite'));
      fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      expect(hrefs(loadRoutePreloads(dir)!({ chunk: 'location' }))).toHaveLength(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('knows every route chunk the browser entry loads by name, by the same source', () => {
    const app = fs.readFileSync(fromRoot('src/client/app/app.tsx'), 'utf8');
    const block = app.slice(app.indexOf('export const ROUTE_CHUNKS'));
    const keys = [...block.slice(0, block.indexOf('};')).matchAll(/^\s+(\w+): load\w+,$/gm)].map((m) => m[1]);
    expect(keys.sort()).toEqual(Object.keys(ROUTE_SOURCES).sort());
    for (const source of Object.values(ROUTE_SOURCES)) {
      expect(fs.existsSync(fromRoot(source)), source).toBe(true);
      const spec = path
        .relative(fromRoot('src/client/app'), fromRoot(source))
        .replace(/\.tsx?$/, '')
        .replace(/\/index$/, '');
      expect(app, source).toContain(`import('${spec}')`);
    }
  });
});
