// A phone shows places first (decision 0906): at 390x844 the search box and first card, the other
// filters behind a Filters button counting them; wider screens keep every control in view. A search
// made in the browser shows skeleton cards while loading and the error text when it fails.
import type { Page } from '@playwright/test';
import { cards, count, filtersButton, searchBox, showFilters, uniqueWord } from './support/discover';
import { expect, expectNoAxeViolations, isPhone, test } from './support/fixtures';

const inFirstScreen = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'the element is laid out').not.toBeNull();
  return box!.y >= 0 && box!.y + box!.height <= height;
};

test.describe('the first screen', () => {
  test('a phone shows the search box and the whole first card; the filters wait behind Filters', async ({ page }) => {
    await page.goto('/');
    await expect(searchBox(page)).toBeVisible();
    expect(await inFirstScreen(page, searchBox(page))).toBe(true);
    await expect(cards(page).first()).toBeVisible();
    if (!isPhone(page)) {
      // Wide screens keep every control of the panel in view, and no Filters button.
      await expect(filtersButton(page)).toBeHidden();
      for (const label of ['Category', 'Address', 'Radius']) await expect(page.getByLabel(label)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Tags/ })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Open now' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
      return;
    }
    expect(await inFirstScreen(page, cards(page).first())).toBe(true);
    await expect(page.getByLabel('Category')).toBeHidden();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(filtersButton(page)).toHaveAccessibleName('Filters');
    // The panel opens below the search box, and Show results closes it, focus back on Filters.
    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Category', 'Address', 'Radius']) await expect(page.getByLabel(label)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show results' }).click();
    await expect(page.getByLabel('Category')).toBeHidden();
    await expect(filtersButton(page)).toBeFocused();
    // Escape inside the panel closes it too.
    await filtersButton(page).click();
    await page.getByLabel('Category').focus();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Category')).toBeHidden();
    await expect(filtersButton(page)).toBeFocused();
  });

  test.describe('with the cookie band', () => {
    test.use({ withConsentBanner: true });
    test('the band pushes the page down and covers nothing: the first card is still whole on a phone', async ({
      page,
    }) => {
      test.skip(!isPhone(page), 'a phone first screen');
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookies on KC Green Directory' })).toBeVisible();
      expect(await inFirstScreen(page, cards(page).first())).toBe(true);
    });
  });

  test('the Filters button says how many filters are set; the chips stay in view', async ({ page }) => {
    test.skip(!isPhone(page), 'the Filters button is a phone control');
    await page.goto('/?category=park&open=1&q=garden');
    // The search box is not behind the button: two set, not three.
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (2 set)');
    for (const chip of ['Parks', 'Open now', 'Search: garden']) {
      await expect(page.getByRole('button', { name: `Remove filter: ${chip}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Remove filter: Parks' }).click();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters (1 set)');
    await expectNoAxeViolations(page);
  });

  test('in Spanish the button reads Filtros, with its count', async ({ page }) => {
    test.skip(!isPhone(page), 'the Filters button is a phone control');
    await page.context().addCookies([{ name: 'lang', value: 'es', url: test.info().project.use.baseURL! }]);
    await page.addInitScript(() => localStorage.setItem('language', 'es'));
    await page.goto('/?category=park');
    const button = page.getByRole('button', { name: /^Filtros/ });
    await expect(button).toHaveAccessibleName('Filtros (1 activo)');
    await button.click();
    await expect(page.getByLabel('Categoría')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver resultados' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Usar mi ubicación' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the map view shows the map on the first screen of a phone', async ({ page }) => {
    test.skip(!isPhone(page), 'a phone first screen');
    await page.goto('/?view=map');
    const map = page.locator('.leaflet-container');
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.y).toBeLessThan(page.viewportSize()!.height - 200);
  });

  test('without JavaScript a phone shows every filter, and no Filters button', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByLabel('Category')).toBeVisible();
    await expect(filtersButton(page)).toBeHidden();
    await context.close();
  });
});

test.describe('loading stays honest', () => {
  test('a search made on the page shows the skeleton cards while it loads, and the error text when it fails', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(count(page)).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/locations\?/, async (route) => {
      await held;
      await route.continue();
    });
    await searchBox(page).fill(uniqueWord('Skel'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('location-card-skeleton')).toHaveCount(isPhone(page) ? 2 : 3);
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(page.getByText('No locations found matching your criteria.')).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Failing (after the listing's retries): the spec's text, not the last results.
    await page.route(/\/api\/locations\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
    );
    await showFilters(page);
    await page.getByLabel('Category').selectOption({ label: 'Parks' });
    await expect(page.getByTestId('location-card-skeleton')).toHaveCount(isPhone(page) ? 2 : 3);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load locations. Please try again.' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(cards(page)).toHaveCount(0);
  });
});
