// No dead taps (decision 0904): a control of a server-rendered page works on the first tap, opened
// without waiting for it to be live, CPU slowed 4x, tapped as soon as it shows. One test holds back
// the app's own script until after the tap, to make "before it is live" certain.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect as baseExpect, COOKIE_CONSENT_KEY, expectNoAxeViolations, isPhone, test } from './support/fixtures';

const ENTRY = /\/assets\/index-[^/]+\.js$/;

const TEXTS = {
  en: {
    share: 'Share',
    shareTitle: 'SHARE THIS EVENT',
    edit: 'Edit',
    editHeading: 'Edit location',
    directions: /\(get directions\)$/,
    directionsTitle: 'Get Directions',
    add: 'Add Location',
    addTitle: 'Add New Location',
  },
  es: {
    share: 'Compartir',
    shareTitle: 'COMPARTIR ESTE EVENTO',
    edit: 'Editar',
    editHeading: 'Editar el lugar',
    directions: /\(cómo llegar\)$/,
    directionsTitle: 'Cómo llegar',
    add: 'Agregar lugar',
    addTitle: 'Agregar nuevo lugar',
  },
} as const;
type Lang = keyof typeof TEXTS;

/** A tab of the test's context that goes to a URL without waiting for anything, the CPU slowed 4x. */
async function rawTab(context: BrowserContext, lang: Lang): Promise<Page> {
  // The cookie choice made, as the fixture's page has it (its cookie is the context's already).
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [COOKIE_CONSENT_KEY, JSON.stringify({ essential: true, preferences: true, decidedAt: new Date().toISOString() })],
  );
  if (lang === 'es') {
    // The language kept in the browser and in its cookie: the server renders in Spanish (decision 0900).
    await context.addInitScript(() => localStorage.setItem('language', 'es'));
    await context.addCookies([{ name: 'lang', value: 'es', url: test.info().project.use.baseURL! }]);
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return tab;
}

// With the CPU slowed 4x the app takes seconds to be live, and many more on a busy machine (a CI
// run's other tests): every wait here gets this long, and every test three times the usual time.
const expect = baseExpect.configure({ timeout: 40_000 });
test.beforeEach(() => test.slow());

const tapOrClick = (tab: Page, locator: ReturnType<Page['locator']>) =>
  isPhone(tab) ? locator.tap() : locator.click();

const isLive = (tab: Page) => tab.evaluate(() => document.documentElement.dataset.hydrated === 'true');

for (const lang of ['en', 'es'] as const) {
  const t = TEXTS[lang];

  test(`${lang}: Share and Edit tapped before the page is live still open, the app's script held back`, async ({
    page,
    api,
  }) => {
    const place = await api.createLocation({
      name: `Early Tap Farm ${lang} ${Date.now()}`,
      category: 'local-farmer',
      address: '12 Early Rd, Kansas City, MO 64106',
      description: 'A farm for early taps.',
    });
    for (const control of ['share', 'edit'] as const) {
      const tab = await rawTab(page.context(), lang);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await tab.route(ENTRY, async (route: Route) => {
        await held;
        await route.continue();
      });
      await tab.goto(`/discover/${place.slug}`, { waitUntil: 'commit' });
      const button = tab.getByRole('button', { name: t[control], exact: true });
      await expect(button).toBeVisible();
      await tapOrClick(tab, button);
      // Heard, and shown to be: the control is busy until the app acts on it.
      await expect(button).toHaveAttribute('aria-busy', 'true');
      expect(await isLive(tab)).toBe(false);
      release();
      if (control === 'share') {
        await expect(tab.getByRole('dialog', { name: t.shareTitle })).toBeVisible();
      } else {
        await expect(tab.getByRole('heading', { name: t.editHeading })).toBeVisible();
      }
      await expect(tab.locator('[data-early-kept]')).toHaveCount(0);
      if (control === 'share') {
        await tab.keyboard.press('Escape');
        // Focus returns to the control that opened it (decision 0601), as after any tap.
        await expect(button).toBeFocused();
        await expectNoAxeViolations(tab);
      }
      await tab.close();
    }
  });

  test(`${lang}: with the CPU slowed 4x, the first tap on Share, Edit, the address and Add Location works`, async ({
    page,
    api,
  }) => {
    const place = await api.createLocation({
      name: `Slow Tap Farm ${lang} ${Date.now()}`,
      category: 'local-farmer',
      address: '14 Early Rd, Kansas City, MO 64106',
    });
    const cases = [
      { name: t.share, result: (tab: Page) => tab.getByRole('dialog', { name: t.shareTitle }) },
      { name: t.edit, result: (tab: Page) => tab.getByRole('heading', { name: t.editHeading }) },
      { name: t.directions, result: (tab: Page) => tab.getByRole('dialog', { name: t.directionsTitle }) },
      { name: t.add, result: (tab: Page) => tab.getByRole('dialog', { name: t.addTitle }) },
    ];
    for (const c of cases) {
      const tab = await rawTab(page.context(), lang);
      await tab.goto(`/discover/${place.slug}`, { waitUntil: 'commit' });
      const control = tab.getByRole('button', { name: c.name, exact: typeof c.name === 'string' });
      await expect(control).toBeVisible();
      await tapOrClick(tab, control);
      await expect(c.result(tab)).toBeVisible();
      await tab.close();
    }
  });
}

test('a language chosen before the page is live is the language it switches to', async ({ page }) => {
  const tab = await rawTab(page.context(), 'en');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await tab.route(ENTRY, async (route: Route) => {
    await held;
    await route.continue();
  });
  await tab.goto('/', { waitUntil: 'commit' });
  await tab.getByRole('combobox', { name: 'Language' }).selectOption('es');
  expect(await isLive(tab)).toBe(false);
  release();
  await expect(tab.getByRole('heading', { level: 1, name: 'Encuentra recursos verdes' })).toBeVisible();
  await expect(tab.locator('html')).toHaveAttribute('lang', 'es');
});

test("a page whose own file cannot be fetched still goes live: the header's buttons answer", async ({ page }) => {
  const tab = await rawTab(page.context(), 'en');
  await tab.route(/\/assets\/about-page-[^/]*\.js$/, (route) => route.abort());
  await tab.goto('/about', { waitUntil: 'commit' });
  await expect(tab.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded' })).toBeVisible();
  await tab.getByRole('button', { name: 'Report Issue' }).click();
  await expect(tab.getByRole('dialog', { name: 'Report an Issue' })).toBeVisible();
  await expect(tab.locator('[data-early-kept]')).toHaveCount(0);
});

test('on Discover, a word typed and the view switched before the page is live are both acted on', async ({ page }) => {
  const tab = await rawTab(page.context(), 'en');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await tab.route(ENTRY, async (route: Route) => {
    await held;
    await route.continue();
  });
  await tab.goto('/', { waitUntil: 'commit' });
  await tab.getByRole('searchbox', { name: 'Search' }).fill('orchard');
  const map = tab.getByRole('button', { name: 'Map', exact: true });
  await tapOrClick(tab, map);
  await expect(map).toHaveAttribute('aria-busy', 'true');
  expect(await isLive(tab)).toBe(false);
  release();
  await expect(map).toHaveAttribute('aria-pressed', 'true');
  await expect(tab.locator('.leaflet-container')).toBeVisible();
  // The typed word reached the app: the search follows it (300 ms after typing, decision 0201).
  await expect(tab).toHaveURL(/[?&]q=orchard/);
  await expect(tab).toHaveURL(/[?&]view=map/);
  await expect(tab.getByRole('button', { name: 'Remove filter: Search: orchard' })).toBeVisible();
});
