// Review where it matters (decisions 0403-0406): a contributor's new place waits for review (seen
// only by its author) until approved; the desk rejects held items by keyboard; one network's edits
// are undone in one action after a preview. English and Spanish, axe clean.
import type { Browser, Page } from '@playwright/test';
import { signIn } from './support/admin';
import { expect, expectNoAxeViolations, test, uniqueName } from './support/fixtures';

// Sign-in runs scrypt with production settings on a shared 2-core machine: allow for it.
test.describe.configure({ timeout: 180_000 });

/** A visitor of another network group: the e2e server trusts loopback as its proxy. */
const stranger = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

async function desk(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  return page;
}

test('a new place waits for review: its author sees it marked, nobody else does until it is approved', async ({
  page,
  browser,
}) => {
  const name = uniqueName('Review Garden');
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Category/).selectOption('resource');
  await dialog.getByLabel(/^Description/).fill('Seed swaps on the first Saturday.');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByTestId('toast')).toContainText('Location added successfully!');

  // The author finds it, marked.
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId('location-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('waiting-for-review')).toHaveText('Waiting for review');
  await card.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Only you can see this place until the directory team approves it.')).toBeVisible();
  await expectNoAxeViolations(page);
  const slug = new URL(page.url()).pathname.split('/').pop()!;

  // Someone else does not.
  const other = await (await browser.newContext({ extraHTTPHeaders: stranger(7) })).newPage();
  await other.goto(`/discover/${slug}`);
  await expect(
    other.getByText('Location not found. This location may have been removed or the URL may be incorrect.'),
  ).toBeVisible();

  // The desk approves it; then everyone sees it, unmarked.
  const admin = await desk(browser);
  await admin.getByRole('tab', { name: /^Waiting for review/ }).click();
  const item = admin.getByTestId('pending-item').filter({ hasText: name });
  await expect(item).toContainText('a new place from a contributor without trust');
  await expectNoAxeViolations(admin);
  await item.getByRole('button', { name: `Approve New place · ${name}` }).click();
  await expect(admin.getByTestId('toast')).toContainText('Review saved');
  await expect(item).toHaveCount(0);
  await other.goto(`/discover/${slug}`);
  await expect(other.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(other.getByTestId('waiting-for-review')).toHaveCount(0);
});

test('the desk rejects several held items at once, with the keyboard alone', async ({ browser, request }) => {
  const names = [uniqueName('Spam Reject A'), uniqueName('Spam Reject B')];
  for (const [i, name] of names.entries()) {
    const res = await request.post('/api/locations', {
      headers: { ...stranger(40 + i), 'x-session-id': `session_spam_${i}` },
      data: { name, category: 'resource', description: 'Buy now', tagIds: [] },
    });
    expect((await res.json()).review).toBe('pending');
  }
  const admin = await desk(browser);
  await admin.getByRole('tab', { name: /^Waiting for review/ }).focus();
  await admin.keyboard.press('Enter');
  for (const name of names) {
    const box = admin.getByRole('checkbox', { name: `Select New place · ${name}` });
    await box.focus();
    await admin.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  const reject = admin.getByRole('button', { name: 'Reject selected (2)' });
  await reject.focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('toast')).toContainText('Review saved');
  for (const name of names) await expect(admin.getByTestId('pending-item').filter({ hasText: name })).toHaveCount(0);
  const found = await (await request.get(`/api/locations?search=${encodeURIComponent(names[0]!)}`)).json();
  expect(found).toEqual([]);
});

test('one network’s edits are undone in one action after a preview', async ({ browser, api, request }) => {
  const name = uniqueName('Undo Orchard');
  const place = await api.createLocation({
    name,
    category: 'resource',
    description: 'Apples in September and October.',
    phone: '(816) 555-0140',
  });
  const vandal = { ...stranger(90), 'x-session-id': 'session_vandal_undo' };
  const edited = await request.patch(`/api/locations/${place.id}`, {
    headers: vandal,
    data: { description: 'Closed for good, go elsewhere!!', phone: '(816) 555-0666' },
  });
  expect(edited.status()).toBe(200);

  const admin = await desk(browser);
  await admin.getByRole('tab', { name: 'Recent changes' }).click();
  const change = admin.getByTestId('revision').filter({ hasText: name }).filter({ hasText: 'Edit' }).first();
  await change.getByRole('button', { name: 'Undo this network…' }).click();
  await expect(admin.getByRole('heading', { name: 'Undo a contributor, a network or a time window' })).toBeVisible();
  await expect(admin.getByLabel('Network (client hash)')).not.toHaveValue('');
  await admin.getByRole('button', { name: 'Preview' }).click();
  const preview = admin.getByTestId('undo-preview');
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('(816) 555-0666');
  await expect(preview).toContainText('(816) 555-0140');
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Undo all of this' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Undone');
  const back = await (await request.get(`/api/locations/${place.id}`)).json();
  expect([back.description, back.phone]).toEqual(['Apples in September and October.', '(816) 555-0140']);
});

test('the review desk speaks Spanish', async ({ browser }) => {
  const page = await desk(browser);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Mesa de revisión' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^En espera de revisión/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Deshacer' }).click();
  await expect(page.getByRole('heading', { name: 'Deshacer un colaborador, una red o un período' })).toBeVisible();
  await page.getByRole('tab', { name: 'Colaboradores' }).click();
  await expect(page.getByRole('heading', { name: 'Colaboradores de confianza y bloqueados' })).toBeVisible();
  await expectNoAxeViolations(page);
});
