// Helpers of the Discover journeys (e2e/discover*.spec.ts).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { isPhone, uniqueName } from './fixtures';

export const SHOTS = '/tmp/shots-discover';
fs.mkdirSync(SHOTS, { recursive: true });

/** A word that appears only in this test's data. */
export const uniqueWord = (prefix: string) => uniqueName(prefix).replace(/\s+/g, '');

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });

export const count = (page: Page) => page.getByTestId('results-count');
export const cards = (page: Page) => page.getByTestId('location-card');
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** Client-side navigation, as a link inside the app does it. */
export async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
