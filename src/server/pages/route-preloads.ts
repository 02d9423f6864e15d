// A rendered page names the files its route needs besides the entry (its chunk, their imports, its
// catalogs) as <link rel="modulepreload">: fetched beside the entry, not after it has run, and the
// bundle's loader finds them there instead of adding links during the page's first task. At low
// priority, as the entry, behind the page's own bytes (decision 0913).
import fs from 'node:fs';
import path from 'node:path';

/** The source of each route chunk the browser's entry loads by name (ROUTE_CHUNKS in
 * src/client/app/app.tsx; route-preloads.test.ts keeps the two lists alike). */
export const ROUTE_SOURCES: Record<string, string> = {
  location: 'src/client/features/location/index.ts',
  about: 'src/client/pages/about-page.tsx',
  privacy: 'src/client/pages/privacy-page.tsx',
  terms: 'src/client/pages/terms-page.tsx',
  cookies: 'src/client/pages/cookies-page.tsx',
  notFound: 'src/client/pages/not-found-page.tsx',
};

/** The catalogs the browser's entry carries (`eagerModules` in src/client/lib/i18n.ts;
 * route-preloads.test.ts keeps the two lists alike): every other one is fetched when first used. */
export const ENTRY_CATALOGS = [
  'en/common',
  'en/discover',
  'en/cookies',
  'en/translation',
  'en/hours',
  'en/attribute-badges',
];

/** One chunk of the build's manifest (Vite's `build.manifest`), keyed by its source. */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}

/** What a rendered page's data block says of its route (SsrData in src/client/lib/ssr-data.ts). */
export interface PageChunks {
  chunk?: string | null;
  lang?: string;
  namespaces?: string[];
}

export type RoutePreloads = (page: PageChunks) => string;

/** The preload links of a page, from the client build's manifest; null without one (a build
 * before manifests, or tests' bare client folder): the page then loads as before. */
export function loadRoutePreloads(clientDir: string | undefined): RoutePreloads | null {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : null;
  if (!file || !fs.existsSync(file)) return null;
  return routePreloads(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>);
}

export function routePreloads(manifest: Record<string, ManifestChunk>): RoutePreloads {
  const inEntry = new Set<string>();
  const entryFiles = (key: string) => {
    if (inEntry.has(key)) return;
    inEntry.add(key);
    for (const dep of manifest[key]?.imports ?? []) entryFiles(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) entryFiles(key);

  /** A chunk's file and those of its static imports, the entry's own left out (already loading). */
  const filesOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || inEntry.has(key) || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) filesOf(dep, into);
  };
  const catalogsOf = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const lang = /^catalogs-([a-z]+)$/.exec(chunk.name ?? '')?.[1];
    if (lang) catalogsOf.set(lang, key);
  }
  const memo = new Map<string, string>();
  return ({ chunk = null, lang = 'en', namespaces = [] }) => {
    const id = `${chunk}|${lang}|${namespaces.join(',')}`;
    let links = memo.get(id);
    if (links === undefined) {
      const files = new Set<string>();
      const source = chunk === null ? undefined : ROUTE_SOURCES[chunk];
      if (source) filesOf(source, files);
      for (const ns of namespaces) {
        if (ENTRY_CATALOGS.includes(`${lang}/${ns}`)) continue;
        // A catalog is a chunk of its own, or one of its language's (`catalogs-<lang>`, vite.config.ts).
        const key = `src/client/locales/${lang}/${ns}.json`;
        filesOf(manifest[key] ? key : (catalogsOf.get(lang) ?? key), files);
      }
      links = [...files]
        .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`)
        .join('\n    ');
      // A page's chunk, language and namespaces come from the renderer, not the request: few ids.
      if (memo.size < 256) memo.set(id, links);
    }
    return links;
  };
}
