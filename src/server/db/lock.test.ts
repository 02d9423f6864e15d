// The data folder is locked: a second server on the same DATA_DIR exits with a clear message, and
// SIGTERM closes the first one cleanly (lock released).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('DATA_DIR lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const c of started) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder and closes the first cleanly on SIGTERM', async () => {
    const first = startServer(dataDir);
    started.push(first.child);
    await waitFor(() => first.output().includes('Server listening'), 60_000);
    expect(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = startServer(dataDir);
    started.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another process (pid ${first.child.pid})`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  }, 120_000);
});
