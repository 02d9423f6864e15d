// The review desk undoes changes without losing good work: a deleted tag comes back with its
// places, and a revert that would overwrite a later edit of the same field is refused with a
// message saying which field.
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './support/fixtures';
import { signIn } from './support/admin';

// Sign-in runs scrypt with production settings on a shared 2-core machine: allow for it.
test.describe.configure({ timeout: 180_000 });

async function signInToChanges(page: Page) {
  await signIn(page);
  await page.getByRole('tab', { name: 'Recent changes' }).click();
}

test('a deleted tag comes back with its places; a revert over a later edit is refused', async ({
  page,
  api,
  request,
  adminRequest,
}) => {
  const tag = await api.createTag(uniqueName('Pollinator tag'), 'community');
  const name = uniqueName('Bee Meadow');
  const place = await api.createLocation({
    name,
    category: 'park',
    address: '5200 Wornall Rd, Kansas City, MO 64112',
    tagIds: [tag.id],
    phone: '816-555-0101',
  });
  // A deletion that goes live (a contributor's would wait for review: decision 0403).
  const removed = await adminRequest.delete(`/api/tags/${tag.id}`);
  expect(removed.ok(), await removed.text()).toBeTruthy();
  // Two edits of the same field: reverting the first would undo the second.
  for (const phone of ['816-555-0102', '816-555-0103']) {
    const res = await request.patch(`/api/locations/${place.id}`, { data: { phone } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  await signInToChanges(page);
  const deletion = page.getByTestId('revision').filter({ hasText: tag.name }).filter({ hasText: 'Deleted' });
  await deletion.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Change reverted');
  const back = await (await request.get(`/api/locations/${place.id}`)).json();
  expect(back.tags.map((t: { name: string }) => t.name)).toEqual([tag.name]);

  const firstEdit = page
    .getByTestId('revision')
    .filter({ hasText: name })
    .filter({ hasText: '816-555-0101 → 816-555-0102' })
    .filter({ hasText: 'Edit' });
  await firstEdit.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('A later change also edited phone');
  const after = await (await request.get(`/api/locations/${place.id}`)).json();
  expect(after.phone).toBe('816-555-0103');
});
