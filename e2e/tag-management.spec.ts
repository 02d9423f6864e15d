// Tag Management, opened from the add form's tag picker: create, rename and delete tags, with
// their toasts (split from add-location.spec.ts).
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

const SHOTS = '/tmp/shots-add';
fs.mkdirSync(SHOTS, { recursive: true });

async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  return dialog;
}
const toast = (page: Page) => page.getByTestId('toast');

// Generous: the machine is shared, and axe plus several submits take a while.
test.describe.configure({ timeout: 120_000 });

test.describe('Tag Management', () => {
  test('creates, renames and deletes tags with their toasts', async ({ page, api }) => {
    test.setTimeout(120_000);
    const existing = await api.createTag(uniqueName('Existing tag'), 'amenity');
    await page.goto('/');
    const dialog = await openAddDialog(page);
    await dialog.getByRole('button', { name: 'Manage Tags' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Tags' });
    await expect(manage).toBeVisible();
    // Above the add dialog, at stacking level 60000; the list scrolls at max-h-60 (15rem).
    await expect(manage).toHaveCSS('z-index', '60000');
    await expect(manage.getByTestId('tag-list')).toHaveCSS('max-height', '240px');
    await expect(manage.getByTestId('tag-list')).toHaveCSS('overflow-y', 'auto');

    // Client check: a blank name.
    const newName = manage.getByLabel('New tag name');
    await newName.fill('   ');
    await manage.getByRole('button', { name: 'Create Tag' }).click();
    await expect(newName).toHaveAccessibleDescription('Tag name is required');
    await expect(newName).toBeFocused();

    // Create, with a category (its colour shows in the list).
    const name = uniqueName('Zz made tag');
    await newName.fill(name);
    await manage.getByLabel('Tag category').selectOption('sustainability');
    await manage.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page)).toContainText('Tag created');
    await expect(newName).toHaveValue('');
    const row = manage.getByTestId('tag-row').filter({ hasText: name });
    await expect(row.getByText(name, { exact: true })).toHaveClass(/bg-green-100/);

    // A duplicate name and an HTML name: the server's message in the toast.
    await newName.fill(existing.name.toUpperCase());
    await manage.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page)).toContainText('Error creating tag');
    await expect(toast(page)).toContainText(`A tag named '${existing.name.toUpperCase()}' already exists`);
    await newName.fill('<b>bold</b>');
    await manage.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page)).toContainText('Error creating tag');
    await expect(toast(page)).toContainText('HTML tags are not allowed in tag name');
    await expect(newName).toHaveValue('<b>bold</b>');
    await page.screenshot({ path: `${SHOTS}/tag-dialog-${isPhone(page) ? 'phone' : 'desktop'}.png` });
    await expectNoAxeViolations(page);

    // Rename: blank is refused on the client, a duplicate by the server, then it works.
    await row.getByRole('button', { name: `Rename tag ${name}` }).click();
    const edit = manage.getByRole('textbox', { name: 'Tag name', exact: true });
    await expect(edit).toBeFocused();
    await edit.fill('');
    await page.keyboard.press('Enter');
    await expect(edit).toHaveAccessibleDescription('Tag name is required');
    await edit.fill(existing.name);
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Error updating tag');
    await expect(toast(page)).toContainText(`A tag named '${existing.name}' already exists`);
    const renamed = `${name} renamed`;
    await edit.fill(renamed);
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Tag updated');
    await expect(manage.getByText(renamed, { exact: true })).toBeVisible();

    // Select the tag in the form, then delete it: it leaves the form's selection.
    await manage.getByRole('button', { name: 'Done' }).click();
    await expect(manage).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Choose tags' }).click();
    await dialog.getByRole('searchbox', { name: 'Search tags' }).fill(renamed);
    await dialog.getByRole('checkbox', { name: renamed }).check();
    const chips = dialog.getByRole('list', { name: 'Selected tags' });
    await expect(chips.getByText(renamed)).toBeVisible();

    await dialog.getByRole('button', { name: 'Manage Tags' }).click();
    await expect(manage).toBeVisible();
    const renamedRow = manage.getByTestId('tag-row').filter({ hasText: renamed });
    // A failing delete: the fallback text.
    await page.route('**/api/tags/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await renamedRow.getByRole('button', { name: `Delete tag ${renamed}` }).click();
    await renamedRow.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page)).toContainText('Error deleting tag');
    await expect(toast(page)).toContainText('Please try again.');
    await page.unrouteAll();
    await renamedRow.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page)).toContainText('Tag deleted');
    await expect(manage.getByText(renamed, { exact: true })).toHaveCount(0);
    // Escape first dismisses the toast (Radix's top layer), then closes only the tag dialog.
    await page.keyboard.press('Escape');
    await expect(toast(page)).toBeHidden();
    await expect(manage).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(manage).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Manage Tags' })).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(chips).toHaveCount(0);
    await expect(dialog.getByText('No tags selected')).toBeVisible();
    const tags = (await (await page.request.get('/api/tags')).json()) as Array<{ name: string }>;
    expect(tags.some((t) => t.name === renamed)).toBe(false);
  });
});
