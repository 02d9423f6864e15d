// The location page (/discover/{slug}) with its tabs, inline edit, view and click counts,
// at desktop and phone sizes; Get Directions and Share are in location-page-sharing.spec.ts.
import { shot, usDate } from './support/location-page';
import { expect as baseExpect, expectNoAxeViolations, test, uniqueName } from './support/fixtures';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// The shared 2-core machine can be slow; these journeys take many steps.
test.describe.configure({ timeout: 120_000 });

test('shows a skeleton, then the place with its facts, tags and the About and reach tabs', async ({
  page,
  api,
}, info) => {
  const tag = await api.createTag(uniqueName('Organic'), 'product');
  const name = uniqueName('Page Market');
  const loc = await api.createLocation({
    name,
    category: 'farmers-market',
    description: 'Fresh produce every Saturday. Map at https://example.org/market-map today.',
    address: '20 E 5th St, Kansas City, MO 64106',
    phone: '(816) 555-0100',
    website: 'www.example.org',
    operatingHours: 'Sat 8am-1pm',
    tagIds: [tag.id],
  });

  // Hold the place's request until the skeleton has been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  // The server renders the page whole (decision 0900): the skeleton is the browser's own, met when
  // the page opens inside the app.
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.route(`**/api/locations/slug/${loc.slug}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/discover/${loc.slug}`);
  await expect(page.getByTestId('location-skeleton')).toBeVisible();
  release();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('location-skeleton')).toHaveCount(0);
  await expect(page).toHaveTitle(`${name} | KC Green Directory`);
  await expect(page.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/discover');
  await expect(page.getByText('Farmers Market', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: '20 E 5th St, Kansas City, MO 64106 (get directions)' })).toBeVisible();
  await expect(page.getByRole('link', { name: '(816) 555-0100' })).toHaveAttribute('href', 'tel:8165550100');
  const website = page.getByRole('link', { name: /www\.example\.org/ });
  await expect(website).toHaveAttribute('href', 'https://www.example.org');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Sat 8am-1pm')).toBeVisible();
  await expect(page.getByRole('list').getByText(tag.name)).toBeVisible();

  // Two tabs (no Details) in a 2-column grid.
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['About', 'reach']);
  await expect(tabs).toHaveClass(/grid-cols-2/);
  const about = page.getByRole('tabpanel');
  await expect(about).toContainText('Fresh produce every Saturday.');
  const descLink = about.getByRole('link', { name: 'https://example.org/market-map' });
  await expect(descLink).toHaveAttribute('href', 'https://example.org/market-map');
  await expect(descLink).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(page);
  await shot(page, 'page', info.project.name);

  await page.getByRole('tab', { name: 'reach' }).click();
  const reach = page.getByRole('tabpanel');
  await expect(reach.getByText('Total Views')).toBeVisible();
  await expect(reach.getByText('Total Clicks')).toBeVisible();
  const fresh = await api.getLocation(loc.id);
  await expect(reach).toContainText(`Last updated${usDate(fresh.updatedAt)}`);
  await expect(reach).toContainText(`Total Views${fresh.engagement.totalViews}`);
  await expectNoAxeViolations(page);
  await shot(page, 'reach', info.project.name);
});

