// Accessibility: axe (WCAG 2.2 A/AA) on every route and every dialog at both sizes,
// target sizes in the header and on cards, visible focus, and toasts that are announced (politely,
// destructive ones assertively) without taking focus.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots-a11y';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png` });

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** Axe on the open dialog (its portal) once its opening animation is over. */
async function expectAccessibleDialog(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveAttribute('data-state', 'closed');
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations().length)).toBe(0);
  await expectNoAxeViolations(page);
}

async function expectTargetsAtLeast24(controls: Locator) {
  const boxes = await controls.evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40),
          w: r.width,
          h: r.height,
        };
      }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  const small = boxes.filter((b) => b.w < 24 || b.h < 24);
  expect(small, JSON.stringify(small)).toEqual([]);
}

test('axe finds no violations on any route', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Axe garden'),
    category: 'resource',
    description: 'Seed library with https://example.org/seeds for details.',
    website: 'example.org',
    phone: '816-555-0100',
    deadline: '2030-05-01',
    registrationLink: 'example.org/register',
    faqLink: 'example.org/faq',
    status: 'active',
  });
  const routes = [
    '/',
    '/discover?q=garden&category=community-garden&address=Kansas%20City&radius=10',
    `/discover/${place.slug}`,
    '/about',
    '/privacy',
    '/terms',
    '/cookies',
    '/admin',
    '/no-such-page',
  ];
  for (const path of routes) {
    await test.step(path, async () => {
      await open(page, path);
      await expect(page.getByTestId('location-card-skeleton')).toHaveCount(0);
      await expect(page.getByTestId('location-skeleton')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
  // The location page's other tabs.
  await open(page, `/discover/${place.slug}`);
  for (const tab of ['reach', 'Details']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('axe finds no violations in the Discover dialogs: detail, add location, tag management, report, cookies', async ({
  page,
  api,
}) => {
  const place = await api.createLocation({
    name: uniqueName('Axe dialog park'),
    category: 'park',
    address: '3 Dialog Rd, Kansas City, MO 64108',
    description: 'A quiet park.',
  });
  await open(page, `/discover?q=${encodeURIComponent(place.name)}`);
  const card = page.getByTestId('location-card').filter({ hasText: place.name });
  await card.getByRole('button', { name: `Details : ${place.name}` }).click();
  const detail = page.getByRole('dialog', { name: place.name });
  await expectAccessibleDialog(page, detail);
  for (const tab of ['Contact', 'reach', 'Tags']) {
    await detail.getByRole('tab', { name: tab }).click();
    await expect(detail.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.getByRole('button', { name: 'Add Location' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Location' });
  await expectAccessibleDialog(page, add);
  // With the validation messages showing.
  await add.getByRole('button', { name: 'Add Location' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'add-location-errors');

  await add.getByRole('button', { name: 'Manage Tags' }).click();
  const tags = page.getByRole('dialog', { name: 'Manage Tags' });
  await expectAccessibleDialog(page, tags);
  await shot(page, 'manage-tags');
  await page.keyboard.press('Escape');
  await expect(tags).toBeHidden();
  await page.keyboard.press('Escape');
  // The add dialog may ask before discarding; either way it ends closed.
  const discard = page.getByRole('alertdialog');
  if (await discard.isVisible()) await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: 'Report Issue' }).click();
  const report = page.getByRole('dialog', { name: 'Report an Issue' });
  await expectAccessibleDialog(page, report);
  await shot(page, 'report-select-type');
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  await open(page, '/cookies');
  await page.getByRole('button', { name: 'Manage Cookie Preferences' }).click();
  const cookies = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expectAccessibleDialog(page, cookies);
});

test('axe finds no violations in the location page dialogs: directions and share', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Axe market'),
    category: 'farmers-market',
    address: '4 Market Sq, Kansas City, MO 64106',
    description: 'Saturday market.',
  });
  await open(page, `/discover/${place.slug}`);
  await page.getByRole('button', { name: /\(get directions\)$/ }).click();
  const directions = page.getByRole('dialog', { name: 'Get Directions' });
  await expectAccessibleDialog(page, directions);
  await shot(page, 'directions');
  await page.keyboard.press('Escape');
  await expect(directions).toBeHidden();

  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'SHARE THIS EVENT' });
  await expectAccessibleDialog(page, share);
  await shot(page, 'share');
});

test('header and card targets are at least 24x24 px; a focused button shows a focus ring', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Target farm'),
    category: 'local-farmer',
    address: '5 Farm Rd, Kansas City, MO 64110',
    description: 'Eggs and honey.',
    phone: '816-555-0142',
    website: 'example.org/farm',
  });
  await open(page, `/discover?q=${encodeURIComponent(place.name)}`);
  await expectTargetsAtLeast24(page.getByRole('banner').locator('a, button, select'));
  const card = page.getByTestId('location-card').filter({ hasText: place.name });
  await expect(card).toBeVisible();
  await expectTargetsAtLeast24(card.locator('a, button'));
  await shot(page, 'discover-card');

  // Keyboard focus on a button: a visible outline of at least 2 px.
  const details = card.getByRole('button', { name: `Details : ${place.name}` });
  await details.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(details).toBeFocused();
  const ring = await details.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth), visible: el.matches(':focus-visible') };
  });
  expect(ring.visible).toBe(true);
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await details.screenshot({ path: `${SHOTS}/focus-ring-${test.info().project.name}.png` });
});

// Radix renders each toast's announcement in a visually hidden live region for a moment; record every
// one as it appears, so the check does not depend on timing.
async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const seen: { live: string | null; role: string | null; text: string }[] = [];
    (window as unknown as { __announcements: typeof seen }).__announcements = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[aria-live]')) {
        const text = (el.textContent ?? '').trim();
        if (text && !seen.some((s) => s.text === text && s.live === el.getAttribute('aria-live'))) {
          seen.push({ live: el.getAttribute('aria-live'), role: el.getAttribute('role'), text });
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const announcements = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __announcements: { live: string | null; text: string }[] }).__announcements,
  );

test('toasts are announced (politely, destructive ones assertively) and never take focus', async ({ page }) => {
  await recordAnnouncements(page);
  // A normal toast: cookie preferences saved; focus returns to the opener and stays there.
  await open(page, '/cookies');
  const opener = page.getByRole('button', { name: 'Manage Cookie Preferences' });
  await opener.click();
  await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Save' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Cookie preferences saved');
  await expect(opener).toBeFocused();
  await expect
    .poll(async () => (await announcements(page)).find((a) => a.text.includes('Cookie preferences saved'))?.live)
    .toBe('polite');
  await expect(opener).toBeFocused();

  // A destructive toast: a failed add; focus stays on the submit button.
  await page.route('**/api/locations', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server unavailable"}' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Add Location' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(add).toBeVisible();
  await add.getByLabel(/^Name/).fill(uniqueName('Toast park'));
  await add.getByLabel(/^Category/).selectOption('park');
  await add.getByLabel(/^Description/).fill('A park for the toast test.');
  await add.getByLabel(/^Address/).fill('6 Toast Ave, Kansas City, MO 64111');
  const submit = add.getByRole('button', { name: 'Add Location' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const failure = page.getByTestId('toast').filter({ hasText: 'Error adding location' });
  await expect(failure).toBeVisible();
  await expect(failure).toHaveAttribute('data-variant', 'destructive');
  await expect
    .poll(async () => (await announcements(page)).find((a) => a.text.includes('Error adding location'))?.live)
    .toBe('assertive');
  await expect(submit).toBeFocused();
  if (!isPhone(page)) await shot(page, 'destructive-toast');
});
