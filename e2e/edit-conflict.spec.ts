// Two people editing one place: the later save is refused instead of
// silently undoing the earlier one; the form says what the other person changed, keeps what this
// person typed, and lets them keep their changes or load the other version.
import { expect, test, uniqueName } from './support/fixtures';

test('a save on an old version keeps the typing, says what changed, and saves on request', async ({
  page,
  api,
  request,
}) => {
  const name = uniqueName('Conflict Park');
  const loc = await api.createLocation({ name, category: 'park', address: '3 Pine St', description: 'Shady.' });
  await page.goto(`/discover/${loc.slug}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form.getByRole('tab', { name: 'Contact' }).click();
  await form.getByLabel('Phone').fill('816-555-0177');

  // Meanwhile someone else saves a new description.
  const other = await request.patch(`/api/locations/${loc.id}`, { data: { description: 'Sunny now.' } });
  expect(other.ok(), await other.text()).toBeTruthy();

  await form.getByRole('button', { name: 'Save' }).click();
  const notice = form.getByRole('alert');
  await expect(notice).toContainText('Someone else saved this place while you were editing it');
  await expect(notice).toContainText('They changed: Description.');
  await expect(form.getByLabel('Phone')).toHaveValue('816-555-0177');
  expect((await (await request.get(`/api/locations/${loc.id}`)).json()).phone).toBeNull();

  await notice.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(notice).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Location updated successfully');
  await expect
    .poll(async () => (await (await request.get(`/api/locations/${loc.id}`)).json()).phone)
    .toBe('816-555-0177');
});

test('loading the other version replaces the form with it', async ({ page, api, request }) => {
  const name = uniqueName('Conflict Garden');
  const loc = await api.createLocation({ name, category: 'park', address: '4 Pine St', description: 'Beds.' });
  await page.goto(`/discover/${loc.slug}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form.getByLabel('Description').fill('My words.');
  const other = await request.patch(`/api/locations/${loc.id}`, { data: { description: 'Their words.' } });
  expect(other.ok(), await other.text()).toBeTruthy();
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('alert').getByRole('button', { name: 'Load their version' }).click();
  await expect(form.getByLabel('Description')).toHaveValue('Their words.');
});
