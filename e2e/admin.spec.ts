// Administration: sign in through /admin, the bulk import (sample download, a mixed file, the
// summary and toast, then the imported places found by search), and the review desk (resolve a
// flag report, revert an anonymous edit and see the old text back on the location page).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';
import { ADMIN, SIGN_IN_TIMEOUT, signIn } from './support/admin';

// A 1x1 transparent PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Sign-in runs scrypt with N=2^17 (as in production) on a shared 2-core machine: allow for it.
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots-admin/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });

test('an administrator signs in, downloads the sample and bulk-imports a mixed file', async ({ page, request }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administrator sign in' })).toBeVisible();
  // Not signed in: no import control anywhere.
  await expect(page.locator('#admin-bulk-import')).toHaveCount(0);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid username or password', SIGN_IN_TIMEOUT);
  await expect(page.locator('#admin-bulk-import')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'sign-in');

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review desk' })).toBeVisible(SIGN_IN_TIMEOUT);
  const control = page.locator('#admin-bulk-import');
  await expect(control).toBeVisible();
  await expect(page.getByText('This feature is only visible to administrators')).toBeVisible();
  await expect(page.getByTestId('summary-pendingReports')).toContainText('Pending reports');
  await expectNoAxeViolations(page);
  await shot(page, 'desk');

  await control.click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import Locations' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download sample CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('bulk-import-sample.csv');
  const sample = fs.readFileSync((await download.path()) as string, 'utf8');
  // The contract's columns first, in its order; the optional attribute columns follow (decision 0803).
  const header = sample.split(/\r?\n/)[0]!.split(',');
  expect(header.slice(0, 6)).toEqual(['name', 'category', 'description', 'address', 'website', 'tags']);
  expect(header).toContain('snap');
  expect(header).toContain('wheelchair');

  const tag = uniqueName('imp').replace(/\s+/g, '');
  const good1 = `Imported Garden ${tag}`;
  const good2 = `Imported Market ${tag}`;
  const csv = [
    'name,category,description,address,website,tags',
    `"${good1}",community-garden,"Raised beds, tools and water","4800 Main St, Kansas City, MO 64112",https://example.org,"Organic, ${tag}"`,
    `"Broken ${tag}",zoo,Animals,"1 Zoo Rd, Kansas City, MO",,`,
    `"${good2}",farmers-market,"Saturday market","20 E 5th St, Kansas City, MO 64106",,`,
  ].join('\r\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'mixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const size = `${(Buffer.byteLength(csv) / 1024).toFixed(1)} KB`;
  await expect(dialog.getByTestId('bulk-import-file-info')).toContainText('mixed.csv');
  await expect(dialog.getByTestId('bulk-import-file-info')).toContainText(size);
  await shot(page, 'import-dialog');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByText('Import Errors:')).toBeVisible();
  await expect(dialog.getByTestId('bulk-import-errors').getByRole('listitem')).toHaveText([
    'Row 2: Category must be one of: farmers-market, local-farmer, community-garden, park, resource',
  ]);
  const toastEl = page.getByTestId('toast');
  await expect(toastEl).toContainText('Import completed with warnings');
  await expect(toastEl).toContainText('Imported 2 locations with 1 errors.');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'import-summary');

  // The imported places are found by search.
  const found = await request.get(`/api/locations?search=${encodeURIComponent(tag)}`);
  expect(found.ok()).toBeTruthy();
  const body = await found.json();
  const names = (Array.isArray(body) ? body : body.items).map((l: { name: string }) => l.name);
  expect(names).toEqual(expect.arrayContaining([good1]));

  // A file that is not CSV is refused in the dialog.
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await expect(toastEl).toContainText('Invalid file');
  await expect(toastEl).toContainText('Please select a CSV file.');

  // Signing out hides the control again.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Administrator sign in' })).toBeVisible();
  await expect(page.locator('#admin-bulk-import')).toHaveCount(0);
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test('the review desk resolves a flag report and reverts an anonymous edit', async ({ page, api, request }) => {
  const name = uniqueName('Desk Park');
  const place = await api.createLocation({
    name,
    category: 'park',
    description: `Original text of ${name}`,
    address: '5200 Wornall Rd, Kansas City, MO 64112',
  });
  const tag = await api.createTag(uniqueName('Spam tag'), 'product');
  const edit = await request.patch(`/api/locations/${place.id}`, {
    data: { description: `Vandalised text of ${name}`, tagIds: [tag.id] },
    headers: { 'X-Session-Id': `session_${Date.now()}_vandal` },
  });
  expect(edit.ok(), await edit.text()).toBeTruthy();
  const reportText = `Hours are wrong at ${name}`;
  const report = await request.post('/api/flag-reports', {
    data: { locationId: place.id, flagType: 'other', description: reportText, screenshot: PNG },
  });
  expect(report.ok(), await report.text()).toBeTruthy();

  await signIn(page);
  // The desk opens on what waits for review; reports are their own tab.
  await page.getByRole('tab', { name: 'Reports' }).click();

  const item = page.getByTestId('flag-report').filter({ hasText: reportText });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name })).toHaveAttribute('href', `/discover/${place.slug}`);
  const shotImg = item.getByRole('img', { name: /Screenshot attached to report/ });
  await expect(shotImg).toBeVisible();
  // The picture comes from its own administrator-only route (decision 0703), and it loads.
  await expect(shotImg).toHaveAttribute('src', /^\/api\/admin\/flag-reports\/\d+\/screenshot$/);
  await expect.poll(() => shotImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await item.getByLabel('Review notes').fill('Checked with the park office');
  await item.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('toast')).toContainText('Report updated');
  await expect(page.getByTestId('flag-report').filter({ hasText: reportText })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Recent changes' }).click();
  const change = page
    .getByTestId('revision')
    .filter({ hasText: `Vandalised text of ${name}` })
    .filter({ hasText: 'Edit' });
  await expect(change).toContainText(`Description: Original text of ${name} → Vandalised text of ${name}`);
  // Tags by name, not by id.
  await expect(change).toContainText(`Tags: ∅ → ${tag.name}`);
  await expectNoAxeViolations(page);
  await shot(page, 'changes');
  await change.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Change reverted');

  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText(`Original text of ${name}`);
  await expect(page.getByText(`Vandalised text of ${name}`)).toHaveCount(0);
});

test('the review desk hides a place, lists it as hidden and deletes it only once confirmed', async ({
  page,
  api,
  request,
}) => {
  const name = uniqueName('Doomed Lot');
  const place = await api.createLocation({
    name,
    category: 'community-garden',
    description: 'Spam.',
    address: '1 Spam St, Kansas City, MO 64106',
  });

  await signIn(page);
  await page.getByRole('tab', { name: 'Recent changes' }).click();
  await page
    .getByRole('button', { name: `Hide ${name}` })
    .first()
    .click();
  await expect(page.getByTestId('toast')).toContainText('Place hidden');
  expect((await request.get(`/api/locations/slug/${place.slug}`)).status()).toBe(404);

  await page.getByRole('tab', { name: 'Hidden places' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();

  // Keeping it changes nothing.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}` });
  await expect(confirm).toContainText(`Delete ${name} for good? This cannot be undone.`);
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await shot(page, 'delete-confirm');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
  await expect(row).toBeVisible();

  // Confirming deletes it.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Place deleted');
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  expect((await request.get(`/api/locations/${place.id}`)).status()).toBe(404);
});
