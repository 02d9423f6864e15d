// Keyboard only: searching, opening a place, adding a place, reporting a problem and
// sharing, without the mouse (keyboard.press/type only); the skip link and Alt+1/Alt+2 on a
// location page and the admin page.
import type { Page } from '@playwright/test';
import { expect, isPhone, test, uniqueName } from './support/fixtures';
import { tabTo } from './support/keyboard';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page) => page.getByTestId('toast');

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test('search and open a place; Escape closes the dialog and focus returns to the opener', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Keyboard orchard'),
    category: 'local-farmer',
    address: '7 Orchard Rd, Kansas City, MO 64112',
    description: 'Apples in autumn.',
  });
  await open(page, '/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type(place.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('1 - 1 of 1 Results')).toBeVisible();
  const card = page.getByTestId('location-card').filter({ hasText: place.name });
  await expect(card).toHaveCount(1);

  const details = card.getByRole('button', { name: `Details : ${place.name}` });
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: place.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Apples in autumn.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  // The card's own link goes to the location page.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, card.getByRole('link', { name: place.name, exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discover/${place.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
});

test('add a place with the keyboard alone', async ({ page }) => {
  await open(page, '/about');
  const opener = page.getByRole('button', { name: 'Add Location' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.type(uniqueName('Keyboard park'));
  await tabTo(page, dialog.getByLabel(/^Category/));
  await page.keyboard.type('Park');
  await expect(dialog.getByLabel(/^Category/)).toHaveValue('park');
  await tabTo(page, dialog.getByLabel(/^Description/));
  await page.keyboard.type('Added by keyboard.');
  await tabTo(page, dialog.getByLabel(/^Address/));
  await page.keyboard.type('8 Key St, Kansas City, MO 64108');
  await tabTo(page, dialog.getByRole('button', { name: 'Add Location' }));
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Location added successfully!');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('report a problem with the keyboard alone', async ({ page }) => {
  await open(page, '/about');
  await tabTo(page, page.getByRole('button', { name: 'Report Issue' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
  await expect(dialog).toBeVisible();
  const first = dialog.getByRole('radio').first();
  await tabTo(page, first);
  // Arrow keys move between the types; Space chooses.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Outdated information' })).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  if (!isPhone(page)) {
    // Picking by keyboard: Arrow moves the highlight, Enter picks.
    const banner = page.getByTestId('report-picker-banner');
    await expect(banner).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('report-picker-tag')).toHaveText(/^[a-z0-9]+$/);
    await page.keyboard.press('Enter');
  }
  const review = page.getByRole('dialog', { name: 'Review Your Report' });
  await expect(review).toBeVisible({ timeout: 20_000 });
  await expect(review.getByTestId('report-screenshot')).toBeVisible({ timeout: 20_000 });
  await tabTo(page, review.getByLabel('Additional notes (optional)'));
  await page.keyboard.type('Found with the keyboard.');
  await tabTo(page, review.getByRole('button', { name: 'Submit Report' }));
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Report Submitted');
  await expect(review).toBeHidden();
});

test('share a location page by keyboard; skip link and Alt+1/Alt+2 there', async ({ page, api, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const place = await api.createLocation({
    name: uniqueName('Keyboard market'),
    category: 'farmers-market',
    address: '9 Share Blvd, Kansas City, MO 64106',
  });
  await open(page, `/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('link', { name: 'KC Green Directory home' })).toBeFocused();
  await page.keyboard.press('Alt+1');
  await expect(page.locator('main#main-content')).toBeFocused();

  const share = page.getByRole('button', { name: 'Share', exact: true });
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'SHARE THIS EVENT' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Copy link' }));
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/discover/${place.slug}`);
});

test('the admin page has the skip link and the shortcuts', async ({ page }) => {
  await open(page, '/admin');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('link', { name: 'KC Green Directory home' })).toBeFocused();
  await expect(page.locator('#announcer-polite')).toHaveText('Moved to navigation');
  await page.keyboard.press('Alt+1');
  await expect(page.locator('main#main-content')).toBeFocused();
  await expect(page.locator('#announcer-polite')).toHaveText('Moved to main content');
});
