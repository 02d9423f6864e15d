// Pages that arrive rendered (decision 0900): every route's HTML holds its content and hydrates
// with no console error or warning, and with JavaScript off a person can still read a place,
// search, filter by category and page through the results.
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, isPhone, test, uniqueName } from './support/fixtures';

const PLACE = 'alldredge-orchards';
// With the service worker as a visitor has it: its registration must not log anything either
// (blocked, Playwright itself warns about it; decision 0910).
test.use({ serviceWorkers: 'allow' });

/** Console errors and warnings while the page loads and hydrates. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    // The document's own 404 status (an unknown page or place) is reported as a failed load.
    if (/status of 404/.test(m.text()) && m.location().url === page.url()) return;
    // The e2e server's map tiles are unreachable on purpose (scripts/e2e-server.ts): a place's own
    // map (decision 0804) asks for them.
    if (/status of 404/.test(m.text()) && m.location().url.includes('/test-tiles/')) return;
    messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

const ROUTES: [string, number, string][] = [
  ['/', 200, 'Find Green Resources'],
  ['/discover?category=park', 200, 'Find Green Resources'],
  ['/discover?q=market&page=2', 200, 'Find Green Resources'],
  [`/discover/${PLACE}`, 200, 'Alldredge Orchards'],
  ['/discover/no-such-place', 404, 'Location not found'],
  ['/about', 200, 'About'],
  ['/privacy', 200, 'Privacy Policy'],
  ['/terms', 200, 'Terms and Conditions'],
  ['/cookies', 200, 'Cookie'],
  ['/no-such-page', 404, '404 Page Not Found'],
];

test.describe('hydration', () => {
  for (const [url, status, heading] of ROUTES) {
    test(`${url} arrives rendered and hydrates without a console message`, async ({ page }) => {
      const messages = watchConsole(page);
      const res = await page.goto(url);
      expect(res?.status()).toBe(status);
      const html = (await res?.text()) ?? '';
      expect(html).toContain(heading.replace(/&/g, '&amp;'));
      expect(html).toContain('<script type="application/json" id="ssr-data">');
      // One inline script, the early-input script (decision 0904), allowed by the Content Security
      // Policy by its hash; every other script element is a data block or the bundle.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = scripts.filter(([, attrs]) => !/ src="\/[^/"]|type="application\/(?:json|ld\+json)"/.test(attrs!));
      expect(inline.map(([, attrs]) => attrs)).toEqual(['']);
      const hash = createHash('sha256').update(inline[0]![2]!, 'utf8').digest('base64');
      expect(res?.headers()['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(inline[0]![2]).toContain('data-early-kept');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      await page.waitForLoadState('networkidle');
      // Hydrated: a control the server rendered now answers.
      await page.getByTestId('home-button').hover();
      expect(messages).toEqual([]);
    });
  }

  test('the cookie banner of a first visit hydrates without a console message', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages = watchConsole(page);
    const res = await page.goto('/');
    expect(await res?.text()).toContain('data-testid="cookie-banner"');
    await expect(page.getByRole('region', { name: 'Cookies on KC Green Directory' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Essential only' }).click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    // The choice travels in its cookie: the next page arrives without the banner.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('0');
    const next = await page.goto('/about');
    expect(await next?.text()).not.toContain('data-testid="cookie-banner"');
    expect(messages).toEqual([]);
    await context.close();
  });

  test('the cookie banner is not the largest paint, even above a short place name', async ({ browser, api }) => {
    // Decision 0901: a first visit's largest paint is the page's content.
    // A three-letter name and a description of one sentence, as a neighbour adding a park would write.
    const place = await api.createLocation({
      name: `Elm ${Math.random().toString(36).slice(2, 5)}`,
      category: 'park',
      address: '3 Pine St',
      description:
        'A small neighbourhood park with shade trees, benches and a paved loop; dogs on a leash are welcome.',
    });
    for (const url of ['/', `/discover/${place.slug}`]) {
      const context = await browser.newContext({ viewport: test.info().project.use.viewport });
      const page = await context.newPage();
      await page.goto(url);
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const largest = await page.evaluate(
        () =>
          new Promise<{ inBanner: boolean; text: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntries().at(-1) as LargestContentfulPaint | undefined;
              const element = entry?.element ?? null;
              resolve({
                inBanner: !!element?.closest('[data-testid="cookie-banner"]'),
                text: element?.textContent?.slice(0, 60) ?? '(removed)',
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(largest.inBanner, `${url}: the largest paint is "${largest.text}"`).toBe(false);
      await context.close();
    }
  });

  test('a place with opening hours arrives with its week, and nothing on the page moves as it hydrates', async ({
    page,
    api,
  }) => {
    const place = await api.createLocation({
      name: uniqueName('Hours Park'),
      category: 'park',
      address: '4 Pine St',
      openingHours: 'Mo-Su 05:00-24:00',
    });
    await page.addInitScript(() => {
      const w = window as unknown as { movedBy: number };
      w.movedBy = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) w.movedBy += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const messages = watchConsole(page);
    const res = await page.goto(`/discover/${place.slug}`);
    // The server's page holds the status, this week's seven days and the next change.
    const html = (await res?.text()) ?? '';
    expect(html).toContain('This week&#x27;s hours');
    expect(html).toContain('data-testid="hours-next-change"');
    await page.waitForLoadState('networkidle');
    const hours = page.getByTestId('location-hours');
    await expect(hours.getByText('05:00–24:00', { exact: false })).toHaveCount(7);
    // The header's visitor count arriving, the hours recomputed for this browser's clock: no shift.
    expect(await page.evaluate(() => (window as unknown as { movedBy: number }).movedBy)).toBe(0);
    expect(messages).toEqual([]);
  });

  test('a visitor who kept Spanish gets the page rendered in Spanish', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const res = await page.goto(`/discover/${PLACE}`);
    expect(await res?.text()).toContain('<html lang="es"');
    await expect(page.getByRole('link', { name: 'Volver a Descubrir' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
  });

  test('on a phone the first page holds two cards from the first paint', async ({ page }) => {
    test.skip(!isPhone(page), 'phone only');
    await page.goto('/');
    await expect(page.getByTestId('location-card').locator('visible=true')).toHaveCount(2);
    await expect(page.getByTestId('results-count')).toHaveText(/^1 - 2 of \d+ Results$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a place is fully readable', async ({ page }) => {
    const res = await page.goto(`/discover/${PLACE}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Alldredge Orchards' })).toBeVisible();
    await expect(page.getByText('Local Farmer').first()).toBeVisible();
    await expect(page.getByText('10455 Hwy N, Platte City, MO')).toBeVisible();
    await expect(page.getByText(/Small family orchard just south of Platte City/)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'About', selected: true })).toBeVisible();
  });

  test('an unknown place answers 404 with the not-found card', async ({ page }) => {
    const res = await page.goto('/discover/no-such-place');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Location not found' })).toBeVisible();
  });

  test('search, filter by category and page through the results', async ({ page }) => {
    await page.goto('/');
    const count = page.getByTestId('results-count');
    await expect(count).toHaveText(/^1 - 3 of \d+ Results$/);

    // A word only the seeded place holds: other tests add places named "… Orchard" meanwhile.
    await page.getByLabel('Search', { exact: true }).fill('alldredge');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=alldredge/);
    await expect(page.getByRole('link', { name: 'Alldredge Orchards', exact: true })).toBeVisible();

    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Category').selectOption('park');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=park/);
    await expect(page.getByLabel('Category')).toHaveValue('park');
    const cards = page.getByTestId('location-card');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card.getByText('Park', { exact: true })).toBeVisible();
    const total = Number((await count.textContent())?.match(/of (\d+) Results/)?.[1]);
    expect(total).toBeGreaterThan(3);

    const pager = page.getByRole('navigation', { name: 'Result pages' });
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]category=park/);
    // Other tests add places meanwhile: the total may have grown.
    await expect(count).toHaveText(/^4 - \d of \d+ Results$/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // A card's name is a real link to the place's page.
    const first = cards.first().getByRole('heading').getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

test.describe('rendered pages are cached', () => {
  test('an ETag answers 304 until a write changes the page', async ({ request, api }) => {
    const place = await api.createLocation({ name: uniqueName('Cache Garden'), category: 'park', address: '2 Oak St' });
    const url = `/discover/${place.slug}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    const etag = first.headers().etag ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await request.get(url, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    const patched = await request.patch(`/api/locations/${place.id}`, { data: { phone: '(816) 555-0142' } });
    expect(patched.ok()).toBeTruthy();
    const changed = await request.get(url, { headers: { 'If-None-Match': etag } });
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toContain('(816) 555-0142');
    expect(changed.headers().etag).not.toBe(etag);
  });
});
