// After `vite build`: write .br and .gz beside every text asset of the client build, which
// @fastify/static serves to browsers that accept them (preCompressed). Pre-compressing once at
// build time costs nothing per request and cuts the JavaScript sent to phones by about 70 %.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { transformSync } from 'esbuild';

const dir = path.resolve(process.argv[2] ?? process.env.VITE_OUT_DIR ?? 'dist/client');

// public/early-input.js is copied as written, comments and all; every page carries it inline
// (decision 0904), so the build's copy is minified first (9 KB -> about 3.5 KB).
const earlyInput = path.join(dir, 'early-input.js');
if (fs.existsSync(earlyInput)) {
  const { code } = transformSync(fs.readFileSync(earlyInput, 'utf8'), { minify: true, target: 'es2015' });
  fs.writeFileSync(earlyInput, code.trim());
}
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|map)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (TEXT.test(entry.name) && fs.statSync(p).size > 1024) {
      const data = fs.readFileSync(p);
      const br = zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      fs.writeFileSync(`${p}.br`, br);
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}
walk(dir);
console.log(
  `compressed ${files} assets in ${dir}: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`,
);
