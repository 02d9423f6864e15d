// Adding places (every category, validation, server errors, duplicates warning, no lost
// work) and managing tags, at desktop and phone size, by mouse and by keyboard alone.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { asAuthor, expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

const SHOTS = '/tmp/shots-add';
fs.mkdirSync(SHOTS, { recursive: true });

const ADDRESS_MSG = 'Address is required for farmers markets, local farmers, community gardens, and parks';

async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Add a new green resource to the city directory');
  return dialog;
}

// Required fields carry a visible '*' in their label (hidden from their accessible name).
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (dialog: Locator, label: string) => dialog.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));
const toast = (page: Page) => page.getByTestId('toast');

interface Place {
  name: string;
  category: string;
  description: string;
  address?: string;
  phone?: string;
  website?: string;
  hours?: string;
  deadline?: string;
  registrationLink?: string;
  faqLink?: string;
}

async function fillPlace(dialog: Locator, p: Place) {
  await field(dialog, 'Name').fill(p.name);
  await field(dialog, 'Category').selectOption(p.category);
  await field(dialog, 'Description').fill(p.description);
  if (p.address !== undefined) await dialog.getByRole('textbox', { name: /^Address/ }).fill(p.address);
  if (p.phone) await field(dialog, 'Phone').fill(p.phone);
  if (p.website) await field(dialog, 'Website').fill(p.website);
  if (p.hours) await field(dialog, 'Operating Hours').fill(p.hours);
  if (p.deadline) await field(dialog, 'Deadline').fill(p.deadline);
  if (p.registrationLink) await field(dialog, 'Registration Link').fill(p.registrationLink);
  if (p.faqLink) await field(dialog, 'FAQ Link').fill(p.faqLink);
}

/** The place as its author finds it: a new place waits for review (decision 0403), and only the
 * browser that added it (its session id, as the app sends it) sees it meanwhile. */
async function findByName(page: Page, name: string) {
  const res = await page.request.get(`/api/locations?${new URLSearchParams({ search: name })}`, await asAuthor(page));
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()) as Array<Record<string, any>>;
  return list.find((l) => l.name === name);
}

// Generous: the machine is shared, and axe plus several submits take a while.
test.describe.configure({ timeout: 120_000 });

