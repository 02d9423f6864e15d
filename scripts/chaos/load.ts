// Load proof (docs/reliability.md): the real server on a seeded embedded database, 100 connections
// of mixed reads and writes while a health check runs; passes with no 5xx or socket error and every
// check 200. npm run chaos:load (CHAOS_SECONDS=10 for a short run; needs npm run build).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CHAOS_CONNECTIONS ?? 100);
const log = (...a: unknown[]) => console.log('[load]', ...a);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-load-'));
  const port = 4900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  // The server as npm start runs it: compiled by npm run build, which test:chaos runs first.
  const child = spawn(process.execPath, ['dist/app/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED: 'true',
      LOG_LEVEL: 'warn',
      // No geocoder is reachable here: places are written without an address.
      GEOCODER_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverErr = '';
  child.stderr?.on('data', (d) => {
    serverErr += d;
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error(`the server did not start: ${serverErr.slice(-2000)}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const list = (await (await fetch(`${base}/api/locations?limit=20`)).json()) as { slug: string }[];
    const slugs = list.map((l) => l.slug);
    const words = ['garden', 'market', 'farm', 'park', 'compost', 'bee', 'orchard', 'jardin', 'kc', 'river'];
    let n = 0;
    const next = () => n++;
    const requests = [
      {
        setupRequest: (r: object) => ({
          ...r,
          path: `/api/locations?search=${words[next() % words.length]}&page=1&limit=3`,
        }),
      },
      { setupRequest: (r: object) => ({ ...r, path: `/api/locations/map?category=all` }) },
      { setupRequest: (r: object) => ({ ...r, path: `/discover/${slugs[next() % slugs.length]}` }) },
      { setupRequest: (r: object) => ({ ...r, path: '/about' }) },
      {
        setupRequest: (r: object) => ({
          ...r,
          method: 'POST',
          path: '/api/locations',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Load test place ${next()}`, category: 'resource' }),
        }),
      },
      { setupRequest: (r: object) => ({ ...r, method: 'GET', path: '/api/tags' }) },
    ];

    // Health checks throughout: each must be answered 200.
    const health = { ok: 0, failed: 0, worstMs: 0 };
    let loading = true;
    const checker = (async () => {
      while (loading) {
        const t = Date.now();
        const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.status === 200,
          () => false,
        );
        health.worstMs = Math.max(health.worstMs, Date.now() - t);
        if (ok) health.ok++;
        else health.failed++;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    const statuses: Record<string, number> = {};
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: base, connections: CONNECTIONS, duration: SECONDS, timeout: 30, requests },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_c: unknown, status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    });
    loading = false;
    await checker;

    const bad = Object.entries(statuses).filter(([s]) => !/^(2\d\d|304|429)$/.test(s));
    const summary = [
      `${CONNECTIONS} connections x ${SECONDS} s: ${result.requests.total} requests (${Math.round(result.requests.average)}/s),`,
      `statuses ${JSON.stringify(statuses)}, socket errors ${result.errors}, timeouts ${result.timeouts};`,
      `health checks ${health.ok} ok, ${health.failed} failed, slowest ${health.worstMs} ms`,
    ].join(' ');
    log(summary);
    if (bad.length || result.errors || result.timeouts || health.failed)
      throw new Error(`unexpected answers under load: ${JSON.stringify(bad)}; ${serverErr.slice(-2000)}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
