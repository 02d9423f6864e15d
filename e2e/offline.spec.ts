// Installable and offline (decision 0910), at both sizes: saved places and searches read offline
// with their note, offline writes keep what was typed, pages come from the network while it
// answers, admin pages and API writes are never stored, and Chromium finds the site installable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { asAuthor, expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

// The service worker is blocked in the other specs (playwright.config.ts); here it is the subject.
test.use({ serviceWorkers: 'allow' });
fs.mkdirSync('/tmp/shots-offline', { recursive: true });
test.describe.configure({ timeout: 120_000 });

const NOTE_EN = /^Offline — saved copy from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/;
const NOTE_ES = /^Sin conexión — copia guardada del \d{1,2} [a-z]{3,4}\.? \d{4}/;
const NEEDS_CONNECTION =
  'You are offline: this needs a connection. Everything you typed is still here; try again once you are back online.';

const note = (page: Page) => page.getByTestId('offline-status');
const toast = (page: Page) => page.getByTestId('toast');

/** The first visit installs the service worker (after the page has loaded); wait until it controls
 * the page, its precache complete. */
async function installed(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
}

async function offline(context: BrowserContext) {
  await context.setOffline(true);
}

test('an opened place and the last search read offline, marked as a saved copy', async ({ page, context, api }) => {
  const word = uniqueName('Lantern').replace(/\s+/g, '');
  const place = await api.createLocation({
    name: `${word} Pantry`,
    category: 'resource',
    description: 'Free groceries on Saturdays.',
    address: '100 Main St, Kansas City, MO 64105',
    phone: '816-555-0142',
  });
  await page.goto('/');
  await installed(page);

  // Online: search, then open the place from the results (both in the app, no page load).
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const card = page.getByTestId('location-card').filter({ hasText: place.name });
  await expect(card).toBeVisible();
  await expect(note(page)).toBeEmpty();
  const searchUrl = page.url();
  await card.getByRole('link', { name: place.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/discover/${place.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

  await offline(context);
  // The place, opened afresh: the shell renders it from its saved read.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(page.getByText('816-555-0142').first()).toBeVisible();
  await expect(note(page)).toHaveText(NOTE_EN);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `/tmp/shots-offline/place-${isPhone(page) ? 'phone' : 'desktop'}.png` });

  // The last search, opened afresh.
  await page.goto(searchUrl);
  await expect(page.getByTestId('location-card').filter({ hasText: place.name })).toBeVisible();
  await expect(page.getByTestId('results-count')).toHaveText(/^1 - 1 of 1 Results/);
  await expect(note(page)).toHaveText(NOTE_EN);

  // A page never opened: the shell says nothing of it was saved.
  await page.goto('/terms');
  await expect(note(page)).toHaveText(/^Offline — this page was not saved for reading offline\./);

  // Back online: pages come from the network again, the note goes.
  await context.setOffline(false);
  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(note(page)).toBeEmpty();
});

test('a page loaded as a whole is kept too, and the note reads in Spanish', async ({ page, context, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Huerto Guardado'),
    category: 'community-garden',
    address: '200 Main St, Kansas City, MO 64105',
  });
  await page.goto('/');
  await installed(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // Loaded as a page (the server renders it in Spanish): the page itself is the saved copy.
  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

  await offline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(note(page)).toHaveText(NOTE_ES);
  await expectNoAxeViolations(page);
});

test('writes offline say they need a connection and keep what was typed', async ({ page, context, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Offline Edit'),
    category: 'park',
    address: '300 Main St, Kansas City, MO 64105',
  });
  await page.goto(`/discover/${place.slug}`);
  await installed(page);
  // The edit form's files are fetched once online (they are precached as well).
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${place.name}` });
  await expect(form).toBeVisible();

  await offline(context);
  await form.getByLabel(/^Name/).fill(`${place.name} renamed`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue(`${place.name} renamed`);
  await expect(form).toBeVisible();

  // Adding a place: the dialog stays open with everything typed.
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  const name = uniqueName('Offline Add');
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Category/).selectOption('resource');
  await dialog.getByLabel(/^Description/).fill('Typed while offline.');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(toast(page).filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(name);
  await expect(dialog.getByLabel(/^Description/)).toHaveValue('Typed while offline.');

  // Back online, the same button sends what was kept.
  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(toast(page).filter({ hasText: 'Location added successfully!' })).toBeVisible();
  const res = await page.request.get(`/api/locations?${new URLSearchParams({ search: name })}`, await asAuthor(page));
  expect(((await res.json()) as Array<{ name: string }>).map((l) => l.name)).toContain(name);
});

test('creating a tag and sending a report offline say they need a connection and keep what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await installed(page);
  await offline(context);

  // A tag, from the add dialog's Manage Tags.
  await page.getByRole('button', { name: 'Add Location' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Location' });
  await add.getByRole('button', { name: 'Manage Tags' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Tags' });
  const tag = uniqueName('Offline tag');
  await manage.getByLabel('New tag name').fill(tag);
  await manage.getByRole('button', { name: 'Create Tag' }).click();
  await expect(toast(page).filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  await expect(manage.getByLabel('New tag name')).toHaveValue(tag);
  // (Escape would first dismiss the toast, decision 0302: the dialogs' own close buttons.)
  await manage.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(manage).toBeHidden();
  await add.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(add).toBeHidden();

  // A report: through its two steps, then Submit.
  await page.getByTestId('report-issue-button').click();
  const report = page.getByRole('dialog');
  await report.getByRole('radio', { name: 'Outdated information' }).check();
  await report.getByRole('button', { name: 'Continue' }).click();
  if (!isPhone(page)) await page.locator('main h1').first().click();
  await expect(report.getByRole('heading', { name: 'Review Your Report' })).toBeVisible({ timeout: 20_000 });
  await report.getByLabel('Additional notes (optional)').fill('The hours changed in spring');
  await report.getByRole('button', { name: 'Submit Report' }).click();
  await expect(toast(page).filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  await expect(report.getByLabel('Additional notes (optional)')).toHaveValue('The hours changed in spring');
});

test('pages come from the network while it answers; admin pages, writes and no-store answers are never stored', async ({
  page,
  api,
}) => {
  const place = await api.createLocation({
    name: uniqueName('Fresh Copy'),
    category: 'park',
    address: '400 Main St, Kansas City, MO 64105',
  });
  await page.goto(`/discover/${place.slug}`);
  await installed(page);
  await page.reload(); // now stored
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

  // Changed on the server (a new version of the page): the next load shows it, not the stored copy.
  const renamed = `${place.name} Renamed`;
  const patch = await page.request.patch(`/api/locations/${place.id}`, {
    data: { name: renamed, category: 'park', address: '400 Main St, Kansas City, MO 64105' },
  });
  expect(patch.ok(), await patch.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // The administrator's sign-in page and a write from the page.
  await page.goto('/admin');
  await page.evaluate(() =>
    fetch('/api/visitors/record', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId: 'sw-test' }),
    }),
  );
  await page.evaluate(() => fetch('/api/admin/session').catch(() => undefined));
  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(`${req.method} ${new URL(req.url).pathname}`);
    }
    return urls;
  });
  expect(stored).toContain(`GET /discover/${place.slug}`);
  expect(stored.filter((u) => /\/admin|^(?!GET)/.test(u))).toEqual([]);
  expect(stored.filter((u) => u.includes('/api/visitors/record'))).toEqual([]);
});

test('Chromium finds the site installable', async ({ playwright, baseURL }, testInfo) => {
  // Installability is judged only outside incognito: a profile of its own on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    viewport: testInfo.project.use.viewport,
    serviceWorkers: 'allow',
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await installed(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'KC Green Directory', display: 'standalone' });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
