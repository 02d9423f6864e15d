// The app shell: header, skip link and shortcuts, visitor total, static pages, 404,
// cookie consent (banner and dialog), light theme and the toast viewport.
import type { Page } from '@playwright/test';
import { COOKIE_CONSENT_KEY, expect, expectNoAxeViolations, isPhone, test } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/shots-shell';
// Fixed layers (banner, dialog) are shot as the visitor sees them, pages in full.
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage });

const usDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);
const esDate = (d: Date) =>
  new Intl.DateTimeFormat('es', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

// Page code loads on demand; on a busy CI machine the first paint can take a while.
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  return response;
}

const storedConsent = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), COOKIE_CONSENT_KEY);

test.describe('header', () => {
  test('shows the home link, the actions and the visitor total, with accessible names', async ({ page }) => {
    await open(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const home = nav.getByRole('link', { name: 'KC Green Directory home' });
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute('href', '/');
    await expect(nav.getByRole('button', { name: 'Report Issue' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Add Location' })).toBeVisible();
    await expect(nav.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(page.getByTestId('visitor-count')).toHaveText(/^\d+ total visitors?$/);
    // Every header control is at least 24x24 px.
    for (const control of await nav.locator('a, button, select').all()) {
      const box = await control.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    await expectNoHorizontalScroll(page);
    if (isPhone(page)) {
      // Icon-only at phone width, yet still named by their text.
      await expect(nav.getByText('Report Issue')).toHaveClass(/sr-only/);
    }
    await page.getByRole('banner').screenshot({ path: `${SHOTS}/header-${test.info().project.name}.png` });

    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible();
  });

  test('Report Issue opens the report dialog from the header', async ({ page }) => {
    await open(page, '/about');
    await page.getByRole('button', { name: 'Report Issue' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the skip link is the first Tab stop and moves focus to the main content', async ({ page }) => {
    await open(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute('href', '#main-content');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('Alt+1 focuses the main content and Alt+2 the first navigation link, announced politely', async ({ page }) => {
    await open(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Alt+1');
    await expect(page.locator('main#main-content')).toBeFocused();
    await expect(page.locator('#announcer-polite')).toHaveText('Moved to main content');
    await expect(page.locator('#announcer-polite')).toHaveAttribute('aria-live', 'polite');

    await page.keyboard.press('Alt+2');
    await expect(page.getByRole('link', { name: 'KC Green Directory home' })).toBeFocused();
    await expect(page.locator('#announcer-polite')).toHaveText('Moved to navigation');
  });
});

test.describe('visitor total', () => {
  test('grows when a new browser session visits', async ({ page, browser, request }) => {
    await open(page, '/about');
    await expect(page.getByTestId('visitor-count')).toHaveText(/^\d+ total visitors?$/);
    const before = ((await (await request.get('/api/visitors/total')).json()) as { totalVisitors: number })
      .totalVisitors;

    // A visitor from another network group (an IPv6 /64 of its own for each run): one group adds
    // one visitor a day (decision 0712).
    const group = () => Math.floor(Math.random() * 0x10000).toString(16);
    const other = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `2001:db8:${group()}:${group()}::1` },
    });
    const stranger = await other.newPage();
    await stranger.goto('/about');
    await expect(stranger.getByTestId('visitor-count')).toHaveText(/^\d+ total visitors?$/, { timeout: 30_000 });
    await expect
      .poll(
        async () =>
          ((await (await request.get('/api/visitors/total')).json()) as { totalVisitors: number }).totalVisitors,
      )
      .toBeGreaterThanOrEqual(before + 1);
    await other.close();

    // The header shows the API's number ('N total visitors').
    await page.reload();
    await expect(page.getByTestId('visitor-count')).toHaveText(/^\d+ total visitors$/);
    const after = ((await (await request.get('/api/visitors/total')).json()) as { totalVisitors: number })
      .totalVisitors;
    const text = await page.getByTestId('visitor-count').textContent();
    const shown = Number(text?.match(/^(\d+) total visitors$/)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(before + 1);
    expect(shown).toBeLessThanOrEqual(after + 2);
  });

  test("says 'Loading visitor count...' first and uses the singular for one visitor", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/visitors/total', async (route) => {
      await released;
      await route.fulfill({ json: { totalVisitors: 1 } });
    });
    await open(page, '/terms');
    await expect(page.getByTestId('visitor-count')).toHaveText('Loading visitor count...');
    release();
    await expect(page.getByTestId('visitor-count')).toHaveText('1 total visitor');
  });
});

test.describe('static pages', () => {
  test('a page whose file cannot be fetched says so and offers a reload; the rest of the site still works', async ({
    page,
  }) => {
    await open(page, '/');
    // The About page's file cannot be fetched (offline, or a new version of the site replaced it).
    await page.route(/\/assets\/about-page-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Site information' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    // The header and footer still work, and another page loads.
    await page
      .getByRole('navigation', { name: 'Site information' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByTestId('load-failed')).toHaveCount(0);
  });

  test('About: mission, vision, what we do, how it works, join, Return to Home', async ({ page }) => {
    await open(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About KC Green Directory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('About | KC Green Directory');
    for (const h of ['Our Mission', 'Our Vision', 'What We Do', 'How It Works', 'Join the Community']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    await expect(page.getByText('Help residents build a healthier, more sustainable future.')).toBeVisible();
    await expect(page.getByText('Every neighbourhood a hub of green living.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, 'about');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible();
  });

  test("Privacy: its sections and today's date as last updated", async ({ page }) => {
    const before = usDate(new Date());
    await open(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('Privacy Policy | KC Green Directory');
    for (const h of [
      'Information We Collect',
      'How We Use Information',
      'How We Share Information',
      'How We Protect Information',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    await expect(page.getByText(/OpenStreetMap Nominatim/)).toBeVisible();
    const after = usDate(new Date());
    await expect(page.getByTestId('privacy-last-updated')).toHaveText(
      new RegExp(`^Last updated: (${before}|${after})$`),
    );
    await expect(page.getByRole('button', { name: 'Manage Cookie Preferences' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, 'privacy');
  });

  test('Terms: terms and conditions with Manage Cookie Preferences', async ({ page }) => {
    await open(page, '/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('Terms and Conditions | KC Green Directory');
    for (const h of ['Using the Directory', 'Your Contributions', 'Accuracy of Information', 'Cookies and Storage']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Manage Cookie Preferences' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, 'terms');
  });

  test('Cookies: essential and preference cookies, and the button to the dialog', async ({ page }) => {
    await open(page, '/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Information');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('Cookie Information | KC Green Directory');
    await expect(page.getByRole('heading', { level: 2, name: 'Essential Cookies' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Preference Cookies' })).toBeVisible();
    for (const key of [
      'engagement_session_id',
      'visit_recorded',
      'location_engagement_session_id',
      'cookie_consent',
      'language',
    ]) {
      await expect(page.getByText(key, { exact: true })).toBeVisible();
    }
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, 'cookies');
  });

  test('an unknown path answers 404 and shows the 404 page with a link back to Discover', async ({ page }) => {
    const response = await open(page, '/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page).toHaveTitle('404 Page Not Found | KC Green Directory');
    await expectNoAxeViolations(page);
    await shot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Discover' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible();
  });

  test('pages and header are translated into Spanish, with Spanish dates', async ({ page }) => {
    await open(page, '/privacy');
    const before = esDate(new Date());
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
    await expect(page).toHaveTitle('Política de privacidad | Directorio Verde de KC');
    const after = esDate(new Date());
    await expect(page.getByTestId('privacy-last-updated')).toHaveText(
      new RegExp(`^Última actualización: (${before}|${after})$`),
    );
    await expect(page.getByRole('button', { name: 'Agregar lugar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Administrar preferencias de cookies' })).toBeVisible();
    await expect(page.getByTestId('visitor-count')).toHaveText(/^\d+ visitantes? en total$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoHorizontalScroll(page);
    await shot(page, 'privacy-es');
  });
});

test.describe('cookie consent', () => {
  test.use({ withConsentBanner: true });

  test('the banner appears on the first visit; Essential only stores preferences:false', async ({ page }) => {
    await open(page, '/about');
    const banner = page.getByRole('region', { name: 'Cookies on KC Green Directory' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Customize' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'cookie-banner', false);
    // Not a modal: the skip link is still the first Tab stop.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

    await banner.getByRole('button', { name: 'Essential only' }).click();
    await expect(banner).toBeHidden();
    const consent = await storedConsent(page);
    expect(consent).toMatchObject({ essential: true, preferences: false });
    expect(new Date(consent.decidedAt).toISOString()).toBe(consent.decidedAt);
    await expect(page.getByTestId('toast')).toContainText('Cookie preferences saved');

    // Preferences refused: the language choice is not remembered.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acerca del Directorio Verde de KC');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About KC Green Directory');
    await expect(page.getByRole('region', { name: 'Cookies on KC Green Directory' })).toBeHidden();
  });

  test('Accept all stores preferences:true and the language is remembered', async ({ page }) => {
    await open(page, '/about');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on KC Green Directory' })).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ essential: true, preferences: true });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acerca del Directorio Verde de KC');
  });

  test('Customize opens the dialog; saving with preferences on closes it and the banner', async ({ page }) => {
    await open(page, '/terms');
    await page.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    const prefs = dialog.getByRole('switch', { name: 'Preference cookies' });
    await expect(prefs).not.toBeChecked();
    await prefs.click();
    await expect(prefs).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookies on KC Green Directory' })).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ essential: true, preferences: true });
    await expect(page.locator('main#main-content')).toBeFocused();
  });
});

test.describe('cookie dialog', () => {
  test('opens from /cookies, saves, closes and returns focus to the opener', async ({ page }) => {
    await open(page, '/cookies');
    const opener = page.getByRole('button', { name: 'Manage Cookie Preferences' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Always on')).toBeVisible();
    const prefs = dialog.getByRole('switch', { name: 'Preference cookies' });
    await expect(prefs).toBeChecked(); // the fixture's stored choice
    await expectNoAxeViolations(page);
    await shot(page, 'cookie-dialog', false);
    await prefs.click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await storedConsent(page)).toMatchObject({ essential: true, preferences: false });
  });

  test("opens from privacy's Manage Cookie Preferences; Escape closes it and focus returns", async ({ page }) => {
    await open(page, '/privacy');
    const opener = page.getByRole('button', { name: 'Manage Cookie Preferences' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('theme and toasts', () => {
  test('the theme is light and a stored theme is removed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await open(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
  });

  test('toasts: one at a time in the F8 notifications region', async ({ page }) => {
    await open(page, '/cookies');
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(region).toBeAttached();
    const opener = page.getByRole('button', { name: 'Manage Cookie Preferences' });
    for (let i = 0; i < 2; i++) {
      await opener.click();
      await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Cookie preferences saved');
    await expect(toast).toContainText('Your language choice will be remembered on this device.');
    await page.keyboard.press('F8');
    await expect(region.locator('ol')).toBeFocused();
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden();
  });
});
