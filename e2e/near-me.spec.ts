// "Use my location" (decision 0905): the radius search runs from the browser's position, a chip says
// "Near your location", a refused position gets a clear message and the address box. The position
// never reaches the URL or the browser's storage; only the searches carry it, as lat and lng.
import type { Page, Request } from '@playwright/test';
import { count, showFilters, uniqueWord } from './support/discover';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

// Downtown Kansas City, given with more precision than the searches send (3 decimals).
const HERE = { latitude: 39.09972, longitude: -94.57861 };

/** Every listing request the page makes from now on. */
function listingRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/locations') seen.push(url);
  });
  return seen;
}

async function storedText(page: Page) {
  return page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
}

test.describe('near me, position granted', () => {
  test.use({ permissions: ['geolocation'], geolocation: HERE });

  test('searches around the position, says so in a chip and the count, and keeps it out of the URL and storage', async ({
    page,
    api,
  }) => {
    const word = uniqueWord('Near');
    // One place a mile from the position, one 30 miles away.
    await api.createLocation({ name: `${word} Close Garden`, category: 'community-garden', address: 'union station' });
    await api.createLocation({ name: `${word} Far Orchard`, category: 'local-farmer', address: 'Platte City, MO' });
    await page.goto(`/?q=${word}`);
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    const requests = listingRequests(page);

    await showFilters(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('button', { name: 'Remove filter: Near your location' })).toBeVisible();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results near your location');
    await expect(page.getByTestId('location-card')).toContainText(`${word} Close Garden`);
    // The URL says only "near me"; the search sent the rounded position.
    expect(new URL(page.url()).searchParams.get('near')).toBe('me');
    expect(page.url()).not.toMatch(/39\.|94\.|lat|lng/);
    const sent = requests.at(-1)!;
    expect([sent.searchParams.get('lat'), sent.searchParams.get('lng'), sent.searchParams.get('radius')]).toEqual([
      '39.1',
      '-94.579',
      '5',
    ]);
    expect(await storedText(page)).not.toMatch(/39\.0|39\.1|94\.5/);
    await expectNoAxeViolations(page);

    // Reloaded (or shared), near=me asks the browser again: the same search.
    await page.reload();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results near your location');

    // The chip removes it: the whole directory again, and no near in the URL.
    await page.getByRole('button', { name: 'Remove filter: Near your location' }).click();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await expect(page).not.toHaveURL(/near=/);

    // An address replaces the position.
    await showFilters(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results near your location');
    await page.getByLabel('Address').fill('union station');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results near union station');
    await expect(page).not.toHaveURL(/near=/);
    await expect(page.getByRole('button', { name: 'Remove filter: Near your location' })).toHaveCount(0);
  });
});

test.describe('near me, position refused', () => {
  test.use({ permissions: [] });

  test('a refused position leaves a clear message and the address box, and the search as it was', async ({ page }) => {
    await page.goto('/');
    await expect(count(page)).toBeVisible();
    const before = page.url();
    await showFilters(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Your browser was not allowed to share your location. Type an address or ZIP code instead.',
      }),
    ).toBeVisible();
    await expect(page.getByLabel('Address')).toBeFocused();
    expect(page.url()).toBe(before);
    await expect(page.getByRole('button', { name: 'Remove filter: Near your location' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Typing an address is the way on, and the message goes with it.
    await page.getByLabel('Address').fill('union station');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count(page)).toContainText('near union station');
    await expect(page.getByRole('alert').filter({ hasText: 'not allowed to share your location' })).toHaveCount(0);
  });

  test('a shared near=me link without the permission shows every place and says why, in Spanish too', async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'lang', value: 'es', url: test.info().project.use.baseURL! }]);
    await page.addInitScript(() => localStorage.setItem('language', 'es'));
    await page.goto('/?near=me');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Tu navegador no tiene permiso para compartir tu ubicación.' }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/near=/);
    await expect(count(page)).toContainText(/^1 - \d de \d+ resultados$/);
    await expectNoAxeViolations(page);
  });
});
