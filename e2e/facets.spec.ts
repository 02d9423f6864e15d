// The Discover facets (decision 0803) at both sizes: a payment set by keyboard, in the URL, as a
// chip and on the phone's Filters count; the list keeps only places that said yes; the chip removes
// it; Spanish labels; axe clean with the panel open.
import type { APIRequestContext, Page } from '@playwright/test';
import { cards, filtersButton, showFilters, uniqueWord } from './support/discover';
import { expect as baseExpect, expectNoAxeViolations, isPhone, test } from './support/fixtures';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const ADDRESS = '20 E 5th St, Kansas City, MO 64106';

async function createPlace(request: APIRequestContext, name: string, attributes: Record<string, unknown>) {
  const res = await request.post('/api/locations', {
    data: { name, category: 'farmers-market', description: '', address: ADDRESS, attributes },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function pressSpaceOn(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  return box;
}

test('sets a payment with the keyboard, sees the chip and the narrower list, and removes it', async ({
  page,
  adminRequest,
}) => {
  const word = uniqueWord('FacetFilter');
  await createPlace(adminRequest, `${word} Snap Market`, { snap: true, wheelchair: 'yes' });
  await createPlace(adminRequest, `${word} Cash Market`, { snap: false, wheelchair: 'limited' });

  await page.goto(`/discover?q=${word}`);
  await expect(cards(page)).toHaveCount(2);
  await showFilters(page);
  await expect(page.getByRole('group', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Access' })).toBeVisible();

  const snap = await pressSpaceOn(page, 'SNAP/EBT');
  await expect(snap).toBeChecked();
  await expect(page).toHaveURL(/[?&]pay=snap(&|$)/);
  const chip = page.getByRole('button', { name: 'Remove filter: SNAP/EBT' });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText('SNAP/EBT');
  // The place that said no to SNAP is not listed.
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Snap Market');
  if (isPhone(page)) await expect(filtersButton(page)).toContainText('1');
  await expectNoAxeViolations(page);

  // A second facet from the other group: both must hold.
  await pressSpaceOn(page, 'Wheelchair accessible');
  await expect(page).toHaveURL(/[?&]pay=snap&access=wheelchair(&|$)/);
  await expect(page.getByRole('button', { name: 'Remove filter: Wheelchair accessible' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  if (isPhone(page)) await expect(filtersButton(page)).toContainText('2');

  // Removed with their chips: the URL loses them and the boxes are clear again.
  await chip.click();
  await expect(page).not.toHaveURL(/[?&]pay=/);
  await page.getByRole('button', { name: 'Remove filter: Wheelchair accessible' }).click();
  await expect(page).not.toHaveURL(/[?&]access=/);
  await expect(cards(page)).toHaveCount(2);
  await showFilters(page);
  await expect(page.getByRole('checkbox', { name: 'SNAP/EBT', exact: true })).not.toBeChecked();

  // A shared link with the facets (a bad name ignored) opens the same narrower list, rendered.
  await page.goto(`/discover?q=${word}&pay=snap,bitcoin&access=wheelchair`);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove filter: Wheelchair accessible' })).toBeVisible();
  await showFilters(page);
  await expect(page.getByRole('checkbox', { name: 'SNAP/EBT', exact: true })).toBeChecked();
});

test('the facets read in Spanish, with their chips', async ({ page, adminRequest }) => {
  const word = uniqueWord('FacetEs');
  await createPlace(adminRequest, `${word} Free Market`, { free: true, wic: true });
  await page.goto(`/discover?q=${word}`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  if (isPhone(page)) await page.getByRole('button', { name: /^Filtros/ }).click();
  await expect(page.getByRole('group', { name: 'Pagos' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Cupones del mercado para personas mayores (SFMNP)' })).toBeVisible();
  await pressSpaceOn(page, 'Gratis');
  await expect(page.getByRole('button', { name: 'Quitar filtro: Gratis' })).toBeVisible();
  await pressSpaceOn(page, 'WIC');
  await expect(page.getByRole('button', { name: 'Quitar filtro: WIC' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expectNoAxeViolations(page);
});
