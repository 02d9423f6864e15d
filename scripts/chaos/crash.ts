// Crash proof (docs/reliability.md): the server on the embedded database killed with SIGKILL while
// writers add places, and restarted, CHAOS_CYCLES times (default 20); every place answered 2xx must
// remain and every restart succeed. npm run chaos:crash (CHAOS_CYCLES=3 for a short run).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/connect.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CYCLES = Number(process.env.CHAOS_CYCLES ?? 20);
const WRITERS = 8;
const log = (...a: unknown[]) => console.log('[crash]', ...a);

function startServer(
  dataDir: string,
  port: number,
): { child: ChildProcess; ready: Promise<void>; exited: Promise<unknown> } {
  // The server as npm start runs it: compiled by npm run build, which test:chaos runs first.
  const child = spawn(process.execPath, ['dist/app/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      // This run measures durability, not the per-client limits: all writers share one address.
      RATE_LIMIT_SCALE: '10000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Listened for at once: a child that is gone before anyone waits would otherwise never "exit".
  const exited = new Promise((r) => child.once('exit', r));
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${err.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not answer within 60 s: ${err.slice(-2000)}`);
  })();
  return { child, ready, exited };
}

/** Adds places until `stop` says so; returns the names of those answered 2xx. */
async function writer(port: number, cycle: number, n: number, stop: { now: boolean }): Promise<string[]> {
  const acked: string[] = [];
  for (let i = 0; !stop.now; i++) {
    const name = `Crash test c${cycle} w${n} #${i}`;
    const res = await fetch(`http://127.0.0.1:${port}/api/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, category: 'resource', description: `<p>written in cycle ${cycle}</p>` }),
    }).catch(() => null);
    if (res?.ok) acked.push(name);
    else if (res && res.status < 500 && res.status !== 429)
      throw new Error(`a write was refused: ${res.status} ${await res.text()}`);
    else if (!res) break; // the server is gone
  }
  return acked;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-crash-'));
  const port = 4600 + Math.floor(Math.random() * 300);
  const acked: string[] = [];
  let restarts = 0;
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = startServer(dataDir, port);
      await server.ready;
      if (cycle > 0) restarts++;
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, (_, n) => writer(port, cycle, n, stop));
      // Kill at a moment the writers cannot predict: 0.5 to 2.5 s into the cycle.
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 2000));
      server.child.kill('SIGKILL');
      stop.now = true;
      const got = (await Promise.all(writers)).flat();
      acked.push(...got);
      await server.exited;
      log(`cycle ${cycle + 1}/${CYCLES}: ${got.length} writes acknowledged before SIGKILL`);
    }
    // A last clean start proves the folder still opens, then the rows are read directly.
    const last = startServer(dataDir, port);
    await last.ready;
    restarts++;
    last.child.kill('SIGTERM');
    await last.exited;
    const database = await openDatabase({ dataDir });
    const rows = (await database.db.execute(
      sql`select name from locations where name like 'Crash test %'`,
    )) as unknown as {
      rows: { name: string }[];
    };
    await database.close();
    const stored = new Set(rows.rows.map((r) => r.name));
    const lost = acked.filter((name) => !stored.has(name));
    const summary = `${CYCLES} SIGKILL cycles, ${restarts} restarts, all succeeded; ${acked.length} acknowledged writes, ${lost.length} lost`;
    log(summary);
    if (lost.length) throw new Error(`lost acknowledged writes: ${lost.slice(0, 10).join(', ')}`);
  } finally {
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
