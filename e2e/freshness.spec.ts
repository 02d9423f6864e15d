// Freshness: an administrator marks a place verified from the review desk's "Needs a
// check" tab and the place's page then says "Checked <Mon YYYY>"; a visitor answers "Yes" to "Is this
// still correct?" and is thanked; "No, report a problem" opens the Report dialog about the place.
import { expect as baseExpect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';
import { signIn } from './support/admin';

const expect = baseExpect.configure({ timeout: 20_000 });
// Sign-in runs scrypt with production settings (support/admin.ts): allow for it.
test.describe.configure({ timeout: 180_000 });

// The month the server records now, as the page shows it (UTC, like every date: lib/dates.ts).
const thisMonth = () => new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

test('an administrator marks a place verified from "Needs a check"', async ({ page, api }) => {
  // A new place says it has not been checked.
  const fresh = await api.createLocation({
    name: uniqueName('Fresh Garden'),
    category: 'community-garden',
    address: '1 Main St, Kansas City, MO',
  });
  await page.goto(`/discover/${fresh.slug}`);
  await expect(page.getByText('Not checked yet')).toBeVisible();

  await signIn(page);
  await page.getByRole('tab', { name: 'Needs a check' }).click();
  const panel = page.getByTestId('needs-check-panel');
  await expect(panel.getByRole('heading', { name: 'Needs a check' })).toBeVisible();
  // The tab lists the oldest due places first (the shared test database holds many): take one of
  // them, a different one per screen size, since both sizes run at once.
  const item = panel.getByTestId('needs-check-item').nth(isPhone(page) ? 1 : 0);
  await expect(item).toContainText('Not checked yet');
  const link = item.getByRole('link');
  const name = (await link.textContent())!.trim();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/discover\//);
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: `Mark ${name} verified` }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${name} verified` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('What did you check? (optional)').fill('Called, hours and address confirmed');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(`${name} marked verified`);
  // Verified now: the list no longer holds it.
  await expect(panel.getByTestId('needs-check-item').filter({ hasText: name })).toHaveCount(0);

  await page.goto(href);
  await expect(page.getByText(`Checked ${thisMonth()}`)).toBeVisible();
});

test('a visitor answers "Is this still correct?"', async ({ page, api }) => {
  const name = uniqueName('Still Correct Park');
  const loc = await api.createLocation({ name, category: 'park', address: '2 Main St, Kansas City, MO' });
  await page.goto(`/discover/${loc.slug}`);
  const question = page.getByRole('group', { name: 'Is this still correct?' });
  await expect(question).toBeVisible();

  // No: the Report dialog about this place.
  await question.getByRole('button', { name: 'No, report a problem' }).click();
  const report = page.getByRole('dialog');
  await expect(report).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  // Yes: counted, thanked, and the administrators' "Not checked yet" stays.
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/locations/${loc.id}/confirm`));
  await question.getByRole('button', { name: 'Yes' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('still-correct-thanks')).toHaveText('Thank you! Your confirmation helps others.');
  await expect(page.getByText('Not checked yet')).toBeVisible();
  await expectNoAxeViolations(page);
});
