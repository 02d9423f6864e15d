// npm start: build the client and its server renderer (dist/server, decision 0900), and the server
// itself (dist/app/main.js, decision 0508), when one is missing or older than its sources, then run
// the server. Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// Settings may come from a .env file beside package.json (see .env.example); real environment wins.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const built = path.join(root, 'dist/client/index.html');
const renderer = path.join(root, 'dist/server/entry-server.js');
const server = path.join(root, 'dist/app/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const newest = (...dirs) => Math.max(...dirs.map((d) => newestMtime(path.join(root, d))));
// public/ holds the app's icons, vite.config.ts its manifest (decision 0910).
const clientSources = Math.max(
  newest('src/client', 'src/shared', 'public'),
  ...['index.html', 'vite.config.ts'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
const serverSources = newest('src/server', 'src/shared');
const stale = (file, sources) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < sources;
if (stale(built, clientSources) || stale(renderer, clientSources)) {
  console.log('Building the client, its server renderer and the server…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else if (stale(server, serverSources)) {
  console.log('Building the server…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
// Production needs PUBLIC_URL (links are never built from a request's Host header). A fresh clone
// has none, so npm start serves http://localhost:PORT and says so (decision 0702).
if (process.env.NODE_ENV === 'production' && !process.env.PUBLIC_URL) {
  process.env.PUBLIC_URL = `http://localhost:${process.env.PORT || 3000}`;
  console.log(
    `PUBLIC_URL is not set: using ${process.env.PUBLIC_URL} for canonical links and the sitemap, and as ` +
      'the origin whose pages may save changes (127.0.0.1 and [::1] on that port too; decision 0709). ' +
      'Set PUBLIC_URL to the public https:// origin before serving real visitors.',
  );
}
// On Linux the server runs in a child process started with MALLOC_ARENA_MAX=2 unless the
// environment sets it (decision 0508): glibc reads it only as a process starts, and its default of
// up to eight allocation arenas per core let the threads compressing pages keep about 60 MB more
// resident at 100,000 places. The data folder's lock names that process, the server.
if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    // The channel tells the server when this process is gone (main.ts), even after kill -9.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  // Ctrl-C reaches both processes; a service manager's signal may reach only this one.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import(pathToFileURL(server).href);
}
