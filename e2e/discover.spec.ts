// The Discover screen as a person uses it — search, filters and chips (in the URL, with
// Back/Forward), result cards and pagination, loading/error/empty states. The map and the detail
// dialog are in discover-map-dialog.spec.ts. Every test creates its own places with unique words.
import { cards, count, openInApp, searchBox, shot, showFilters, uniqueWord } from './support/discover';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

test.describe('Discover screen', () => {
  // Long journeys on a shared 2-core machine.
  test.describe.configure({ timeout: 150_000 });
  test('search, category, tags, address and radius filter the results; chips, URL, Back/Forward and Reset', async ({
    page,
    api,
  }) => {
    const word = uniqueWord('Fltr');
    const tag = await api.createTag(uniqueName('Tagfltr'), 'amenity');
    await api.createLocation({
      name: `${word} Alpha Park`,
      category: 'park',
      address: '30 W Pershing Rd, union station',
      tagIds: [tag.id],
    });
    await api.createLocation({
      name: `${word} Beta Market`,
      category: 'farmers-market',
      address: '5200 Wornall Rd, loose park',
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible();
    await expect(
      page.getByText('Filter by category or search for specific locations throughout Kansas City'),
    ).toBeVisible();
    await expect(page.getByText('Sort: Most Relevant')).toBeVisible();
    // A fresh visit shows everything (the seeded directory).
    await expect(count(page)).toContainText(/^1 - \d of \d+ Results$/);

    // Typing updates the filter (debounced) and the URL, replacing the history entry.
    await searchBox(page).fill(word);
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));

    // The six category choices, then a discrete change (pushes a history entry) with its chip.
    await showFilters(page);
    const category = page.getByLabel('Category');
    await expect(category.locator('option')).toHaveText([
      'All Categories',
      'Farmers Markets',
      'Local Farmers',
      'Community Gardens',
      'Parks',
      'Resources',
    ]);
    await category.selectOption({ label: 'Parks' });
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(`${word} Alpha Park`);
    await expect(page).toHaveURL(/category=park/);
    await expect(page.getByRole('button', { name: 'Remove filter: Parks' })).toBeVisible();

    // Back and Forward restore the filters.
    await page.goBack();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await expect(category).toHaveValue('all');
    await page.goForward();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    await expect(category).toHaveValue('park');

    // Clicking a chip removes that filter.
    await page.getByRole('button', { name: 'Remove filter: Parks' }).click();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await expect(page).not.toHaveURL(/category=/);

    // Tags: pick one, pick it again to remove it, pick it again and Clear All Tags.
    const tagsButton = page.getByRole('button', { name: /^Tags/ });
    await tagsButton.click();
    await page.getByRole('checkbox', { name: tag.name }).check();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    await expect(tagsButton).toHaveAccessibleName('Tags 1 tag selected');
    await expect(page.getByRole('button', { name: `Remove filter: Tag: ${tag.name}` })).toBeVisible();
    await page.getByRole('checkbox', { name: tag.name }).click();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await page.getByRole('checkbox', { name: tag.name }).check();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    await page.getByRole('button', { name: 'Clear All Tags' }).click();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('checkbox', { name: tag.name })).toBeHidden();

    // Address search (the server geocodes through the local fake) with a radius.
    await expect(page.getByLabel('Radius')).toHaveValue('5');
    await page.getByLabel('Address').fill('union station');
    await page.getByLabel('Radius').selectOption('1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results near union station');
    await expect(cards(page).first()).toContainText(`${word} Alpha Park`);
    await expect(page.getByRole('button', { name: 'Remove filter: Near union station (1 mile)' })).toBeVisible();
    await shot(page, 'list-filtered');

    // An address the geocoder cannot find: the search runs without a location, silently.
    await page.getByLabel('Address').fill('nowhere in particular');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count(page)).toHaveText('1 - 2 of 2 Results near nowhere in particular');
    await expect(page.getByText('Failed to load locations. Please try again.')).toHaveCount(0);

    // The URL is a bookmark: a fresh visit restores the search.
    const bookmarked = page.url();
    await page.goto(bookmarked);
    await expect(searchBox(page)).toHaveValue(word);
    await showFilters(page);
    await expect(page.getByLabel('Address')).toHaveValue('nowhere in particular');
    await expect(page.getByLabel('Radius')).toHaveValue('1');
    await expect(count(page)).toHaveText('1 - 2 of 2 Results near nowhere in particular');

    // Reset: all categories, empty search and address, radius 5, no tags, no chips.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByLabel('Address')).toHaveValue('');
    await expect(page.getByLabel('Radius')).toHaveValue('5');
    await expect(category).toHaveValue('all');
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(count(page)).toContainText(/^1 - \d of \d+ Results$/);
  });

  test('cards show their details, APPLY goes to the right place, and pages turn', async ({ page, api }) => {
    const word = uniqueWord('Crd');
    const tags = await Promise.all(['a', 'b', 'c', 'd'].map((s) => api.createTag(uniqueName(`Tg${s}`), 'product')));
    const resource = await api.createLocation({
      name: `${word} 1 Resource`,
      category: 'resource',
      description:
        'Sign up at www.example.org/signup <script>alert(1)</script><img src=x onerror="alert(2)"><strong>Free</strong>',
      phone: '816-555-0101',
      website: 'resource.example.org',
      registrationLink: 'register.example.org/now',
      tagIds: tags.map((t) => t.id),
    });
    const withSite = await api.createLocation({
      name: `${word} 2 Garden`,
      category: 'community-garden',
      address: 'river market',
      website: 'https://garden.example.org',
    });
    const plain = await api.createLocation({ name: `${word} 3 Farm`, category: 'local-farmer', address: '64106' });
    await api.createLocation({ name: `${word} 4 Park`, category: 'park', address: 'loose park' });
    await api.createLocation({ name: `${word} 5 Market`, category: 'farmers-market', address: 'country club plaza' });
    for (const [id, n] of [
      [resource.id, 1],
      [withSite.id, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await page.request.post('/api/flag-reports', {
          data: { locationId: id, flagType: 'outdated', description: 'old' },
        });
        expect(res.ok(), await res.text()).toBeTruthy();
      }
    }

    await page.goto(`/?q=${word}`);
    const size = isPhone(page) ? 2 : 3;
    await expect(count(page)).toHaveText(`1 - ${size} of 5 Results`);
    await expect(cards(page)).toHaveCount(size);

    const first = cards(page).filter({ hasText: `${word} 1 Resource` });
    await expect(first.getByText('Resource', { exact: true })).toHaveClass(/bg-blue-100/);
    await expect(first.getByText('1 flag', { exact: true })).toBeVisible();
    await expect(first.getByText('+1 more')).toBeVisible();
    await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(4);
    await expect(first.getByRole('link', { name: '816-555-0101' })).toHaveAttribute('href', 'tel:8165550101');
    await expect(first.getByRole('link', { name: /resource\.example\.org/ })).toHaveAttribute(
      'href',
      'https://resource.example.org',
    );
    // Sanitised description: no script or image, a bare www. link opens in a new tab.
    const bare = first.getByRole('link', { name: 'www.example.org/signup' });
    await expect(bare).toHaveAttribute('href', 'https://www.example.org/signup');
    await expect(bare).toHaveAttribute('target', '_blank');
    await expect(first.locator('script, img')).toHaveCount(0);
    await expect(first.locator('strong')).toHaveText('Free');
    // The name links to the place's page; APPLY opens the registration link in a new tab.
    await expect(first.getByRole('link', { name: `${word} 1 Resource`, exact: true })).toHaveAttribute(
      'href',
      `/discover/${resource.slug}`,
    );
    const apply = first.getByRole('link', { name: /^APPLY/ });
    await expect(apply).toHaveAttribute('href', 'https://register.example.org/now');
    await expect(apply).toHaveAttribute('target', '_blank');

    const second = cards(page).filter({ hasText: `${word} 2 Garden` });
    await expect(second.getByText('2 flags', { exact: true })).toBeVisible();
    await expect(second.getByRole('link', { name: /^APPLY/ })).toHaveAttribute('href', 'https://garden.example.org');
    await shot(page, 'list');

    // Page through: next, a numbered page, previous.
    const pager = page.getByRole('navigation', { name: 'Result pages' });
    await expect(pager.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(isPhone(page) ? 3 : 2);
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(count(page)).toHaveText(isPhone(page) ? '3 - 4 of 5 Results' : '4 - 5 of 5 Results');
    await expect(page).toHaveURL(/page=2/);
    if (isPhone(page)) {
      await pager.getByRole('link', { name: 'Page 3' }).click();
      await expect(count(page)).toHaveText('5 - 5 of 5 Results');
    }
    const farm = cards(page).filter({ hasText: `${word} 3 Farm` });
    if (!(await farm.count())) {
      await pager.getByRole('link', { name: 'Previous page' }).click();
    }
    await expect(farm.getByRole('link', { name: /^APPLY/ })).toHaveAttribute('href', `/discover/${plain.slug}`);
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await expect(count(page)).toHaveText(`1 - ${size} of 5 Results`);
    await expect(pager.getByRole('link', { name: 'Previous page' })).toBeDisabled();

    // A page that no longer exists goes back to page 1.
    await page.goto(`/?q=${word}&page=9`);
    await expect(count(page)).toHaveText(`1 - ${size} of 5 Results`);
    await expect(page).not.toHaveURL(/page=/);

    // With many results, at most 7 page buttons (plus previous/next).
    await page.route(/\/api\/locations\?/, async (route) => {
      // Pretend there are 100 results: the first page's places with a large total.
      const url = new URL(route.request().url());
      url.searchParams.set('offset', '0');
      const res = await route.fetch({ url: url.toString() });
      await route.fulfill({ response: res, headers: { ...res.headers(), 'x-total-count': '100' } });
    });
    // The server renders the real total (decision 0900): reach page 10 inside the app, where the
    // listing is fetched (and faked) by the browser.
    await page.goto(`/?q=${word}`);
    await expect(count(page)).toHaveText(`1 - ${size} of 5 Results`);
    await page.evaluate((q) => {
      history.pushState(null, '', `/?q=${q}&page=10`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, word);
    await expect(pager.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(7);
    await expect(pager.getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: 'Page 7' })).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Page 13' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('loading skeletons, the error state and the empty state', async ({ page }) => {
    // Loading: the listing is held back, skeleton cards show (2 on phones, 3 otherwise).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The server renders the first page whole (decision 0900): these states are the browser's own,
    // met when Discover opens inside the app (from another page).
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.route(/\/api\/locations\?/, async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, '/');
    await expect(page.getByTestId('location-card-skeleton')).toHaveCount(isPhone(page) ? 2 : 3);
    release();
    await expect(count(page)).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Error: the server fails (after the listing's retries) and the text says so.
    await page.route(/\/api\/locations\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
    );
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await openInApp(page, `/?q=${uniqueWord('Err')}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load locations. Please try again.' }),
    ).toBeVisible({ timeout: 20_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Empty.
    await page.goto(`/?q=${uniqueWord('Nothing')}`);
    await expect(page.getByText('No locations found matching your criteria.')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or expanding your search radius.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
