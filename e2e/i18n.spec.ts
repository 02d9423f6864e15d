// Languages: the interface in Spanish on Discover, a location page and the Add New Location
// dialog; html lang, Spanish dates, the remembered choice; machine-translated descriptions through
// the local fake translator (e2e/fakes/fake-translator.ts) with their mark and the original.
import type { Page } from '@playwright/test';
import { expect, isPhone, test, uniqueName } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

const esDate = (d: Date) =>
  new Intl.DateTimeFormat('es', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);

async function toSpanish(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
}

test('Discover, a location page and the add dialog read in Spanish; the choice is remembered', async ({
  page,
  api,
}) => {
  const place = await api.createLocation({
    name: uniqueName('Huerto'),
    category: 'community-garden',
    address: '100 Main St, Kansas City, MO 64105',
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible({ timeout: 30_000 });
  await toSpanish(page);

  // Discover
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra recursos verdes' })).toBeVisible();
  await expect(page.getByText('Filtra por categoría o busca lugares específicos en todo Kansas City')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible();
  // On a phone the filters wait behind Filtros (decision 0906).
  if (isPhone(page)) await page.getByRole('button', { name: /^Filtros/ }).click();
  await expect(page.getByRole('button', { name: 'Restablecer' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Categoría' }).locator('option').first()).toHaveText(
    'Todas las categorías',
  );
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

  // Add New Location dialog: title, labels, buttons, a validation message
  await page.getByRole('button', { name: 'Agregar lugar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar nuevo lugar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Agrega un nuevo recurso verde al directorio de la ciudad')).toBeVisible();
  await expect(dialog.getByLabel(/^Nombre/)).toBeVisible();
  await expect(dialog.getByLabel(/^Categoría/)).toBeVisible();
  await expect(dialog.getByLabel(/^Descripción/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Agregar lugar' }).click();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Location page: labels, tabs and the reach tab's date in Spanish convention
  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible({ timeout: 30_000 });
  // Remembered after a reload (the fixtures accepted preference cookies).
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('link', { name: 'Volver a Descubrir' }).or(page.getByRole('button', { name: 'Volver a Descubrir' })),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compartir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Acerca de' })).toBeVisible();
  await page.getByRole('tab', { name: 'alcance' }).click();
  const panel = page.getByRole('tabpanel', { name: 'alcance' });
  await expect(panel.getByText('Visitas totales')).toBeVisible();
  await expect(panel.getByText('Última actualización')).toBeVisible();
  const updated = new Date(String((await api.getLocation(place.id)).updatedAt));
  await expect(panel.getByText(esDate(updated), { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByRole('button', { name: 'Compartir' })).toBeVisible({ timeout: 30_000 });
});

test('descriptions are machine translated with a mark and the original; failures show the original', async ({
  page,
  api,
}) => {
  const text = `Fresh vegetables every Saturday ${uniqueName('t')}`;
  const broken = `An untranslatable note ${uniqueName('u')}`;
  const good = await api.createLocation({
    name: uniqueName('Translated farm'),
    category: 'park',
    address: '1 Park Ln, Kansas City, MO 64106',
    description: text,
  });
  const bad = await api.createLocation({
    name: uniqueName('Untranslated farm'),
    category: 'park',
    address: '2 Park Ln, Kansas City, MO 64106',
    description: broken,
  });

  await page.goto(`/discover/${good.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: good.name })).toBeVisible({ timeout: 30_000 });
  await toSpanish(page);
  const about = page.getByRole('tabpanel', { name: 'Acerca de' });
  await expect(about.getByText(`[es] ${text}`)).toBeVisible();
  const mark = about.getByTestId('machine-translated');
  await expect(mark).toContainText('Traducción automática');
  await about.getByRole('button', { name: 'Ver el original' }).click();
  await expect(about.getByText(text, { exact: true })).toBeVisible();
  await expect(mark).toContainText('Texto original (inglés)');
  await about.getByRole('button', { name: 'Ver la traducción' }).click();
  await expect(about.getByText(`[es] ${text}`)).toBeVisible();

  // Back to English: the original, no mark.
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  const aboutEn = page.getByRole('tabpanel', { name: 'About' });
  await expect(aboutEn.getByText(text, { exact: true })).toBeVisible();
  await expect(aboutEn.getByTestId('machine-translated')).toHaveCount(0);
  await expect(page.getByText('[es]', { exact: false })).toHaveCount(0);

  // A translation failure: the original text and a console warning.
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await page.goto(`/discover/${bad.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: bad.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect.poll(() => warnings.some((w) => w.includes('Translation failed'))).toBe(true);
  const aboutEs = page.getByRole('tabpanel', { name: 'Acerca de' });
  await expect(aboutEs.getByText(broken, { exact: true })).toBeVisible();
  await expect(aboutEs.getByTestId('machine-translated')).toHaveCount(0);
});
