// The Discover map (on demand, clusters, markers) and the location detail
// dialog with inline edit. Every test creates its own places with unique words.
import { cards, count, shot, uniqueWord } from './support/discover';
import { expect, expectNoAxeViolations, test, uniqueName } from './support/fixtures';

test.describe('Discover screen', () => {
  // Long journeys on a shared 2-core machine.
  test.describe.configure({ timeout: 150_000 });

  test('the map loads on demand, clusters and coloured markers, and a marker opens the detail dialog', async ({
    page,
    api,
  }) => {
    const word = uniqueWord('Mapw');
    const place = await api.createLocation({
      name: `${word} River Garden`,
      category: 'community-garden',
      address: '400 Grand Blvd, river market',
      description: 'Raised beds.',
    });

    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`/?q=${word}`);
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    expect(requested.some((u) => /map-view|leaflet/i.test(u))).toBe(false);

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(requested.some((u) => /map-view/.test(u))).toBe(true);
    await expect(page.getByText('1 location on the map')).toBeVisible();
    await expect(page.getByText('© OpenStreetMap contributors')).toBeVisible();
    const marker = page.getByRole('button', { name: `${word} River Garden (Community Garden)` });
    await expect(marker).toBeVisible();
    await expect(marker.locator('span')).toHaveCSS('background-color', 'rgb(77, 124, 15)');
    await shot(page, 'map');
    await expectNoAxeViolations(page);

    // Keyboard: focus the marker and press Enter.
    await marker.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `${word} River Garden` })).toBeVisible();
    await expect(dialog.getByText('Raised beds.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Clusters: the whole directory is more than MAP_POINT_LIMIT (20 on the e2e server), so the
    // map frames it, asks for the part in view and draws the server's counted clusters, which zoom
    // in (and ask again) when clicked.
    const areaRequests = () => requested.filter((u) => /\/api\/locations\/map\?.*west=/.test(u)).length;
    await page.goto('/?view=map');
    const cluster = page.getByRole('button', { name: /locations here, zoom in$/ }).first();
    await expect(cluster).toBeVisible();
    await expect(page.getByText(/^\d+ locations on the map$/)).toBeVisible();
    expect(areaRequests()).toBeGreaterThan(0);
    await shot(page, 'map-clusters');
    const asked = areaRequests();
    const before = await page.getByRole('button', { name: /locations here, zoom in$/ }).count();
    await cluster.click();
    await expect
      .poll(
        async () =>
          (await page.getByRole('button', { name: /\(.+\)$/ }).count()) +
          (await page.getByRole('button', { name: /locations here, zoom in$/ }).count()),
      )
      .not.toBe(before);
    await expect.poll(areaRequests).toBeGreaterThan(asked);
    await expectNoAxeViolations(page);

    // Back to the list (the same filters).
    await page.goto(`/?q=${word}&view=map`);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(count(page)).toHaveText('1 - 1 of 1 Results');
    expect(place.slug).toBeTruthy();
  });

  test('the detail dialog: tabs, reach, tags, details, view/click recording, edit and save with a toast', async ({
    page,
    api,
  }) => {
    const word = uniqueWord('Dlg');
    const tagA = await api.createTag(uniqueName('Zucchini'), 'product');
    const tagB = await api.createTag(uniqueName('Apples'), 'product');
    const tagC = await api.createTag(uniqueName('Ramp'), 'accessibility');
    const resource = await api.createLocation({
      name: `${word} Seed Grant`,
      category: 'resource',
      description: 'Grants for gardens. Details at https://grants.example.org/info',
      phone: '816-555-0199',
      website: 'grants.example.org',
      address: 'union station',
      deadline: '2030-03-15',
      registrationLink: 'grants.example.org/apply',
      faqLink: 'grants.example.org/faq',
      tagIds: [tagA.id, tagB.id, tagC.id],
    });
    await api.createLocation({ name: `${word} Quiet Park`, category: 'park', address: 'loose park' });

    await page.goto(`/?q=${word}`);
    await expect(count(page)).toHaveText('1 - 2 of 2 Results');

    // Clicking the card body (not a link) opens the dialog on About.
    await cards(page)
      .filter({ hasText: `${word} Seed Grant` })
      .getByText('Grants for gardens.')
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `${word} Seed Grant` })).toBeVisible();
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveText(['About', 'Contact', 'reach', 'Tags', 'Details']);
    await expect(dialog.getByRole('tablist')).toHaveClass(/grid-cols-5/);
    await expect(dialog.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('link', { name: 'https://grants.example.org/info' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await shot(page, 'dialog');
    await expectNoAxeViolations(page);

    // Contact: the first address/contact click is recorded once per opening.
    await dialog.getByRole('tab', { name: 'Contact' }).click();
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('link', { name: /grants\.example\.org/ }).click();
    await (await popup).close();
    const popup2 = page.waitForEvent('popup');
    await dialog.getByRole('link', { name: /union station/ }).click();
    await (await popup2).close();

    // reach: loaded when first opened; one view (this opening) and one click.
    await dialog.getByRole('tab', { name: 'reach' }).click();
    await expect(dialog.getByTestId('total-views')).toHaveText('1');
    await expect(dialog.getByTestId('total-clicks')).toHaveText('1');
    await expect(dialog.getByText('Total Views')).toBeVisible();

    // Tags grouped by category (upper-cased, alphabetical), tags sorted.
    await dialog.getByRole('tab', { name: 'Tags' }).click();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(['ACCESSIBILITY', 'PRODUCT']);
    await expect(dialog.getByRole('region', { name: 'PRODUCT' }).getByRole('listitem')).toHaveText([
      tagB.name,
      tagA.name,
    ]);

    // Details (resources only).
    await dialog.getByRole('tab', { name: 'Details' }).click();
    await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Mar 15, 2030')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Register Now/ })).toHaveAttribute(
      'href',
      'https://grants.example.org/apply',
    );
    await expect(dialog.getByRole('link', { name: /View FAQ/ })).toHaveAttribute(
      'href',
      'https://grants.example.org/faq',
    );

    // Closing resets the tab to About.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const secondView = page.waitForResponse(
      (r) => r.url().endsWith(`/api/locations/${resource.id}/view`) && r.request().method() === 'POST',
    );
    await cards(page)
      .filter({ hasText: `${word} Seed Grant` })
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(dialog.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
    // The second opening sends its view too; one network group counts once a place and day
    // (decision 0712), so the totals stay.
    expect((await secondView).ok()).toBe(true);
    expect((await api.getLocation(resource.id)).engagement).toEqual({ totalViews: 1, totalClicks: 1 });

    // Edit: URL, date and telephone inputs; Save shows the toast and the new name.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('Website')).toHaveAttribute('type', 'url');
    await expect(dialog.getByLabel(/Registration link/i)).toHaveAttribute('type', 'url');
    await expect(dialog.getByLabel(/FAQ link/i)).toHaveAttribute('type', 'url');
    await expect(dialog.getByLabel(/Deadline/i)).toHaveAttribute('type', 'date');
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel(/Deadline/i)).toHaveValue('2030-03-15');
    await shot(page, 'dialog-edit');
    await expectNoAxeViolations(page);

    // A failing save shows the server's message.
    await page.route(`**/api/locations/${resource.id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"message":"Someone else changed this place"}',
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Someone else changed this place');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await dialog.getByLabel(/^Name/).fill(`${word} Seed Grant Renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast).toContainText('Success');
    await expect(toast).toContainText('Location updated successfully');
    await expect(dialog.getByRole('heading', { name: `${word} Seed Grant Renamed` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
    // A toast is the topmost layer (Escape would dismiss it first): use the Close button.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(cards(page).filter({ hasText: `${word} Seed Grant Renamed` })).toHaveCount(1);

    // Cancel leaves editing without saving.
    await cards(page)
      .filter({ hasText: `${word} Seed Grant Renamed` })
      .getByRole('button', { name: /^Details/ })
      .click();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel(/^Name/).fill('Not saved');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('heading', { name: `${word} Seed Grant Renamed` })).toBeVisible();
    // A toast is the topmost layer (Escape would dismiss it first): use the Close button.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // A place that is not a resource: four tabs, no tags.
    await cards(page)
      .filter({ hasText: `${word} Quiet Park` })
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(dialog.getByRole('tab')).toHaveText(['About', 'Contact', 'reach', 'Tags']);
    await expect(dialog.getByRole('tablist')).toHaveClass(/grid-cols-4/);
    await dialog.getByRole('tab', { name: 'Tags' }).click();
    await expect(dialog.getByText('No tags available')).toBeVisible();
  });
});
