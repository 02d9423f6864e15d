// Reporting a problem with a screenshot of the problem area. Desktop picks an element on
// the page (mouse or keyboard); phones go straight to review with a screenshot of the whole page.
// The reports' bodies are read on the way out (page.route, then continued to the real server).
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

const SHOTS = '/tmp/shots-report';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface SentReport {
  locationId: number | null;
  flagType: string;
  description: string;
  screenshot: string;
}

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByTestId('report-picker-banner');
const toast = (page: Page) => page.getByTestId('toast');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png` });

async function openReport(page: Page) {
  await page.getByTestId('report-issue-button').click();
  await expect(dialog(page).getByRole('heading', { name: 'Report an Issue' })).toBeVisible();
}

async function chooseType(page: Page, label: 'Duplicate listing' | 'Outdated information' | 'Other') {
  await dialog(page).getByRole('radio', { name: label }).check();
}

/** Continue from select-type to review: picks `target` on desktop, waits for the screenshot. */
async function continueToReview(page: Page, target?: Locator) {
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  if (!isPhone(page)) {
    await expect(banner(page)).toContainText('Click on the problem area');
    await expect(dialog(page)).toBeHidden();
    await (target ?? page.locator('main h1').first()).click();
    await expect(page.getByTestId('report-picker-notice')).toHaveText('Area selected! Opening report form...');
  }
  await expect(dialog(page).getByRole('heading', { name: 'Review Your Report' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog(page).getByTestId('report-screenshot')).toBeVisible({ timeout: 20_000 });
}

/** Records every report body the page sends, then lets it through to the server. */
async function recordReports(page: Page): Promise<SentReport[]> {
  const sent: SentReport[] = [];
  await page.route('**/api/flag-reports', async (route) => {
    sent.push(route.request().postDataJSON() as SentReport);
    await route.continue();
  });
  return sent;
}

function pngOf(dataUrl: string): Buffer {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  return bytes;
}
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function expectSuccessAndReset(page: Page) {
  await expect(toast(page)).toContainText('Report Submitted');
  await expect(toast(page)).toContainText("Thank you for your report. We'll review it soon.");
  await expect(dialog(page)).toBeHidden();
  // Focus is back on the button that opened the report (also after picking on the page).
  await expect(page.getByTestId('report-issue-button')).toBeFocused();
  // On a phone the toast sits over the header: close it first.
  await toast(page).getByRole('button', { name: 'Close notification' }).click();
  await expect(toast(page)).toBeHidden();
  // Closing reset everything: a fresh select-type step with nothing chosen.
  await openReport(page);
  for (const name of ['Duplicate listing', 'Outdated information', 'Other']) {
    await expect(dialog(page).getByRole('radio', { name })).not.toBeChecked();
  }
  await expect(dialog(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
}

test.describe('Report dialog', () => {
  // Screenshots are real work for the browser; this shared 2-core machine can be slow.
  test.describe.configure({ timeout: 150_000 });

  test('select-type: Continue waits for a type; every validation message', async ({ page }) => {
    await page.goto('/');
    await openReport(page);
    await expect(
      dialog(page)
        .getByRole('radiogroup', { name: 'What kind of issue is it?' })
        .or(dialog(page).getByRole('group', { name: 'What kind of issue is it?' })),
    ).toBeVisible();
    const cont = dialog(page).getByRole('button', { name: 'Continue' });
    await expect(cont).toBeDisabled();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(page, '1-select-type');

    // Enter in the form without a type explains what is missing.
    await dialog(page).getByRole('radio', { name: 'Duplicate listing' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Please select a flag type');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog(page).getByRole('radio', { name: 'Duplicate listing' })).not.toBeChecked();

    // 'Other' needs a description that is not blank.
    await chooseType(page, 'Other');
    await expect(cont).toBeEnabled();
    await cont.click();
    await expect(toast(page)).toContainText("Please provide a description for 'Other' issues");
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await dialog(page).getByLabel('Describe the issue').fill('   ');
    await cont.click();
    await expect(toast(page)).toContainText("Please provide a description for 'Other' issues");
    await expect(dialog(page).getByRole('heading', { name: 'Report an Issue' })).toBeVisible();

    // Script tags are refused before anything is sent.
    await dialog(page).getByLabel('Describe the issue').fill('<script>alert(1)</script>');
    await cont.click();
    await expect(toast(page)).toContainText('Script tags are not allowed in description');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(page, '2-select-type-other');
  });

  test('desktop: a real click picks an element; its PNG reaches the server', async ({ page }) => {
    test.skip(isPhone(page), 'element picking is the wide-screen flow');
    const sent = await recordReports(page);
    await page.goto('/');
    await expect(page.locator('main h1')).toBeVisible();
    await openReport(page);
    await chooseType(page, 'Outdated information');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();

    // Picking mode: dialog hidden, banner, Cancel; hovering shows the tag of what is under the mouse.
    await expect(dialog(page)).toBeHidden();
    await expect(banner(page)).toContainText('Click on the problem area');
    await expect(banner(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.locator('main h1').first().hover();
    await expect(page.getByTestId('report-picker-tag')).toHaveText('h1');
    const addButton = page.getByTestId('add-location-button');
    await addButton.hover();
    await expect(page.getByTestId('report-picker-tag')).toHaveText(/^(button|span)$/);
    await shot(page, '3-picking');

    // Clicking the header's Add Location button selects it and does NOT open its dialog.
    const box = await addButton.boundingBox();
    if (!box) throw new Error('no box');
    await page.mouse.click(box.x + 4, box.y + box.height / 2);
    await expect(page.getByTestId('report-picker-notice')).toHaveText('Area selected! Opening report form...');
    await shot(page, '4-selected-notice');
    await expect(dialog(page).getByRole('heading', { name: 'Review Your Report' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByTestId('report-picker-banner')).toHaveCount(0);
    const img = dialog(page).getByRole('img', { name: 'Screenshot of the problem area' });
    await expect(img).toBeVisible();
    await expect(dialog(page).getByTestId('report-element-preview').locator('code')).toHaveText('button');
    await expect(dialog(page).getByTestId('report-element-preview')).toContainText('Add Location');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(page, '5-review');

    await dialog(page).getByLabel('Additional notes (optional)').fill('The button label is unclear');
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await expectSuccessAndReset(page);

    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body.locationId).toBeNull();
    expect(body.flagType).toBe('outdated');
    expect(body.description).toBe('outdated issue reported - Additional notes: The button label is unclear');
    // The element at scale 1 with 20 px of padding on each side.
    const size = pngSize(pngOf(body.screenshot));
    expect(Math.abs(size.width - (box.width + 40))).toBeLessThanOrEqual(2);
    expect(Math.abs(size.height - (box.height + 40))).toBeLessThanOrEqual(2);
  });

  test('desktop: picking by keyboard; Escape and Cancel go back to select-type', async ({ page }) => {
    test.skip(isPhone(page), 'element picking is the wide-screen flow');
    await page.goto('/');
    const h1 = page.locator('main h1').first();
    await expect(h1).toBeVisible();
    await openReport(page);
    await chooseType(page, 'Duplicate listing');

    // Cancel in the banner: back to select-type, the choice kept.
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await banner(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Report an Issue' })).toBeVisible();
    await expect(dialog(page).getByRole('radio', { name: 'Duplicate listing' })).toBeChecked();

    // Escape while picking does the same.
    await dialog(page).getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeFocused();
    await expect(page.locator('#announcer-polite')).toContainText('Click on the problem area');
    await page.keyboard.press('Escape');
    await expect(banner(page)).toHaveCount(0);
    await expect(dialog(page).getByRole('heading', { name: 'Report an Issue' })).toBeVisible();
    await expect(dialog(page).getByRole('radio', { name: 'Duplicate listing' })).toBeChecked();

    // Arrow keys and Tab walk main's elements; Enter picks the highlighted one.
    await dialog(page).getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeFocused();
    const tag = page.getByTestId('report-picker-tag');
    await page.keyboard.press('ArrowDown');
    await expect(tag).toHaveText('h1');
    await page.keyboard.press('Tab');
    await expect(tag).not.toHaveText('h1');
    await page.keyboard.press('ArrowUp');
    await expect(tag).toHaveText('h1');
    await shot(page, '3-picking-keyboard');
    const highlight = await page.getByTestId('report-picker-highlight').boundingBox();
    const h1Box = await h1.boundingBox();
    expect(Math.abs((highlight?.width ?? 0) - (h1Box?.width ?? 0))).toBeLessThanOrEqual(1);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('report-picker-notice')).toHaveText('Area selected! Opening report form...');
    await expect(dialog(page).getByRole('heading', { name: 'Review Your Report' })).toBeVisible({ timeout: 20_000 });
    const h1Text = (await h1.textContent())?.trim() ?? '';
    const preview = dialog(page).getByTestId('report-element-preview');
    await expect(preview.locator('code')).toHaveText('h1');
    await expect(preview.locator('span')).toHaveText(h1Text.replace(/\s+/g, ' ').slice(0, 60));
    await expect(dialog(page).getByTestId('report-screenshot')).toBeVisible();
  });

  test('phone: Continue goes straight to review with a screenshot of the page', async ({ page }) => {
    test.skip(!isPhone(page), 'the automatic full-page screenshot is the phone flow');
    const sent = await recordReports(page);
    await page.goto('/');
    await expect(page.locator('main h1')).toBeVisible();
    await openReport(page);
    await chooseType(page, 'Duplicate listing');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(dialog(page).getByRole('heading', { name: 'Review Your Report' })).toBeVisible();
    await expect(dialog(page).getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog(page).getByTestId('report-element-preview')).toHaveCount(0);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(page, '5-review');
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await expectSuccessAndReset(page);

    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body).toMatchObject({ locationId: null, flagType: 'duplicate', description: 'duplicate issue reported' });
    const png = pngOf(body.screenshot);
    // The body at scale 0.5.
    const bodyWidth = await page.evaluate(() => document.body.clientWidth);
    expect(Math.abs(pngSize(png).width - bodyWidth / 2)).toBeLessThanOrEqual(1);
    // The dialog and its dim overlay are not in the picture: the footer at the bottom is white.
    const pixel = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(Math.floor(img.width / 2), img.height - 3, 1, 1).data];
    }, body.screenshot);
    expect(
      pixel.slice(0, 3).every((c) => c > 235),
      `bottom pixel ${pixel}`,
    ).toBe(true);
  });

  test("'other': the typed description is sent; Submitting... while sending; a failure keeps everything", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('main h1')).toBeVisible();
    await openReport(page);
    await chooseType(page, 'Other');
    await dialog(page).getByLabel('Describe the issue').fill('The map pin is in the river');
    await continueToReview(page);
    await dialog(page).getByLabel('Additional notes (optional)').fill('Seen on Monday');

    // The first attempt is held, then answered 500.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/flag-reports', async (route) => {
      await gate;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Internal Server Error"}',
      });
    });
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    const submitting = dialog(page).getByRole('button', { name: 'Submitting...' });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    await shot(page, '6-submitting');
    release();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Failed to submit report. Please try again.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog(page).getByLabel('Additional notes (optional)')).toHaveValue('Seen on Monday');
    await expect(dialog(page).getByTestId('report-screenshot')).toBeVisible();
    await shot(page, '7-failed');

    // The second attempt goes through.
    await page.unroute('**/api/flag-reports');
    const sent = await recordReports(page);
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await expectSuccessAndReset(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.flagType).toBe('other');
    expect(sent[0]!.description).toBe('The map pin is in the river - Additional notes: Seen on Monday');
    pngOf(sent[0]!.screenshot);
  });

  test('a report started on a location page counts in its flags', async ({ page, api }) => {
    const place = await api.createLocation({
      name: uniqueName('Report Garden'),
      category: 'community-garden',
      address: '4800 Main St, Kansas City, MO',
      description: 'A garden to report.',
    });
    const before = (await api.getLocation(place.id)).flagCount as number;
    const sent = await recordReports(page);
    await page.goto(`/discover/${place.slug}`);
    const heading = page.getByRole('heading', { level: 1, name: place.name });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    await openReport(page);
    await chooseType(page, 'Duplicate listing');
    await continueToReview(page, heading);
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await expect(toast(page)).toContainText('Report Submitted');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.locationId).toBe(place.id);
    expect((await api.getLocation(place.id)).flagCount).toBe(before + 1);
  });
});
