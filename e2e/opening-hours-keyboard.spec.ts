// Opening hours without a mouse and under axe: the hours editor used with the keyboard alone (days, times,
// season, public holidays, the text field and back), saved; and axe on the editor, the Discover
// chips of the hours filters and a place's hours with "Is this still correct?".
import { expect as baseExpect, expectNoAxeViolations, test, uniqueName } from './support/fixtures';
import { tabTo } from './support/keyboard';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const ADDRESS = '20 E 5th St, Kansas City, MO 64106';

test('the hours editor with the keyboard alone: days, times, season, holidays, text, save', async ({ page, api }) => {
  const place = await api.createLocation({
    name: uniqueName('Keyboard Hours Market'),
    category: 'farmers-market',
    address: ADDRESS,
  });
  await page.goto(`/discover/${place.slug}`);
  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  // The tab list is one stop in the Tab order (the selected tab); arrows move between its tabs.
  await tabTo(page, page.getByRole('tab', { name: 'About' }));
  await page.keyboard.press('ArrowRight');
  const contact = page.getByRole('tab', { name: 'Contact' });
  await expect(contact).toBeFocused();
  await expect(contact).toHaveAttribute('aria-selected', 'true');

  const editor = page.getByRole('group', { name: 'Opening hours (structured)' });
  const text = editor.getByRole('textbox', { name: 'Opening hours as text' });
  await expect(editor).toBeVisible();
  await expectNoAxeViolations(page);

  // Saturday: ticked with Space, then its two time fields typed segment by segment.
  const saturday = editor.getByRole('checkbox', { name: 'Saturday' });
  await tabTo(page, saturday);
  await page.keyboard.press('Space');
  await expect(saturday).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(editor.getByLabel('Saturday: opens (hours 1)')).toBeFocused();
  await page.keyboard.type('0700AM');
  await tabTo(page, editor.getByLabel('Saturday: closes (hours 1)'));
  await page.keyboard.type('1200PM');
  await expect(text).toHaveValue('Sa 07:00-12:00');

  // A season, chosen in the two month lists by typing a month's name (a list's own type-ahead).
  const from = editor.getByLabel('Open from');
  await tabTo(page, from);
  await page.keyboard.type('April');
  await expect(from).toHaveValue('4');
  const until = editor.getByLabel('Open until');
  await tabTo(page, until);
  await page.keyboard.type('October');
  await expect(until).toHaveValue('10');
  await expect(text).toHaveValue(/^Apr-Oct Sa 07:00-12:00/);

  // Closed on public holidays.
  await tabTo(page, editor.getByRole('checkbox', { name: 'Closed on public holidays' }));
  await page.keyboard.press('Space');
  await expect(text).toHaveValue('Apr-Oct Sa 07:00-12:00; PH off');

  // The text for experts, rewritten: the day rows follow it.
  await tabTo(page, text);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Mo-Fr 08:00-17:00');
  await expect(editor.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await expect(saturday).not.toBeChecked();
  await expect(editor.getByLabel('Monday: opens (hours 1)')).toHaveValue('08:00');

  // Saved with Enter on the Save button.
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/locations/${place.id}`) && r.request().method() === 'PATCH',
  );
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { openingHours: string }).openingHours).toBe('Mo-Fr 08:00-17:00');
  const week = page.getByTestId('location-hours').getByRole('table', { name: "This week's hours" });
  await expect(week.getByRole('row', { name: /Monday/ })).toContainText('08:00–17:00');
});

test('axe: the hours filters with their chips, and a place with hours and "Is this still correct?"', async ({
  page,
  api,
}) => {
  const word = uniqueName('AxeHours').replace(/\s+/g, '');
  const place = await api.createLocation({
    name: `${word} Market`,
    category: 'farmers-market',
    address: ADDRESS,
    openingHours: '24/7',
    operatingHours: 'Rain or shine',
  });

  await page.goto(`/discover?q=${word}&open=1&season=1`);
  await expect(page.getByRole('button', { name: 'Remove filter: Open now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: In season' })).toBeVisible();
  await expect(page.getByTestId('location-card')).toHaveCount(1);
  await expect(page.getByTestId('hours-status')).toHaveText('Open now');
  await expectNoAxeViolations(page);

  await page.goto(`/discover/${place.slug}`);
  await expect(page.getByTestId('location-hours').getByRole('table', { name: "This week's hours" })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Is this still correct?' })).toBeVisible();
  await expectNoAxeViolations(page);
});
