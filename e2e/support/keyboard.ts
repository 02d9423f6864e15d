// Reaching a control the way a keyboard user does.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Press Tab (or Shift+Tab) until the target has focus. */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < (opts.max ?? 120); i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('could not reach the element with Tab');
}
