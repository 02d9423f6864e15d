// Print and QR (decision 0911) at both sizes: a place's page and a result list print as text
// without chrome; "Print this list" prints on one or two pages with QR codes that jsQR reads back
// as each place's page; axe clean; English and Spanish.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

// Sharp enough pictures for the decoder: three device pixels per CSS pixel.
test.use({ deviceScaleFactor: 3 });
test.describe.configure({ timeout: 120_000 });
const SHOTS = '/tmp/shots-print';
fs.mkdirSync(SHOTS, { recursive: true });
const size = (page: Page) => (isPhone(page) ? 'phone' : 'desktop');

/** The text a QR code's picture holds, read by jsQR from a screenshot of it. The open dialog locks
 * the page's scrolling, so the picture is cut from a screenshot of the whole page. */
async function decodeQr(page: Page, qr: Locator): Promise<string | null> {
  await qr.scrollIntoViewIfNeeded();
  const box = await qr.boundingBox();
  if (!box) return null;
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const shot = await page.screenshot({ fullPage: true, clip: { ...box, x: box.x + scroll.x, y: box.y + scroll.y } });
  const png = PNG.sync.read(shot);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Pages of a PDF that Chromium printed (each page object names its type). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

async function searchFor(page: Page, word: string) {
  await page.goto(`/?q=${encodeURIComponent(word)}`);
  await expect(page.getByTestId('results-count')).toBeVisible();
}

test("a place's page prints its facts, without the header, buttons or map", async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Printed Pantry'),
    category: 'resource',
    description: 'Free groceries on Saturdays.',
    address: '100 Main St, Kansas City, MO 64105',
    phone: '816-555-0177',
    website: 'https://pantry.example.org',
    operatingHours: 'Saturdays 9 to noon',
  });
  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await page.emulateMedia({ media: 'print' });

  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(main.getByText('100 Main St, Kansas City, MO 64105')).toBeVisible();
  await expect(main.getByText('816-555-0177')).toBeVisible();
  await expect(main.getByText('pantry.example.org')).toBeVisible();
  await expect(main.getByText('Saturdays 9 to noon')).toBeVisible();
  await expect(main.getByText('Free groceries on Saturdays.')).toBeVisible();
  await expect(page.locator('#root > div > header')).toBeHidden();
  await expect(page.locator('#root > div > footer')).toBeHidden();
  for (const name of ['Share', 'Edit', 'Back to Discover', 'Yes']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
  }
  await expect(page.getByRole('tablist')).toBeHidden();
  // The place's own map (decision 0804) is on the screen, never on paper.
  await expect(page.locator('.leaflet-container')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/place-${size(page)}.png`, fullPage: true });
  expect(pdfPages(await page.pdf({ format: 'Letter' }))).toBe(1);
});

test('a list of results prints its cards, without the filters, map or buttons', async ({ page, api }) => {
  const word = uniqueName('Printlist').replace(/\s+/g, '');
  for (const n of [1, 2]) {
    await api.createLocation({
      name: `${word} Garden ${n}`,
      category: 'community-garden',
      address: `${n}00 Oak St, Kansas City, MO 64106`,
      phone: `816-555-010${n}`,
    });
  }
  await searchFor(page, word);
  await expect(page.getByTestId('location-card')).toHaveCount(2);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('location-card')).toHaveCount(2);
  for (const card of await page.getByTestId('location-card').all()) await expect(card).toBeVisible();
  await expect(page.getByText('816-555-0101')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print this list' })).toBeHidden();
  await expect(page.getByRole('link', { name: /^APPLY/ }).first()).toBeHidden();
  await expect(page.locator('#root > div > header')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/results-${size(page)}.png`, fullPage: true });
});

test('"Print this list" prints each place with a QR code that opens its page', async ({ page, api, baseURL }) => {
  const word = uniqueName('Qrlist').replace(/\s+/g, '');
  const places = [];
  for (const n of [1, 2, 3]) {
    places.push(
      await api.createLocation({
        name: `${word} Market ${n}`,
        category: 'farmers-market',
        address: `${n}00 Grand Blvd, Kansas City, MO 64108`,
        phone: `816-555-020${n}`,
        website: `https://market${n}.example.org`,
        operatingHours: 'Sa 8-13',
        // What a person needs to decide whether to go is on the paper too (decision 0803).
        ...(n === 1
          ? { attributes: { snap: true, doubleUp: true, wheelchair: 'yes', busStop: true, credit: false } }
          : {}),
      }),
    );
  }
  await searchFor(page, word);
  const opener = page.getByRole('button', { name: 'Print this list' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Print this list' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('print-list-count')).toHaveText(/^3 places · printed [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const entries = dialog.getByTestId('print-list-place');
  await expect(entries).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  for (const place of places) {
    const entry = entries.filter({ hasText: place.name });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(place.address as string);
    await expect(entry).toContainText(`Phone: ${place.phone}`);
    await expect(entry).toContainText('market');
    await expect(entry).toContainText('Hours: Sa 8-13');
    if (place === places[0]) {
      await expect(entry.getByTestId('attribute-line')).toHaveText(
        'Payments and access: SNAP · Double Up · Wheelchair accessible · Near a bus stop',
      );
    } else {
      await expect(entry.getByTestId('attribute-line')).toHaveCount(0);
    }
    const qr = entry.getByRole('img', { name: `QR code that opens the page of ${place.name}` });
    expect(await decodeQr(page, qr)).toBe(`${baseURL}/discover/${place.slug}`);
  }
  await page.screenshot({ path: `${SHOTS}/sheet-${size(page)}.png`, fullPage: true });
  expect(pdfPages(await page.pdf({ format: 'Letter' }))).toBe(1);

  // Closing returns to the page, focus on the button that opened it.
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the whole directory prints its first 30 places on at most two pages, in Spanish too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Imprimir esta lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Imprimir esta lista' });
  await expect(dialog.getByTestId('print-list-count')).toHaveText(
    /^Los primeros 30 de \d+ lugares de esta búsqueda · impreso el \d{1,2} [a-z]{3,4}\.? \d{4}$/,
  );
  await expect(dialog.getByTestId('print-list-place')).toHaveCount(30);
  await page.emulateMedia({ media: 'print' });
  const pages = pdfPages(await page.pdf({ format: 'Letter' }));
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/sheet40-${size(page)}.png`, fullPage: true });
});
