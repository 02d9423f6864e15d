// Payments and access (decision 0803) at both sizes: attributes edited by keyboard alone, saved,
// read in full on the page and as icons with text on the card, in English and Spanish, axe clean;
// the add dialog keeps an answer as work not to lose.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, type LocationInput, test, uniqueName } from './support/fixtures';
import { tabTo } from './support/keyboard';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const ADDRESS = '20 E 5th St, Kansas City, MO 64106';
const SHOTS = '/tmp/shots-attributes';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${SHOTS}/${name}-${(page.viewportSize()?.width ?? 1280) < 768 ? 'phone' : 'desktop'}.png`,
    fullPage: true,
  });

/** Chooses a radio of a group with the arrow keys only: Tab into the group (its checked radio),
 * then arrows until the wanted one is checked. */
async function choose(page: Page, scope: Locator, group: string, choice: string) {
  const radios = scope.getByRole('group', { name: group, exact: true }).getByRole('radio');
  const wanted = scope
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: choice, exact: true });
  const checked = radios.and(page.locator(':checked'));
  await tabTo(page, checked);
  for (let i = 0; i < 4 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowLeft');
  await expect(wanted).toBeChecked();
  await expect(wanted).toBeFocused();
}

test('attributes edited with the keyboard alone, then shown on the page and the card, in English and Spanish', async ({
  page,
  api,
}) => {
  const word = uniqueName('Attrkeys').replace(/\s+/g, '');
  const place = await api.createLocation({ name: `${word} Market`, category: 'farmers-market', address: ADDRESS });
  await page.goto(`/discover/${place.slug}`);

  // Nothing known yet: one line says so and invites an edit.
  const section = page.getByRole('region', { name: 'Payments and access' });
  await expect(section).toContainText('Nobody has said yet how to pay here or how accessible it is.');
  await expectNoAxeViolations(page);
  await tabTo(page, section.getByRole('button', { name: 'Add what you know' }));
  await page.keyboard.press('Enter');

  // The edit form: the reach tab holds the address and the Payments and access disclosure.
  await tabTo(page, page.getByRole('tab', { name: 'About' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'reach' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form');
  const disclosure = form.getByText('Payments and access', { exact: true });
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  const snap = form.getByRole('group', { name: 'SNAP/EBT', exact: true });
  await expect(snap).toBeVisible();
  // "Not known" is every fact's default.
  await expect(snap.getByRole('radio', { name: 'Not known' })).toBeChecked();
  await expectNoAxeViolations(page);
  await shot(page, 'form');

  await choose(page, form, 'SNAP/EBT', 'Yes');
  await choose(page, form, 'WIC', 'Yes');
  await choose(page, form, 'Credit cards', 'No');
  await choose(page, form, 'Wheelchair access', 'Limited');
  await choose(page, form, 'Restroom', 'Yes');
  await choose(page, form, 'Bus stop a short walk away', 'Yes');
  await choose(page, form, 'Cost', 'Free');
  await choose(page, form, 'Who may come', 'Only members, residents or those who qualify');
  const note = form.getByRole('textbox', { name: 'Who qualifies' });
  await tabTo(page, note);
  await page.keyboard.type('Seniors 60 and over');
  const languages = form.getByRole('textbox', { name: 'Languages spoken' });
  await tabTo(page, languages);
  // A name the schema cannot take says what to write, and Save keeps the form.
  await page.keyboard.type('Spanish, Klingon');
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText('Write language names or codes (en, es, vi), separated by commas.')).toBeVisible();
  await expect(languages).toHaveAttribute('aria-invalid', 'true');
  await tabTo(page, languages, { back: true });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Spanish, vi');

  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/locations/${place.id}`) && r.request().method() === 'PATCH',
  );
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { attributes: unknown }).attributes).toEqual({
    snap: true,
    wic: true,
    credit: false,
    wheelchair: 'limited',
    restroom: true,
    busStop: true,
    free: true,
    eligibility: 'restricted',
    eligibilityNote: 'Seniors 60 and over',
    languages: ['es', 'vi'],
  });

  // The page (reloaded after the save) says every known fact, yes and no.
  await expect(section.getByText('Accepts SNAP/EBT')).toBeVisible({ timeout: 30_000 });
  for (const line of [
    'Accepts WIC',
    'Does not accept credit cards',
    'Wheelchair: limited',
    'Restroom',
    'Bus stop a short walk away',
    'Free',
    'For members, residents or those who qualify: Seniors 60 and over',
    'Languages: Spanish, Vietnamese',
  ]) {
    await expect(section.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(section).not.toContainText('Parking');
  await expectNoAxeViolations(page);
  await shot(page, 'page');

  // Its card: icons with text for the known positive facts, the first four and "+n more".
  await page.goto(`/discover?q=${word}`);
  const card = page.getByTestId('location-card').filter({ hasText: place.name });
  const badges = card.getByRole('list', { name: 'Payments and access' });
  await expect(badges.getByRole('listitem')).toHaveText([
    'SNAP',
    'WIC',
    'Free',
    'Limited wheelchair access',
    '+2 more',
  ]);
  await expect(badges).not.toContainText('Credit');
  await expectNoAxeViolations(page);
  await card.screenshot({
    path: `${SHOTS}/card-${(page.viewportSize()?.width ?? 1280) < 768 ? 'phone' : 'desktop'}.png`,
  });

  // In Spanish: the card and the page.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const tarjeta = card.getByRole('list', { name: 'Pagos y acceso' });
  await expect(tarjeta.getByRole('listitem').first()).toHaveText('SNAP');
  await expect(tarjeta).toContainText('Gratis');
  await expect(tarjeta).toContainText('Acceso limitado en silla de ruedas');
  await expectNoAxeViolations(page);
  // Rendered in Spanish on the server, hydrated without a message (the languages' names match).
  const messages: string[] = [];
  page.on('console', (m) => {
    // Playwright's own notice when it blocks the service worker (playwright.config.ts) is not the page's.
    // The e2e server's map tiles are unreachable on purpose (scripts/e2e-server.ts): the page's map asks for them.
    if (/status of 404/.test(m.text()) && m.location().url.includes('/test-tiles/')) return;
    if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked/.test(m.text())) {
      messages.push(m.text());
    }
  });
  page.on('pageerror', (e) => messages.push(e.message));
  await page.goto(`/discover/${place.slug}`);
  const seccion = page.getByRole('region', { name: 'Pagos y acceso' });
  for (const line of [
    'Acepta SNAP/EBT',
    'No acepta tarjetas de crédito',
    'Silla de ruedas: acceso limitado',
    'Para socios, residentes o quienes cumplan requisitos: Seniors 60 and over',
    'Idiomas: español, vietnamita',
  ]) {
    await expect(seccion.getByText(line, { exact: true })).toBeVisible();
  }
  expect(messages).toEqual([]);
  await expectNoAxeViolations(page);
});

test('the page renders the section on the server; the add dialog keeps an answer as work not to lose', async ({
  page,
  api,
  browser,
}) => {
  const input = {
    name: uniqueName('Attrssr Market'),
    category: 'farmers-market',
    address: ADDRESS,
    attributes: { wic: true, wheelchair: 'yes' },
  };
  const place = await api.createLocation(input as LocationInput);
  // Without scripts: the server's own HTML has the section.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const plain = await noScript.newPage();
  await plain.goto(`/discover/${place.slug}`);
  const section = plain.getByRole('region', { name: 'Payments and access' });
  await expect(section.getByText('Accepts WIC')).toBeVisible();
  await expect(section.getByText('Wheelchair: accessible')).toBeVisible();
  await noScript.close();

  await page.goto('/');
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  const disclosure = dialog.getByText('Payments and access', { exact: true });
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  await choose(page, dialog, 'SNAP/EBT', 'Yes');
  await expectNoAxeViolations(page);
  // Only an answer was given: closing still asks, and keeping edits keeps it.
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Discard this new location?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(
    dialog.getByRole('group', { name: 'SNAP/EBT', exact: true }).getByRole('radio', { name: 'Yes' }),
  ).toBeChecked();
});
