// The attacker's run (docs/reliability.md, "Abuse"): the real server as npm start runs it, on
// loopback, every attack of scenarios.ts from its own 127.0.0.x address; fails unless all held.
// npm run test:abuse (builds first); npm run test:abuse:short (CI: a shorter geocoder phase).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGeocoder } from '../../e2e/fakes/fake-geocoder.js';
import { makeClient } from './client.js';
import { ALL, type Check } from './scenarios.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const short = process.env.ABUSE_SHORT === '1';
const ADMIN = { username: 'abuse-admin', password: 'abuse admin password' };

async function startServer(dataDir: string, port: number, geocoderUrl: string) {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/app/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '1',
      TRUST_PROXY: '',
      TRUSTED_NETWORKS: '',
      GEOCODER_URL: geocoderUrl,
      TRANSLATE_URL: 'http://127.0.0.1:9',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${log.slice(-2000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    // Searches are answered by the index once it is built: wait for it, as a person arriving later would.
    if (ok && log.includes('Search index built')) return { child, log: () => log };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start within 120 s: ${log.slice(-2000)}`);
}

async function main() {
  // The short form runs after npm test's build; on its own it builds what is missing.
  if (
    !fs.existsSync(path.join(root, 'dist/app/main.js')) ||
    !fs.existsSync(path.join(root, 'dist/client/index.html'))
  ) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-abuse-'));
  const port = 4700 + Math.floor(Math.random() * 200);
  const geocoder = await startFakeGeocoder(0);
  const { child, log } = await startServer(dataDir, port, geocoder.url);
  const call = makeClient(port);
  let cookie: string | null = null;
  const adminCookie = async () => {
    if (cookie) return cookie;
    const res = await call('POST', '/api/admin/login', { from: '127.0.0.9', body: ADMIN });
    const set = String(res.headers['set-cookie'] ?? '');
    cookie = /kc_admin=[^;]+/.exec(set)?.[0] ?? '';
    if (!cookie) throw new Error(`admin sign-in failed: ${res.status} ${res.text}`);
    return cookie;
  };
  const rows: { scenario: string; check: Check; ms: number }[] = [];
  try {
    for (const scenario of ALL) {
      const started = Date.now();
      let checks: Check[];
      try {
        checks = await scenario.run({ call, dataDir, adminCookie, serverLog: log, short });
      } catch (err) {
        checks = [{ what: 'ran to the end', ok: false, detail: String(err) }];
      }
      const ms = Date.now() - started;
      for (const check of checks) rows.push({ scenario: scenario.name, check, ms });
      console.log(`[abuse] ${scenario.name}: ${checks.every((c) => c.ok) ? 'held' : 'FAILED'} (${ms} ms)`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    geocoder.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| attack | check | result | figures |\n|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.scenario} | ${r.check.what} | ${r.check.ok ? 'held' : '**failed**'} | ${r.check.detail} |`);
  const failed = rows.filter((r) => !r.check.ok);
  if (failed.length) {
    console.error(`\n${failed.length} check(s) failed`);
    process.exit(1);
  }
  console.log(`\nEvery check held (${rows.length}).`);
}

await main();