test('a resource shows the Details tab: status, deadline, Register Now and View FAQ', async ({ page, api }, info) => {
  const name = uniqueName('Page Workshop');
  const loc = await api.createLocation({
    name,
    category: 'resource',
    description: 'Learn to compost at home.',
    deadline: '2030-06-30',
    registrationLink: 'example.org/register',
    faqLink: 'https://example.org/faq',
    status: 'active',
  });
  await page.goto(`/discover/${loc.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Resource', { exact: true })).toBeVisible();
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['About', 'reach', 'Details']);
  await expect(tabs).toHaveClass(/grid-cols-3/);
  await page.getByRole('tab', { name: 'Details' }).click();
  const details = page.getByRole('tabpanel');
  await expect(details).toContainText('StatusActive');
  await expect(details.locator('.bg-green-600')).toHaveCount(1);
  await expect(details).toContainText('DeadlineJun 30, 2030');
  await expect(details.getByRole('link', { name: /Register Now/ })).toHaveAttribute(
    'href',
    'https://example.org/register',
  );
  await expect(details.getByRole('link', { name: /View FAQ/ })).toHaveAttribute('href', 'https://example.org/faq');
  await expectNoAxeViolations(page);
  await shot(page, 'details', info.project.name);

  const expired = await api.createLocation({
    name: uniqueName('Page Expired'),
    category: 'resource',
    status: 'expired',
  });
  await page.goto(`/discover/${expired.slug}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('StatusExpired');
  await expect(page.getByRole('tabpanel').locator('.bg-red-600')).toHaveCount(1);
});

test('an unknown slug shows the not-found card with a way back', async ({ page }) => {
  await page.goto(`/discover/${uniqueName('no-such-place').replace(/\s+/g, '-')}`);
  await expect(
    page.getByText('Location not found. This location may have been removed or the URL may be incorrect.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Discover' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('each page load sends one view, counted once a day per network group; the address records a click', async ({
  page,
  api,
}) => {
  const loc = await api.createLocation({
    name: uniqueName('Page Views'),
    category: 'park',
    address: '4800 Main St, Kansas City, MO',
  });
  const totals = async () => (await api.getLocation(loc.id)).engagement as { totalViews: number; totalClicks: number };
  const viewPosted = () =>
    page.waitForResponse((r) => r.url().endsWith(`/api/locations/${loc.id}/view`) && r.request().method() === 'POST');
  const before = await totals();

  await Promise.all([viewPosted(), page.goto(`/discover/${loc.slug}`)]);
  await expect.poll(async () => (await totals()).totalViews).toBe(before.totalViews + 1);
  // The reload sends its view too; this network group was counted today already (decision 0712).
  const [reloaded] = await Promise.all([viewPosted(), page.reload()]);
  expect(reloaded.ok()).toBe(true);
  expect((await totals()).totalViews).toBe(before.totalViews + 1);
  await page.getByRole('tab', { name: 'reach' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`Total Views${before.totalViews + 1}`);

  await page.getByRole('button', { name: /get directions/ }).click();
  await expect(page.getByRole('dialog', { name: 'Get Directions' })).toBeVisible();
  await expect.poll(async () => (await totals()).totalClicks).toBe(before.totalClicks + 1);
});

test('Edit opens the inline form with its tabs; Cancel discards the changes', async ({ page, api }) => {
  const tag = await api.createTag(uniqueName('Shade'), 'amenity');
  const name = uniqueName('Page Edit Cancel');
  const loc = await api.createLocation({
    name,
    category: 'resource',
    description: '<p>Line <strong>one</strong></p><p>Line two</p>',
    address: '1 Elm St',
    deadline: '2031-01-15T18:00:00.000Z',
    tagIds: [tag.id],
  });
  await page.goto(`/discover/${loc.slug}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await expect(form.getByRole('tab')).toHaveText(['About', 'Contact', 'reach', 'Tags', 'Details']);
  await expect(form.getByLabel('Name')).toHaveValue(name);
  // The description is editable text, not markup.
  await expect(form.getByLabel('Description')).toHaveValue(/^Line one\n+Line two$/);
  await form.getByRole('tab', { name: 'reach' }).click();
  await expect(form.getByLabel(/Address/)).toHaveValue('1 Elm St');
  await form.getByRole('tab', { name: 'Details' }).click();
  await expect(form.getByLabel('Deadline')).toHaveValue('2031-01-15');
  await form.getByRole('tab', { name: 'Tags' }).click();
  await expect(form.getByText(tag.name).first()).toBeVisible();
  await form.getByRole('tab', { name: 'Contact' }).click();
  await expect(form.getByLabel('Phone')).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByRole('tab', { name: 'About' }).click();
  await form.getByLabel('Name').fill('Something else entirely');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('form').getByLabel('Name')).toHaveValue(name);
});

test('Save shows the success toast, reloads the page and the new text shows', async ({ page, api }, info) => {
  const name = uniqueName('Page Edit Save');
  const loc = await api.createLocation({ name, category: 'park', address: '2 Oak St', description: 'Old words.' });
  await page.goto(`/discover/${loc.slug}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form.getByLabel('Description').fill('Brand new words about the park.');
  await form.getByRole('tab', { name: 'Contact' }).click();
  await form.getByLabel('Phone').fill('816-555-0199');
  await shot(page, 'edit', info.project.name);
  // A marker that a reload clears.
  await page.evaluate(() => {
    (window as unknown as { __beforeReload?: boolean }).__beforeReload = true;
  });
  const patched = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/locations/${loc.id}`));
  await form.getByRole('button', { name: 'Save' }).click();
  const body = (await patched).postDataJSON();
  expect(Object.keys(body).sort()).toEqual(
    // The page's form sends the place's coordinates too (decision 0304), its structured hours
    // (decision 0800) and its whole set of attributes (decision 0803).
    [
      'address',
      'attributes',
      'category',
      'description',
      'latitude',
      'longitude',
      'name',
      'openingHours',
      'operatingHours',
      'phone',
      'tagIds',
      'website',
    ].sort(),
  );
  const toastEl = page.getByTestId('toast');
  await expect(toastEl).toContainText('Success');
  await expect(toastEl).toContainText('Location updated successfully');
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload ?? false)
        .catch(() => 'reloading'),
    )
    .toBe(false);
  await expect(page.getByRole('tabpanel')).toContainText('Brand new words about the park.');
  await expect(page.getByRole('link', { name: '816-555-0199' })).toBeVisible();
});

test('a failed save shows the server message, else the fallback', async ({ page, api }) => {
  const name = uniqueName('Page Edit Fail');
  const loc = await api.createLocation({ name, category: 'park', address: '3 Pine St' });
  await page.goto(`/discover/${loc.slug}`);
  let answer = { status: 409, body: JSON.stringify({ message: 'Someone else changed this place' }) };
  await page.route(`**/api/locations/${loc.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const toastEl = page.getByTestId('toast');
  await expect(toastEl).toHaveAttribute('data-variant', 'destructive');
  await expect(toastEl).toContainText('Error');
  await expect(toastEl).toContainText('Someone else changed this place');
  answer = { status: 500, body: '' };
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toastEl).toContainText('Failed to update location');
  // Still editing: nothing was lost.
  await expect(page.getByRole('form', { name: `Edit ${name}` })).toBeVisible();
});

test('the edit form loads only when asked for, and a failed load says so and offers a reload', async ({
  page,
  api,
}) => {
  const loc = await api.createLocation({ name: uniqueName('Page Lazy Form'), category: 'park', address: '2 Elm St' });
  const formFiles: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/location-form-[^/]*\.js$/.test(r.url())) formFiles.push(r.url());
  });
  // The file of the form cannot be fetched (offline, or a new version of the site replaced it).
  await page.route(/\/assets\/location-form-[^/]*\.js$/, (route) => route.abort());
  await page.goto(`/discover/${loc.slug}`);
  await page.waitForLoadState('networkidle');
  // Reading a place never fetches the form.
  expect(formFiles).toEqual([]);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The form could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  expect(formFiles.length).toBeGreaterThan(0);
  // The file is back: a reload shows the form.
  await page.unroute(/\/assets\/location-form-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: loc.name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: `Edit ${loc.name}` }).getByLabel('Name')).toHaveValue(loc.name);
});
