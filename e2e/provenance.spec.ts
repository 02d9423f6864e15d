// Where a place's facts came from, how old they are, and approximate points (decision 0804), on a
// seeded USDA market, a visitor's place and a ZIP-centred point: page, card, dialog and maps. In
// English and Spanish, axe clean, at both sizes.
import type { Page } from '@playwright/test';
import { cards } from './support/discover';
import { expect as baseExpect, expectNoAxeViolations, test, uniqueName } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

// Seeded (data/seed/): a USDA listing of 2012 with its own coordinates, and a place whose point is
// the centre of ZIP 64132.
const MARKET = { slug: 'baldwin-city-farmers-market', name: "Baldwin City Farmers' Market" };
const APPROXIMATE = { slug: 'lakeside-nature-center', name: 'Lakeside Nature Center' };

async function toSpanish(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

const todayUs = () =>
  new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('a seeded USDA market names its source and says the listing may have changed, on its page and card', async ({
  page,
}) => {
  await page.goto(`/discover/${MARKET.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: MARKET.name })).toBeVisible();
  const source = page.getByTestId('source-line');
  await expect(source).toContainText('Source: USDA Farmers Market Directory, listing of 2012');
  // Its reference is a repository path, not a web address: text, not a link.
  await expect(source.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('source-license')).toContainText(
    'License: Public domain (U.S. Government work, 17 U.S.C. 105)',
  );
  await expect(page.getByTestId('facts-age')).toHaveText('Listed in 2012 — may have changed');
  // Its own coordinates: a pin, no word of approximation.
  await expect(page.getByTestId('approximate-location')).toHaveCount(0);
  await page.getByTestId('location-map').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: `Map of ${MARKET.name}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await toSpanish(page);
  await expect(source).toContainText('Fuente: USDA Farmers Market Directory, ficha de 2012');
  await expect(page.getByTestId('facts-age')).toHaveText('Publicado en 2012: puede haber cambiado');
  await expectNoAxeViolations(page);

  // The card on Discover says the same, shorter.
  await page.goto('/?q=Baldwin');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  const card = cards(page).filter({ hasText: MARKET.name });
  await expect(card.getByTestId('source-line')).toHaveText('Source: USDA Farmers Market Directory, listing of 2012');
  await expect(card.getByTestId('facts-age')).toHaveText('Listed in 2012 — may have changed');
  await expectNoAxeViolations(page);

  // The detail dialog's Contact tab says it in full, licence included.
  await card.getByRole('button', { name: `Details : ${MARKET.name}` }).click();
  const dialog = page.getByRole('dialog', { name: MARKET.name });
  await dialog.getByRole('tab', { name: 'Contact' }).click();
  await expect(dialog.getByTestId('source-line')).toContainText(
    'Source: USDA Farmers Market Directory, listing of 2012',
  );
  await expect(dialog.getByTestId('source-license')).toContainText('License: Public domain');
  await expect(dialog.getByTestId('facts-age')).toHaveText('Listed in 2012 — may have changed');
  await expectNoAxeViolations(page);
});

test('a place added through the site says a visitor added it, and when', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Visitor Garden'),
    category: 'community-garden',
    address: '1 Main St, Kansas City, MO 64105',
  });
  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(page.getByTestId('source-line')).toHaveText(`Added by a visitor on ${todayUs()}`);
  // New facts: nothing says they may have changed.
  await expect(page.getByTestId('facts-age')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await toSpanish(page);
  await expect(page.getByTestId('source-line')).toContainText('Añadido por un visitante el');
  await expectNoAxeViolations(page);
});

test('an approximate place says so; its page draws an area and the Discover map a dashed ring', async ({ page }) => {
  await page.goto(`/discover/${APPROXIMATE.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: APPROXIMATE.name })).toBeVisible();
  await expect(page.getByTestId('approximate-location')).toHaveText(
    'Approximate location: the map shows the area of its ZIP code or town, not the exact spot.',
  );
  await page.getByTestId('location-map').scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: `Map of the area around ${APPROXIMATE.name}` });
  await expect(map).toBeVisible();
  // A dashed circle, and no pin.
  await expect(map.locator('path.leaflet-interactive, path[stroke-dasharray]').first()).toHaveAttribute(
    'stroke-dasharray',
    '6 6',
  );
  await expect(map.locator('.kc-pin')).toHaveCount(0);
  // Directions still go from the address.
  await expect(
    page.getByRole('button', { name: /4701 E Gregory Blvd, Kansas City, MO 64132 \(get directions\)/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await toSpanish(page);
  await expect(page.getByTestId('approximate-location')).toHaveText(
    'Ubicación aproximada: el mapa muestra la zona de su código postal o su ciudad, no el lugar exacto.',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

  // The Discover map: a hollow, dashed marker that says "approximate location".
  await page.goto('/?q=Lakeside%20Nature&category=resource&view=map');
  await expect(page.getByText('1 location on the map')).toBeVisible();
  const marker = page.getByRole('button', { name: `${APPROXIMATE.name} (Resource), approximate location` });
  await expect(marker).toBeVisible();
  await expect(marker).toHaveClass(/kc-marker-approximate/);
  await expect(marker.locator('span')).toHaveCSS('border-top-style', 'dashed');
  await expect(page.getByText('Approximate location (the area of its ZIP code or town)')).toBeVisible();
  await expectNoAxeViolations(page);
});
