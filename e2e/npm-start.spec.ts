// `npm start` as an operator runs it (scripts/start.mjs, decision 0508): on Linux the compiled
// server runs in a child with MALLOC_ARENA_MAX=2, serves pages, and ends with its parent, even on
// SIGKILL, so nothing keeps the data folder after it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, isPhone, test } from './support/fixtures';

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

test('npm start runs the compiled server in its own process, which ends with npm start', async ({ page }) => {
  test.skip(isPhone(page) || process.platform !== 'linux', 'one run is enough; the child process is Linux only');
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-npm-start-'));
  const port = 4600 + Math.floor(Math.random() * 200);
  let starter: ChildProcess | undefined;
  try {
    starter = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        MALLOC_ARENA_MAX: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    starter.stdout!.on('data', (d) => {
      output += d;
    });
    starter.stderr!.on('data', (d) => {
      output += d;
    });
    await expect.poll(() => output, { timeout: 60_000 }).toContain('Server listening');

    // The lock names the server: a process of its own, running the bundle, with the arena limit.
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8')) as { pid: number };
    expect(owner.pid).not.toBe(starter.pid);
    expect(fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8')).toContain('dist/app/main.js');
    expect(fs.readFileSync(`/proc/${owner.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');

    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    starter.kill('SIGKILL');
    // Generous: on a loaded machine (CI's two e2e workers) the server has taken over 30 s to notice
    // its parent is gone and close what it had started.
    await expect
      .poll(() => alive(owner.pid), { timeout: 60_000 })
      .toBe(false)
      .catch((err: Error) => {
        // The server's last lines say which stage of closing it was in.
        throw new Error(`${err.message}\nserver output:\n${output.slice(-3000)}`);
      });
    expect(output).toContain('npm start ended: closing');
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  } finally {
    starter?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
