// Reaching people where they are (decisions 1000-1004): calendar, change feed and embed links on
// Discover and a place's page, by keyboard, axe clean, in English and Spanish; the widget works in
// another site's <iframe>, while any other page refuses to be framed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';
import { tabTo } from './support/keyboard';

/** A partner's site: another origin (host and port) on this machine, serving one page made by the
 * test. A real loopback server (on a port the system picks): a page the test only pretended to
 * fetch would count as public, and Chromium refuses public pages that frame a loopback address
 * (its local network access checks), which real partners and a public server never meet. */
async function partnerSite(body: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function toSpanish(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test.describe('follow a search or a place', () => {
  test('Discover: add to calendar, follow changes and embed this search by keyboard, in English and Spanish', async ({
    page,
    api,
  }) => {
    const name = uniqueName('Followtest Market');
    const word = name.split(' ').at(-1)!;
    await api.createLocation({
      name,
      category: 'farmers-market',
      address: '6321 Wornall Rd, Kansas City, MO 64113',
      openingHours: 'Sa 08:00-13:00',
    });
    await page.goto(`/discover?q=${word}&category=farmers-market`);
    await expect(page.getByRole('heading', { name: 'Follow this search' })).toBeVisible();

    const calendar = page.getByText('Add to calendar');
    await tabTo(page, calendar);
    await page.keyboard.press('Enter');
    const subscribe = page.getByRole('link', { name: 'Subscribe in your calendar app' });
    await expect(subscribe).toBeVisible();
    const base = new URL(page.url()).host;
    await expect(subscribe).toHaveAttribute('href', `webcal://${base}/calendar.ics?q=${word}&category=farmers-market`);
    const download = page.getByRole('link', { name: 'Download the calendar (.ics)' });
    await tabTo(page, download);
    const ics = await page.request.get((await download.getAttribute('href'))!);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`SUMMARY:${name}: open`);

    const changes = page.getByRole('link', { name: 'Follow changes' });
    await tabTo(page, changes);
    const atom = await page.request.get((await changes.getAttribute('href'))!);
    expect(await atom.text()).toContain(`<title type="html"><![CDATA[Added: ${name}]]></title>`);

    const embed = page.getByRole('button', { name: 'Embed this search' });
    await tabTo(page, embed);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Embed this search' });
    await expect(dialog).toBeVisible();
    const code = dialog.getByRole('textbox', { name: 'Code to paste' });
    await expect(code).toHaveValue(
      new RegExp(`^<iframe src="http://${base}/embed\\?q=${word}&amp;category=farmers-market"`),
    );
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(embed).toBeFocused();
    await expectNoAxeViolations(page);

    await toSpanish(page);
    await expect(page.getByRole('heading', { name: 'Sigue esta búsqueda' })).toBeVisible();
    // The disclosure stays open across the change of language.
    await tabTo(page, page.getByRole('link', { name: 'Suscribirse en tu app de calendario' }));
    await expect(page.getByRole('link', { name: 'Suscribirse en tu app de calendario' })).toHaveAttribute(
      'href',
      `webcal://${base}/calendar.ics?q=${word}&category=farmers-market&lang=es`,
    );
    await expect(page.getByRole('link', { name: 'Seguir los cambios' })).toHaveAttribute(
      'href',
      `http://${base}/changes.atom?q=${word}&category=farmers-market&lang=es`,
    );
    const insert = page.getByRole('button', { name: 'Insertar esta búsqueda' });
    await tabTo(page, insert);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Insertar esta búsqueda' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(insert).toBeFocused();
  });

  test("a place's page: add to calendar and follow changes by keyboard, in English and Spanish", async ({
    page,
    api,
  }) => {
    const place = await api.createLocation({
      name: uniqueName('Followtest Grant'),
      category: 'resource',
      deadline: '2031-05-01',
    });
    await page.goto(`/discover/${place.slug}`);
    await expect(page.getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    const calendar = page.getByText('Add to calendar');
    await tabTo(page, calendar);
    await page.keyboard.press('Enter');
    const download = page.getByRole('link', { name: 'Download the calendar (.ics)' });
    await tabTo(page, download);
    const base = new URL(page.url()).host;
    await expect(page.getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
      'href',
      `webcal://${base}/discover/${place.slug}/calendar.ics`,
    );
    const ics = await (await page.request.get((await download.getAttribute('href'))!)).text();
    expect(ics).toContain('DTSTART;VALUE=DATE:20310501');
    const changes = page.getByRole('link', { name: 'Follow changes' });
    await tabTo(page, changes);
    await expect(changes).toHaveAttribute('href', `http://${base}/discover/${place.slug}/changes.atom`);
    // The page names them in its head too.
    await expect(page.locator('head link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
      'href',
      `http://${base}/discover/${place.slug}/calendar.ics`,
    );
    await expectNoAxeViolations(page);

    await toSpanish(page);
    await expect(page.getByRole('heading', { name: 'Mantente al día' })).toBeVisible();
    await expect(page.getByText('Agregar al calendario')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Descargar el calendario (.ics)' }));
    await expect(page.getByRole('link', { name: 'Descargar el calendario (.ics)' })).toHaveAttribute(
      'href',
      `http://${base}/discover/${place.slug}/calendar.ics?lang=es`,
    );
    await expectNoAxeViolations(page);
  });

  test('the widget loads inside a frame on another site and links out; any other page refuses the frame', async ({
    page,
    api,
  }) => {
    const name = uniqueName('Followtest Widget Garden');
    const word = name.split(' ').at(-1)!;
    await api.createLocation({
      name,
      category: 'community-garden',
      address: '20 E 5th St, Kansas City, MO 64106',
    });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const widget = `${origin}/embed?q=${word}`;
    const partner = await partnerSite(`<!doctype html><html lang="en"><head><title>Partner</title></head><body>
      <h1>Our neighbourhood</h1>
      <iframe id="widget" name="widget" src="${widget}" title="Green places" width="${isPhone(page) ? 360 : 900}" height="480"></iframe>
      <iframe id="other" name="other" src="${origin}/discover" title="Discover" width="600" height="300"></iframe>
    </body></html>`);
    try {
      const embedResponse = page.waitForResponse((r) => r.url() === widget);
      await page.goto(`${partner.origin}/`);
      const response = await embedResponse;
      expect(response.status()).toBe(200);
      expect(response.headers()['set-cookie']).toBeUndefined();

      const frame = page.frameLocator('#widget');
      const link = frame.getByRole('link', { name: new RegExp(name) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      // A wide frame draws the map; a phone-width one keeps the list alone.
      if (isPhone(page)) await expect(frame.locator('#embed-map')).toBeHidden();
      else await expect(frame.locator('html[data-map="ready"] #embed-map')).toBeVisible();

      const popup = page.waitForEvent('popup');
      await link.click();
      const placePage = await popup;
      await expect(placePage.getByRole('heading', { level: 1, name })).toBeVisible();
      await placePage.close();

      // Discover refused to be framed: its frame holds the browser's error page, not the app.
      await expect
        .poll(() => page.frame({ name: 'other' })?.url() ?? '', { timeout: 10_000 })
        .toMatch(/^chrome-error:/);
      await expect(page.frameLocator('#other').getByRole('heading', { name: 'Find Green Resources' })).toHaveCount(0);
    } finally {
      await partner.close();
    }
  });
});
