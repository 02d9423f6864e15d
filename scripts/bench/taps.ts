// npm run bench:taps: does a tap made as soon as a control shows work? (decision 0904) Loads pages
// as a first visit on a slowed phone, taps each control once visible and reports what worked and
// how fast (docs/benchmarks.md keeps the table). Runs the end-to-end server, scripts/e2e-server.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, devices, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

// npm run bench:taps -- --runs 10 --only share,edit --cpu 4; --url <app> measures a running app
// (nothing is built), --no-build uses the build that is there.
const RUNS = Number(arg('runs', '10'));
const CPU = Number(arg('cpu', '4'));
const PORT = Number(arg('port', '4380'));
const ONLY = arg('only', '').split(',').filter(Boolean);
const RESULT_TIMEOUT_MS = 20_000;
const PLACE = '/discover/alldredge-orchards';
const PLACE_NAME = 'Alldredge Orchards';

interface Control {
  id: string;
  label: string;
  path: string;
  /** Waits until the control is visible, then taps (or types, or chooses) at once. */
  act(page: Page): Promise<void>;
  /** Resolves when what the control does has happened. */
  result(page: Page): Promise<unknown>;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor({ state: 'visible' });
const tapWhenVisible = async (locator: ReturnType<Page['locator']>) => {
  await locator.waitFor({ state: 'visible' });
  await locator.tap();
};
const urlHas = (page: Page, test: (url: URL) => boolean) =>
  page.waitForURL((url) => test(url), { waitUntil: 'commit' });

const CONTROLS: Control[] = [
  {
    id: 'share',
    label: 'Share',
    path: PLACE,
    act: (page) => tapWhenVisible(page.getByRole('button', { name: 'Share', exact: true })),
    result: (page) => dialog(page, 'SHARE THIS EVENT'),
  },
  {
    id: 'edit',
    label: 'Edit',
    path: PLACE,
    act: (page) => tapWhenVisible(page.getByRole('button', { name: 'Edit', exact: true })),
    result: (page) => page.getByRole('heading', { name: 'Edit location' }).waitFor({ state: 'visible' }),
  },
  {
    id: 'directions',
    label: 'the address (Get Directions)',
    path: PLACE,
    act: (page) => tapWhenVisible(page.getByRole('button', { name: /\(get directions\)$/ })),
    result: (page) => dialog(page, 'Get Directions'),
  },
  {
    id: 'add-place',
    label: 'Add Location (header), on a place page',
    path: PLACE,
    act: (page) => tapWhenVisible(page.getByTestId('add-location-button')),
    result: (page) => dialog(page, 'Add New Location'),
  },
  {
    id: 'report-place',
    label: 'Report Issue (header), on a place page',
    path: PLACE,
    act: (page) => tapWhenVisible(page.getByTestId('report-issue-button')),
    result: (page) => dialog(page, 'Report an Issue'),
  },
  {
    id: 'language-place',
    label: 'the language switch, on a place page',
    path: PLACE,
    act: async (page) => {
      await page.getByTestId('language-switch').waitFor({ state: 'visible' });
      await page.getByTestId('language-switch').selectOption('es');
    },
    result: (page) => page.getByRole('button', { name: 'Compartir', exact: true }).waitFor({ state: 'visible' }),
  },
  {
    id: 'add-home',
    label: 'Add Location (header), on Discover',
    path: '/',
    act: (page) => tapWhenVisible(page.getByTestId('add-location-button')),
    result: (page) => dialog(page, 'Add New Location'),
  },
  {
    id: 'report-home',
    label: 'Report Issue (header), on Discover',
    path: '/',
    act: (page) => tapWhenVisible(page.getByTestId('report-issue-button')),
    result: (page) => dialog(page, 'Report an Issue'),
  },
  {
    id: 'language-home',
    label: 'the language switch, on Discover',
    path: '/',
    act: async (page) => {
      await page.getByTestId('language-switch').waitFor({ state: 'visible' });
      await page.getByTestId('language-switch').selectOption('es');
    },
    result: (page) => page.getByRole('heading', { level: 1, name: 'Encuentra recursos verdes' }).waitFor(),
  },
  {
    id: 'search',
    label: 'Search with a typed word',
    path: '/',
    act: async (page) => {
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.waitFor({ state: 'visible' });
      await box.fill('orchard');
      await page.getByRole('button', { name: 'Search', exact: true }).tap();
    },
    result: async (page) => {
      await urlHas(page, (url) => url.searchParams.get('q') === 'orchard');
      await page.getByRole('button', { name: 'Remove filter: Search: orchard' }).waitFor({ state: 'visible' });
      await page.getByTestId('location-card').filter({ hasText: PLACE_NAME }).waitFor({ state: 'visible' });
    },
  },
  {
    id: 'category',
    label: 'a category (Filters, then Parks)',
    path: '/',
    act: async (page) => {
      await tapWhenVisible(page.getByRole('button', { name: /^Filters/ }));
      await page.getByLabel('Category').selectOption('park');
    },
    result: async (page) => {
      await urlHas(page, (url) => url.searchParams.get('category') === 'park');
      await page.getByRole('button', { name: 'Remove filter: Parks' }).waitFor({ state: 'visible' });
      await page.getByTestId('location-card').first().getByText('Park', { exact: true }).waitFor();
    },
  },
  {
    id: 'page',
    label: 'a page button (Page 2)',
    path: '/',
    act: (page) => tapWhenVisible(page.getByRole('link', { name: 'Page 2', exact: true })),
    result: async (page) => {
      await urlHas(page, (url) => url.searchParams.get('page') === '2');
      await page.locator('a[aria-current="page"]', { hasText: '2' }).waitFor({ state: 'visible' });
      await page
        .getByTestId('results-count')
        .filter({ hasText: /^3 - 4 of / })
        .waitFor({ state: 'visible' });
    },
  },
  {
    id: 'view',
    label: 'the view switch (Map)',
    path: '/',
    act: (page) => tapWhenVisible(page.getByRole('button', { name: 'Map', exact: true })),
    result: async (page) => {
      await urlHas(page, (url) => url.searchParams.get('view') === 'map');
      await page.locator('.leaflet-container').waitFor({ state: 'visible' });
    },
  },
  {
    id: 'card',
    label: 'a card (its name)',
    path: '/',
    act: (page) => tapWhenVisible(page.getByTestId('location-card').first().getByRole('link').first()),
    result: async (page) => {
      await urlHas(page, (url) => url.pathname.startsWith('/discover/'));
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Find Green Resources' }).waitFor();
    },
  },
];

/** Recorded in the page before its own scripts: when it went live, and whether the first tap,
 * change or keystroke came before that (kept in session storage, so a tap that navigates the
 * browser to a new page is still known). A string: the page runs it as written. */
const RECORDER = `(() => {
  const live = () => document.documentElement.getAttribute('data-hydrated') === 'true';
  const note = (type) => {
    if (sessionStorage.getItem('bench:firstInput')) return;
    sessionStorage.setItem('bench:firstInput', JSON.stringify({ type, live: live(), at: performance.now() }));
  };
  for (const type of ['click', 'change', 'input']) addEventListener(type, () => note(type), true);
})();`;

interface Outcome {
  worked: boolean;
  beforeLive: boolean | null;
  resultMs: number | null;
  error?: string;
}

async function once(browser: Browser, base: string, control: Control): Promise<Outcome> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  try {
    context.setDefaultTimeout(RESULT_TIMEOUT_MS);
    const page = await context.newPage();
    await page.addInitScript(RECORDER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.goto(base + control.path, { waitUntil: 'commit' });
    await control.act(page);
    const tappedAt = Date.now();
    await control.result(page);
    const resultMs = Date.now() - tappedAt;
    const first = await page.evaluate(() => sessionStorage.getItem('bench:firstInput'));
    return {
      worked: true,
      resultMs,
      beforeLive: first ? (JSON.parse(first) as { live: boolean }).live === false : null,
    };
  } catch (err) {
    if (process.argv.includes('--shots')) {
      const page = context.pages()[0];
      await page?.screenshot({ path: `/tmp/bench-taps-${control.id}-${Date.now()}.png` }).catch(() => undefined);
    }
    return { worked: false, beforeLive: null, resultMs: null, error: (err as Error).message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

async function startServer(): Promise<{ base: string; server: ChildProcess | null }> {
  const given = arg('url', '');
  if (given) return { base: given.replace(/\/$/, ''), server: null };
  // Its own server serves a fresh build (a running app is never rebuilt under its feet: --url).
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/e2e-server.ts')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(PORT), E2E_LOG_LEVEL: 'error' },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, server };
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`The app did not start on ${base}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

async function main() {
  const { base, server } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const controls = ONLY.length ? CONTROLS.filter((c) => ONLY.includes(c.id)) : CONTROLS;
  const rows: string[] = [];
  let failures = 0;
  try {
    for (const control of controls) {
      const outcomes: Outcome[] = [];
      for (let i = 0; i < RUNS; i++) outcomes.push(await once(browser, base, control));
      const worked = outcomes.filter((o) => o.worked);
      const early = worked.filter((o) => o.beforeLive).length;
      const ms = worked.map((o) => o.resultMs ?? 0);
      failures += outcomes.length - worked.length;
      const row = `| ${control.path === '/' ? '`/`' : 'place'} | ${control.label} | ${worked.length} of ${outcomes.length} | ${early} | ${
        ms.length ? `${median(ms)} ms (${Math.max(...ms)} ms)` : '–'
      } |`;
      rows.push(row);
      console.log(row);
      for (const o of outcomes) if (!o.worked) console.log(`    failed: ${o.error}`);
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
  console.log(
    `\nTaps at 390x844, CPU slowed ${CPU}x, ${RUNS} loads per control, each as soon as the control was visible:\n`,
  );
  console.log('| page | control | worked | of them before the page was live | tap to result, median (max) |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  process.exitCode = failures ? 1 : 0;
}

await main();
