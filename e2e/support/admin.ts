// The administrator the e2e server creates (scripts/e2e-server.ts) and signing in as that person.
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect } from './fixtures';

export const ADMIN = E2E_ADMIN;
/** Sign-in runs scrypt with N=2^17 (as in production) on a shared 2-core machine: allow for it. */
export const SIGN_IN_TIMEOUT = { timeout: 45_000 };

/** Signs in on /admin and waits for the review desk. */
export async function signIn(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administrator sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review desk' })).toBeVisible(SIGN_IN_TIMEOUT);
}
