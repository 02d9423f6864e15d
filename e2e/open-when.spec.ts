// "Open when I can go" (decision 0802) at both sizes: a day and a window chosen in the filter panel
// (the day with the keyboard), in the URL and the API query, shown as a chip, and removed.
import type { APIRequestContext } from '@playwright/test';
import { cards, showFilters, uniqueWord } from './support/discover';
import { expect as baseExpect, test } from './support/fixtures';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const ADDRESS = '20 E 5th St, Kansas City, MO 64106';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month three months from now in Kansas City: far enough to be out of season all week. */
function monthAhead(): number {
  const month = Number(
    new Intl.DateTimeFormat('en-US', { month: 'numeric', timeZone: 'America/Chicago' }).format(new Date()),
  );
  return ((month - 1 + 3) % 12) + 1;
}

async function createPlace(request: APIRequestContext, name: string, openingHours: string) {
  const res = await request.post('/api/locations', {
    data: { name, category: 'farmers-market', description: '', address: ADDRESS, openingHours },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('chooses a day and a window, sees the chip and the URL, and removes it', async ({ page, adminRequest }) => {
  const word = uniqueWord('WhenFilter');
  await createPlace(adminRequest, `${word} Always Market`, '24/7');
  await createPlace(adminRequest, `${word} Later Market`, `${MONTHS[monthAhead() - 1]} Sa 08:00-12:00`);

  await page.goto(`/discover?q=${word}`);
  await expect(cards(page)).toHaveCount(2);
  await showFilters(page);

  // Saturday, pressed with the keyboard.
  const days = page.getByRole('group', { name: 'Days' });
  const saturday = days.getByRole('button', { name: 'Saturday' });
  await expect(saturday).toHaveAttribute('aria-pressed', 'false');
  await saturday.focus();
  await page.keyboard.press('Enter');
  await expect(saturday).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]days=sat(&|$)/);
  await expect(page.getByRole('button', { name: 'Remove filter: Open: Sat' })).toBeVisible();

  // The window, 8:00 to 12:00, sent to the API as the URL says it.
  const listing = page.waitForRequest(
    (r) => r.url().includes('/api/locations?') && r.url().includes('days=sat&from=08%3A00&to=12%3A00'),
  );
  await page.getByLabel('From', { exact: true }).selectOption({ label: '8:00' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: '12:00' });
  await listing;
  await expect(page).toHaveURL(/[?&]days=sat&from=08%3A00&to=12%3A00(&|$)/);
  const chip = page.getByRole('button', { name: 'Remove filter: Open: Sat 8:00–12:00' });
  await expect(chip).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Always Market');

  // Removed with its chip: the URL loses it and the day is off again.
  await chip.click();
  await expect(page).not.toHaveURL(/[?&](days|from|to)=/);
  await expect(cards(page)).toHaveCount(2);
  await showFilters(page);
  await expect(saturday).toHaveAttribute('aria-pressed', 'false');
});
