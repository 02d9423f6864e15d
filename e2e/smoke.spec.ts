import { expect, test } from './support/fixtures';

test('the Discover screen renders its heading', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Green Resources' })).toBeVisible();
});
