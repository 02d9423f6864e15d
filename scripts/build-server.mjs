// Compiles the server into one file, dist/app/main.js, which npm start runs (decision 0508);
// packages stay in node_modules. `--bench` compiles the benchmark's process the same way
// (dist/bench/run.js), so the server measured runs as npm start runs it.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const bench = process.argv.includes('--bench');

await build({
  absWorkingDir: root,
  // The benchmark's seeding and load generator are processes of their own, run from their sources.
  entryPoints: [bench ? 'scripts/bench/run.ts' : 'src/server/main.ts'],
  outdir: bench ? 'dist/bench' : 'dist/app',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // A separate map: node --enable-source-maps reads it when a stack trace should name the sources;
  // otherwise it costs the running server nothing.
  sourcemap: 'linked',
  logLevel: 'warning',
});
