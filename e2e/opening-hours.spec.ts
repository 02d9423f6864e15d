// Opening hours in the browser (decisions 0800 and 0801): a place's structured hours on its card and its
// page, the Discover "Open now" filter, and editing hours with the editor on a 390 px screen.
import type { APIRequestContext } from '@playwright/test';
import { showFilters } from './support/discover';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const ADDRESS = '20 E 5th St, Kansas City, MO 64106';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The month three months from now in Kansas City: far enough to be out of season today. */
function monthAhead(): number {
  const month = Number(
    new Intl.DateTimeFormat('en-US', { month: 'numeric', timeZone: 'America/Chicago' }).format(new Date()),
  );
  return ((month - 1 + 3) % 12) + 1;
}

/** A public place (written as the administrator: a contributor's would wait for review). */
async function createPlace(request: APIRequestContext, name: string, openingHours: string | null) {
  const res = await request.post('/api/locations', {
    data: { name, category: 'farmers-market', description: '', address: ADDRESS, openingHours },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: number; slug: string; openNow: boolean | null; openingHours: string | null };
}

test('a place with hours: the card status, the page week table and the Open now filter', async ({
  page,
  adminRequest,
}) => {
  const word = uniqueName('Hourly').replace(/\s+/g, '');
  const month = monthAhead();
  const open = await createPlace(adminRequest, `${word} Always Market`, '24/7');
  const later = await createPlace(adminRequest, `${word} Season Market`, `${MONTHS[month - 1]} Sa 07:00-12:00`);
  expect(open.openNow).toBe(true);
  expect(later.openNow).toBe(false);

  // The cards: 'Open now' (24/7 never closes) and 'Out of season until <month>', and 'Not checked yet'.
  await page.goto(`/discover?q=${word}`);
  const cards = page.getByTestId('location-card');
  await expect(cards).toHaveCount(2);
  const openCard = cards.filter({ hasText: 'Always Market' });
  const laterCard = cards.filter({ hasText: 'Season Market' });
  await expect(openCard.getByTestId('hours-status')).toHaveText('Open now');
  await expect(laterCard.getByTestId('hours-status')).toHaveText(`Out of season until ${MONTH_NAMES[month - 1]}`);
  await expect(openCard.getByTestId('checked-line')).toHaveText('Not checked yet');

  // The Open now filter: in the URL, sent to the API, shown as a removable chip.
  const listing = page.waitForRequest((r) => r.url().includes('/api/locations?') && r.url().includes('openNow=true'));
  await showFilters(page);
  await page.getByRole('checkbox', { name: 'Open now' }).check();
  await listing;
  await expect(page).toHaveURL(/[?&]open=1(&|$)/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Always Market');
  await page.getByRole('button', { name: 'Remove filter: Open now' }).click();
  await expect(page).not.toHaveURL(/[?&]open=1/);
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: 'Open now' })).not.toBeChecked();

  // The page of the seasonal place: its week (all closed this week), the next opening, checked.
  await page.goto(`/discover/${later.slug}`);
  const hours = page.getByTestId('location-hours');
  const table = hours.getByRole('table', { name: "This week's hours" });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(table).toContainText('(Today)');
  await expect(hours).toContainText(`Out of season until ${MONTH_NAMES[month - 1]}`);
  await expect(hours.getByTestId('hours-next-change')).toContainText(`Next opening: Sat ${MONTH_NAMES[month - 1]}`);
  await expect(hours.getByTestId('checked-line')).toHaveText('Not checked yet');

  // The always-open place's week: every day 00:00–24:00.
  await page.goto(`/discover/${open.slug}`);
  const week = page.getByTestId('location-hours').getByRole('table', { name: "This week's hours" });
  await expect(week.getByRole('row')).toHaveCount(7);
  await expect(week.getByRole('cell', { name: '00:00–24:00' })).toHaveCount(7);
});

test('edits hours with the editor on a 390 px screen, and the page shows them', async ({ page, adminRequest }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const place = await createPlace(adminRequest, uniqueName('Editor Market'), null);

  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByTestId('location-hours')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('tab', { name: 'Contact' }).click();

  const editor = page.getByRole('group', { name: 'Opening hours (structured)' });
  await expect(editor).toBeVisible();
  await editor.getByRole('checkbox', { name: 'Saturday' }).check();
  await editor.getByLabel('Saturday: opens (hours 1)').fill('07:00');
  await editor.getByLabel('Saturday: closes (hours 1)').fill('12:00');
  await expect(editor.getByRole('textbox', { name: 'Opening hours as text' })).toHaveValue('Sa 07:00-12:00');

  // Nothing overflows the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A value the server refuses: its sentence shows beside the field.
  const text = editor.getByRole('textbox', { name: 'Opening hours as text' });
  await text.fill('Sa 07:00-12:00 fo');
  await expect(editor.locator('[id$="-text-error"]')).toContainText('cannot be read');
  await text.fill('Sa 07:00-12:00');

  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/locations/${place.id}`) && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { openingHours: string }).openingHours).toBe('Sa 07:00-12:00');

  // The page reloads with the week: Saturday 07:00–12:00.
  const week = page.getByTestId('location-hours').getByRole('table', { name: "This week's hours" });
  await expect(week.getByRole('row', { name: /Saturday/ })).toContainText('07:00–12:00');
  await expect(week.getByRole('row')).toHaveCount(7);
});

test('the add dialog has the hours editor, empty for a new place', async ({ page }) => {
  await page.goto('/discover');
  const button = page.getByRole('button', { name: 'Add Location' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog.getByRole('group', { name: 'Opening hours (structured)' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Opening hours as text' })).toHaveValue('');
});
