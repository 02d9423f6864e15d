import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client build lands in dist/client, which the Fastify server serves (src/server/plugins/pages.ts);
// the server renderer (`vite build --ssr src/client/entry-server.tsx`) in dist/server, which
// src/server/plugins/ssr.ts loads (decision 0900).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    // VITE_OUT_DIR / VITE_SSR_OUT_DIR let parallel builds (several developers' e2e runs) keep apart.
    outDir: isSsrBuild ? (process.env.VITE_SSR_OUT_DIR ?? 'dist/server') : (process.env.VITE_OUT_DIR ?? 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Discover's first load is one file (docs/benchmarks.md, Discover page bundle; decision 0903):
    // every module the entry imports statically ('$initial') goes into the entry chunk. Left to
    // itself the bundler split them into a dozen small shared chunks (React, i18next, the English
    // catalogs, constants …), each preloaded and compressed on its own, about 4 KiB more gzip.
    // Everything imported dynamically still gets chunks of its own.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial' as const] }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sitemap.xml': 'http://127.0.0.1:3000',
    },
  },
}));