test.describe('Add New Location', () => {
  test('adds a place of each category, the resource without an address', async ({ page, api }) => {
    test.setTimeout(150_000);
    await page.goto('/');
    const tag = uniqueName('Add tag');
    const places: Place[] = [
      {
        name: uniqueName('Add market'),
        category: 'farmers-market',
        description: 'Saturday market.\nLocal produce.',
        address: '20 E 5th St, Kansas City, MO 64106',
        phone: '816-555-0100',
        website: 'www.example.org',
        hours: 'Sat 8am-1pm',
      },
      {
        name: uniqueName('Add farmer'),
        category: 'local-farmer',
        description: 'Family farm.',
        address: '1 Farm Rd, Kansas City, MO 64110',
      },
      {
        name: uniqueName('Add garden'),
        category: 'community-garden',
        description: 'Raised beds.',
        address: '3 Garden Ln, Kansas City, MO 64111',
      },
      {
        name: uniqueName('Add park'),
        category: 'park',
        description: 'Trails.',
        address: '4 Park Ave, Kansas City, MO 64112',
      },
      {
        name: uniqueName('Add grant'),
        category: 'resource',
        description: 'A grant for youth gardens.',
        deadline: '2031-03-15',
        registrationLink: 'https://example.org/register',
        faqLink: 'example.org/faq',
      },
    ];
    const createdTag = await api.createTag(tag, 'product');

    for (const [i, p] of places.entries()) {
      const dialog = await openAddDialog(page);
      // Resource-only fields show only for resources; the address label follows the category.
      await field(dialog, 'Category').selectOption(p.category);
      if (p.category === 'resource') {
        await expect(dialog.getByText('Address (Optional for resources)')).toBeVisible();
        await expect(field(dialog, 'Deadline')).toHaveAttribute('type', 'date');
        await expect(field(dialog, 'Registration Link')).toHaveAttribute('type', 'url');
        await expect(field(dialog, 'FAQ Link')).toHaveAttribute('type', 'url');
      } else {
        await expect(dialog.getByText('(Optional for resources)')).toHaveCount(0);
        await expect(field(dialog, 'Deadline')).toHaveCount(0);
        await expect(field(dialog, 'Address')).toHaveAttribute('aria-required', 'true');
      }
      await fillPlace(dialog, p);
      if (i === 0) {
        // Pick a tag through the searchable list; it shows as a chip.
        await dialog.getByRole('button', { name: 'Choose tags' }).click();
        await dialog.getByRole('searchbox', { name: 'Search tags' }).fill(tag);
        await dialog.getByRole('checkbox', { name: tag }).check();
        await expect(dialog.getByRole('list', { name: 'Selected tags' }).getByText(tag)).toBeVisible();
        await expect(field(dialog, 'Phone')).toHaveAttribute('type', 'tel');
        await expect(field(dialog, 'Website')).toHaveAttribute('type', 'url');
      }
      const post = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/locations');
      await dialog.getByRole('button', { name: 'Add Location' }).click();
      const body = (await post).postDataJSON();
      if (p.category === 'resource') {
        expect(body).toMatchObject({
          deadline: '2031-03-15',
          registrationLink: 'https://example.org/register',
          faqLink: 'example.org/faq',
          address: '',
        });
      } else {
        expect(body).not.toHaveProperty('deadline');
        expect(body).not.toHaveProperty('registrationLink');
      }
      await expect(toast(page)).toContainText('Location added successfully!');
      await expect(toast(page)).toContainText('Your location has been submitted and will be reviewed.');
      await expect(dialog).toBeHidden();

      const saved = await findByName(page, p.name);
      expect(saved, p.name).toBeTruthy();
      expect(saved).toMatchObject({ category: p.category, status: 'active' });
      if (i === 0) {
        expect(saved).toMatchObject({
          phone: '816-555-0100',
          website: 'www.example.org',
          operatingHours: 'Sat 8am-1pm',
        });
        expect(saved!.tags.map((t: { id: number }) => t.id)).toEqual([createdTag.id]);
      }
      if (p.category === 'resource') {
        expect(saved!.address ?? '').toBe('');
        expect(String(saved!.deadline).slice(0, 10)).toBe('2031-03-15');
        expect(saved).toMatchObject({ registrationLink: 'https://example.org/register', faqLink: 'example.org/faq' });
      }
    }

    // Its author finds the new place at once on the Discover screen, waiting for review.
    const search = page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(places[0]!.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: places[0]!.name })).toBeVisible();
  });

  test('shows every validation message beside its field before anything is sent', async ({ page }) => {
    await page.goto('/');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/locations') posts++;
    });
    const dialog = await openAddDialog(page);
    await field(dialog, 'Website').fill('not a url');
    await dialog.getByRole('button', { name: 'Add Location' }).click();

    const name = field(dialog, 'Name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(field(dialog, 'Description')).toHaveAccessibleDescription('Description is required');
    await expect(field(dialog, 'Address')).toHaveAccessibleDescription(ADDRESS_MSG);
    await expect(field(dialog, 'Website')).toHaveAccessibleDescription('Please enter a valid URL');
    await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText(ADDRESS_MSG, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/add-dialog-errors-${isPhone(page) ? 'phone' : 'desktop'}.png` });
    await expectNoAxeViolations(page);

    // Fixing a field clears its message as you type.
    await name.fill('Something');
    await expect(dialog.getByText('Name is required', { exact: true })).toHaveCount(0);

    // A resource needs no address; its links must be URLs too.
    await field(dialog, 'Category').selectOption('resource');
    await expect(dialog.getByText(ADDRESS_MSG, { exact: true })).toHaveCount(0);
    await field(dialog, 'Registration Link').fill('nope');
    await field(dialog, 'FAQ Link').fill('ftp://example.org/faq');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(field(dialog, 'Description')).toBeFocused();
    await expect(field(dialog, 'Registration Link')).toHaveAccessibleDescription('Please enter a valid URL');
    await expect(field(dialog, 'FAQ Link')).toHaveAccessibleDescription('Please enter a valid URL');
    await expect(dialog.getByText('Please enter a valid URL', { exact: true })).toHaveCount(3);
    // And back to a park: the address is required again.
    await field(dialog, 'Category').selectOption('park');
    await expect(dialog.getByText(ADDRESS_MSG, { exact: true })).toBeVisible();
    expect(posts).toBe(0);
  });

  test('a server error shows a toast with its message and keeps everything typed', async ({ page }) => {
    await page.goto('/');
    const dialog = await openAddDialog(page);
    const p: Place = {
      name: uniqueName('Add failing'),
      category: 'park',
      description: 'Kept after errors.',
      address: '7 Elm St, Kansas City, MO 64105',
    };
    await fillPlace(dialog, p);

    let mode: 'message' | 'empty' | 'pass' = 'message';
    // The first answer waits until the test has seen the busy state.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/locations', async (route) => {
      if (route.request().method() !== 'POST' || mode === 'pass') return route.fallback();
      if (mode === 'message') {
        await held;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Database unavailable' }),
        });
      }
      return route.fulfill({ status: 500, body: '' });
    });

    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    await expect(field(dialog, 'Name')).toHaveValue(p.name);
    release();
    await expect(toast(page)).toContainText('Error adding location');
    await expect(toast(page)).toContainText('Database unavailable');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    await expect(field(dialog, 'Name')).toHaveValue(p.name);
    await expect(field(dialog, 'Description')).toHaveValue(p.description);
    await expect(field(dialog, 'Address')).toHaveValue(p.address!);

    mode = 'empty';
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(toast(page)).toContainText('Error adding location');
    await expect(toast(page)).toContainText('Please try again later.');
    await expect(field(dialog, 'Name')).toHaveValue(p.name);

    mode = 'pass';
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(toast(page)).toContainText('Location added successfully!');
    await expect(dialog).toBeHidden();
    expect(await findByName(page, p.name)).toBeTruthy();
  });

  test('warns about a near-twin and asks before discarding typed input', async ({ page, api }) => {
    const twin = await api.createLocation({
      name: uniqueName('Twin Orchard Market'),
      category: 'farmers-market',
      address: '88 Walnut St, Kansas City, MO 64106',
      description: 'The original.',
    });
    await page.goto('/');
    let dialog = await openAddDialog(page);
    // A near-twin: one letter off.
    await field(dialog, 'Name').fill(twin.name.replace('Orchard', 'Orchards'));
    const warning = dialog.getByTestId('similar-warning');
    await expect(warning).toContainText('A similar place already exists:');
    const link = warning.getByRole('link', { name: twin.name, exact: true });
    await expect(link).toHaveAttribute('href', `/discover/${twin.slug}`);
    await expect(warning.getByRole('link', { name: `Open ${twin.name} in a new tab` })).toHaveAttribute(
      'target',
      '_blank',
    );
    // It warns, never blocks: the submit button stays enabled.
    await expect(dialog.getByRole('button', { name: 'Add Location' })).toBeEnabled();

    // Same address, different name: still a possible duplicate.
    await field(dialog, 'Name').fill(uniqueName('Completely other'));
    await field(dialog, 'Address').fill('88  walnut st., Kansas City MO 64106');
    await expect(warning.getByRole('link', { name: twin.name, exact: true })).toBeVisible();

    // Closing with unsaved input asks first: Escape, then Keep editing.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: 'Discard this new location?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/discard-confirm-${isPhone(page) ? 'phone' : 'desktop'}.png` });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toBeHidden();
    await expect(field(dialog, 'Address')).toHaveValue('88  walnut st., Kansas City MO 64106');

    // The close button asks too; Discard closes and empties the form.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openAddDialog(page);
    await expect(field(dialog, 'Name')).toHaveValue('');

    // Nothing typed: closes without asking (overlay click).
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();
    await expect(confirm).toHaveCount(0);

    // Following the twin's link with typed input: confirm, then the page opens in this tab.
    dialog = await openAddDialog(page);
    await field(dialog, 'Name').fill(twin.name.toLowerCase());
    await warning.getByRole('link', { name: twin.name, exact: true }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(new RegExp(`/discover/${twin.slug}$`));
    await expect(dialog).toBeHidden();
  });

  test('can be completed with the keyboard alone', async ({ page, api }) => {
    test.setTimeout(90_000);
    const tag = await api.createTag(uniqueName('Kbd tag'), 'community');
    await page.goto('/');
    const name = uniqueName('Keyboard garden');

    const tabTo = async (target: Locator, opts: { back?: boolean; max?: number } = {}) => {
      for (let i = 0; i < (opts.max ?? 60); i++) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
        await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
      }
      throw new Error('could not reach the element with Tab');
    };

    await tabTo(page.getByRole('button', { name: 'Add Location' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Location' });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, 'Name')).toBeFocused();
    // Submitting empty puts focus on the first invalid field.
    await tabTo(dialog.getByRole('button', { name: 'Add Location' }));
    await page.keyboard.press('Enter');
    await expect(field(dialog, 'Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(field(dialog, 'Category')).toBeFocused();
    await page.keyboard.type('Community');
    await expect(field(dialog, 'Category')).toHaveValue('community-garden');
    await tabTo(field(dialog, 'Description'));
    await page.keyboard.type('Typed without a mouse.');
    await tabTo(field(dialog, 'Address'));
    await page.keyboard.type('12 Keyboard Way, Kansas City, MO 64108');
    await tabTo(dialog.getByRole('button', { name: 'Choose tags' }));
    await page.keyboard.press('Space');
    await tabTo(dialog.getByRole('searchbox', { name: 'Search tags' }));
    await page.keyboard.type(tag.name);
    await tabTo(dialog.getByRole('checkbox', { name: tag.name }));
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: tag.name })).toBeChecked();
    // Shift+Tab back to the phone field, then forward to submit.
    await tabTo(field(dialog, 'Phone'), { back: true });
    await page.keyboard.type('816-555-0199');
    await tabTo(dialog.getByRole('button', { name: 'Add Location' }));
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Location added successfully!');
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Add Location' })).toBeFocused();
    const saved = await findByName(page, name);
    expect(saved).toMatchObject({ category: 'community-garden', phone: '816-555-0199' });
    expect(saved!.tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);
  });

  test('axe finds nothing in the add dialog; screenshots', async ({ page }) => {
    await page.goto('/');
    const dialog = await openAddDialog(page);
    await field(dialog, 'Category').selectOption('resource');
    await dialog.getByRole('button', { name: 'Choose tags' }).click();
    await expectNoAxeViolations(page);
    const size = isPhone(page) ? 'phone' : 'desktop';
    await page.screenshot({ path: `${SHOTS}/add-dialog-${size}.png` });
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/add-dialog-bottom-${size}.png` });
  });
});
