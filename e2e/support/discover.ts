// Helpers of the Discover journeys (e2e/discover*.spec.ts).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, isPhone, uniqueName } from './fixtures';

const SHOTS = '/tmp/shots-discover';
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

/** The Filters button of a phone (decision 0906). */
export const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });

/** On a phone every filter but the search box is behind the Filters button (decision 0906): opens
 * it there; on a wider screen the filters are always shown. */
export async function showFilters(page: Page) {
  if (!isPhone(page)) return;
  const toggle = filtersButton(page);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByLabel('Category')).toBeVisible();
}
