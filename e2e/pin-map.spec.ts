// "Place the pin on the map" (decision 0912) at both sizes, in the add dialog and the page's edit
// form: tap, drag and arrow keys (announced) set the point, typed coordinates move the pin, the
// pin's point is saved; axe clean; English and Spanish.
import type { Locator, Page } from '@playwright/test';
import { asAuthor, expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const BOUNDS = { west: -95.6, south: 38.2, east: -93.4, north: 39.9 };
const polite = (page: Page) => page.locator('#announcer-polite');

async function readPoint(scope: Locator) {
  const lat = Number(await scope.getByLabel('Latitude').inputValue());
  const lng = Number(await scope.getByLabel('Longitude').inputValue());
  return { lat, lng };
}

function expectInMetro(p: { lat: number; lng: number }) {
  expect(p.lat).toBeGreaterThan(BOUNDS.south);
  expect(p.lat).toBeLessThan(BOUNDS.north);
  expect(p.lng).toBeGreaterThan(BOUNDS.west);
  expect(p.lng).toBeLessThan(BOUNDS.east);
}

async function openPinMap(scope: Locator) {
  const toggle = scope.getByRole('button', { name: 'Place the pin on the map' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const map = scope.getByRole('application', { name: 'Map for placing the pin' });
  await expect(map).toBeVisible();
  return map;
}

test('in the add dialog the pin is placed by a click, dragged, and moved with the arrow keys', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  const map = await openPinMap(dialog);
  await expect(dialog.getByLabel('Latitude')).toHaveValue('');

  // A click (a tap on a phone) places the pin there and fills both fields.
  if (isPhone(page)) await map.tap({ position: { x: 120, y: 90 } });
  else await map.click({ position: { x: 120, y: 90 } });
  await expect(dialog.getByLabel('Latitude')).not.toHaveValue('');
  const clicked = await readPoint(dialog);
  expectInMetro(clicked);
  await expect(polite(page)).toHaveText(/^Pin placed at latitude \d+\.\d{5}, longitude -\d+\.\d{5}$/);
  await expectNoAxeViolations(page, '[role="dialog"]');

  // Dragging the pin moves it: to the right and down is east and south.
  const pin = map.locator('.kc-pin');
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height + 20, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await readPoint(dialog)).lng).toBeGreaterThan(clicked.lng);
  const dragged = await readPoint(dialog);
  expect(dragged.lat).toBeLessThan(clicked.lat);

  // With the map focused, the arrow keys move the pin; each move is announced.
  await map.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await readPoint(dialog)).lat).toBeGreaterThan(dragged.lat);
  expect((await readPoint(dialog)).lng).toBe(dragged.lng);
  const up = await readPoint(dialog);
  await expect(polite(page)).toHaveText(`Pin moved to latitude ${up.lat.toFixed(5)}, longitude ${up.lng.toFixed(5)}`);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await readPoint(dialog)).lng).toBeLessThan(up.lng);
  await expect(map).toBeFocused();

  // Typed coordinates move the pin: an arrow key then starts from them.
  await dialog.getByLabel('Latitude').fill('39.05');
  await dialog.getByLabel('Longitude').fill('-94.6');
  await map.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await readPoint(dialog)).lng).toBeGreaterThan(-94.6);
  const typedThenMoved = await readPoint(dialog);
  expect(typedThenMoved.lat).toBe(39.05);
  expect(typedThenMoved.lng).toBeLessThan(-94.5); // one small step east

  // The place is saved at the pin's point.
  const name = uniqueName('Pinned Resource');
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Category/).selectOption('resource');
  await dialog.getByLabel(/^Description/).fill('Placed with the pin.');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(dialog).toBeHidden();
  const res = await page.request.get(`/api/locations?${new URLSearchParams({ search: name })}`, await asAuthor(page));
  const saved = ((await res.json()) as Array<{ name: string; latitude: number; longitude: number }>).find(
    (l) => l.name === name,
  );
  expect(saved).toMatchObject({ latitude: typedThenMoved.lat, longitude: typedThenMoved.lng });
});

test("on a place's page the edit form's pin starts at the place and saves where the keys move it", async ({
  page,
  api,
}) => {
  const place = await api.createLocation({
    name: uniqueName('Pin Edit Park'),
    category: 'park',
    address: '500 Main St, Kansas City, MO 64105',
  });
  // Its own point, as an earlier edit set it.
  const set = await page.request.patch(`/api/locations/${place.id}`, {
    data: {
      name: place.name,
      category: 'park',
      address: '500 Main St, Kansas City, MO 64105',
      latitude: 39.1,
      longitude: -94.58,
    },
  });
  expect(set.ok(), await set.text()).toBeTruthy();
  await page.goto(`/discover/${place.slug}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${place.name}` });
  await expect(form).toBeVisible();
  // The coordinates are on the form's reach tab, with the address.
  await form.getByRole('tab', { name: 'reach' }).click();
  await expect(form.getByLabel('Latitude')).toHaveValue('39.1');
  const map = await openPinMap(form);
  await expect(map.locator('.kc-pin')).toBeVisible();
  await map.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await readPoint(form)).lat).toBeLessThan(39.1);
  const moved = await readPoint(form);
  expect(moved.lng).toBe(-94.58);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Location updated successfully' })).toBeVisible();
  const after = (await (await page.request.get(`/api/locations/${place.id}`)).json()) as {
    latitude: number;
    longitude: number;
  };
  expect(after).toMatchObject({ latitude: moved.lat, longitude: -94.58 });
});

test('the pin control and its announcements read in Spanish', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Agregar lugar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const toggle = dialog.getByRole('button', { name: 'Colocar el marcador en el mapa' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const map = dialog.getByRole('application', { name: 'Mapa para colocar el marcador' });
  await map.focus();
  // No pin yet: the first arrow key places it at the map's centre.
  await page.keyboard.press('ArrowRight');
  await expect(polite(page)).toHaveText(/^Marcador colocado en latitud \d+\.\d{5}, longitud -\d+\.\d{5}$/);
  const lat = Number(await dialog.getByLabel('Latitud').inputValue());
  const lng = Number(await dialog.getByLabel('Longitud').inputValue());
  expectInMetro({ lat, lng });
});
