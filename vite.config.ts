import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The client build lands in dist/client, which the Fastify server serves (src/server/plugins/pages.ts);
// the server renderer (`vite build --ssr src/client/entry-server.tsx`) in dist/server, which
// src/server/plugins/ssr.ts loads (decision 0900).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [installableApp()])],
  build: {
    // VITE_OUT_DIR / VITE_SSR_OUT_DIR let parallel builds (several developers' e2e runs) keep apart.
    outDir: isSsrBuild ? (process.env.VITE_SSR_OUT_DIR ?? 'dist/server') : (process.env.VITE_OUT_DIR ?? 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest tells the server which files a rendered page's route needs, to name them in its
    // head (src/server/pages/route-preloads.ts); every browser we serve knows modulepreload.
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // Discover's first load is one file (docs/benchmarks.md, Discover page bundle; decision 0903):
    // every module the entry imports statically ('$initial') goes into the entry chunk. Left to
    // itself the bundler split them into a dozen small shared chunks (React, i18next, the English
    // catalogs, constants …), each preloaded and compressed on its own, about 4 KiB more gzip.
    // What is imported dynamically comes in few files (decision 0914): on a phone's connection each
    // file beyond the browser's six at a time waits a whole round trip. The small pieces pages share
    // (dialogs, tabs, icons, queries, share and follow) are one chunk, and the catalogs a language
    // fetches when first used are one per language, which the server names with a page's scripts
    // (src/server/pages/route-preloads.ts). The rest, large or used alone (the map, forms, the
    // administrator's pages), gets chunks of its own. With the catalogs grouped, the bundler keeps
    // its runtime helpers (0.7 KB) in a file of their own beside the entry, preloaded with it.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial' as const] },
                {
                  name: 'shared',
                  minShareCount: 2,
                  test: /node_modules\/(@radix-ui|@tanstack|lucide-react)\/|src\/client\/(components\/ui|features\/(share|follow)|lib\/location-queries)\b/,
                },
                {
                  name: (id: string) => `catalogs-${/\/locales\/([a-z]+)\//.exec(id)?.[1]}`,
                  test: /\/locales\/[a-z]+\/[^/]+\.json$/,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sitemap.xml': 'http://127.0.0.1:3000',
    },
  },
}));

/** The web app manifest and the service worker (decision 0910): src/client/pwa/sw.ts
 * bundled into sw.js with the list of files to precache; the page registers it itself
 * (src/client/app/offline-status.tsx), after the first load. */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client/pwa',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'KC Green Directory',
      short_name: 'KC Green',
      description:
        'Find farmers markets, local farmers, community gardens, parks and green resources throughout Kansas City.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#166534',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The hashed files, the shell and the icons; never the pre-compressed copies beside them.
      // (The manifest is added by the plugin.) The administrator's code is left to the network.
      globPatterns: ['assets/**/*.{js,css}', 'index.html', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['**/*.br', '**/*.gz', 'assets/admin-*', 'assets/bulk-import-*'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Vite already puts a content hash in every file under assets/: no revision parameter needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
  });
}
