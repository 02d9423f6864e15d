// Shared pieces of the end-to-end tests: a page whose cookie choice is already made (so the
// consent banner does not cover what a test clicks, except in the cookie tests), an API helper that
// creates each test's own data with unique names, and the axe check.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, request as requests } from '@playwright/test';
import { LOCAL_STORAGE_ENGAGEMENT_KEY } from '../../src/shared/constants';

export const COOKIE_CONSENT_KEY = 'cookie_consent';

export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export interface LocationInput {
  name: string;
  category: string;
  description?: string;
  address?: string;
  phone?: string;
  website?: string;
  operatingHours?: string;
  openingHours?: string | null;
  tagIds?: number[];
  latitude?: number;
  longitude?: number;
  deadline?: string;
  registrationLink?: string;
  faqLink?: string;
  status?: string;
}

/** The e2e server's administrator (scripts/e2e-server.ts). */
export const E2E_ADMIN = {
  username: process.env.ADMIN_USERNAME ?? 'e2e-admin',
  password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
};

/**
 * Each test's own data, written as the administrator: a place or tag from an anonymous contributor
 * waits for review (decision 0403), while a test's setup needs public data. The tests that are
 * about contributors write through the page, as a person does.
 */
export class ApiHelper {
  constructor(private readonly request: APIRequestContext) {}

  async createLocation(input: LocationInput) {
    const res = await this.request.post('/api/locations', { data: { description: '', ...input } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as { id: number; slug: string; name: string } & Record<string, unknown>;
  }

  async createTag(name: string, category = 'other') {
    const res = await this.request.post('/api/tags', { data: { name, category } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as { id: number; name: string; category: string | null };
  }

  async getLocation(id: number) {
    const res = await this.request.get(`/api/locations/${id}`);
    expect(res.ok()).toBeTruthy();
    return res.json();
  }
}

export const test = base.extend<{ api: ApiHelper; withConsentBanner: boolean }, { adminRequest: APIRequestContext }>({
  withConsentBanner: [false, { option: true }],
  page: async ({ page, withConsentBanner, javaScriptEnabled }, use) => {
    if (!withConsentBanner) {
      await page.addInitScript((key) => {
        try {
          if (!localStorage.getItem(key)) {
            localStorage.setItem(
              key,
              JSON.stringify({ essential: true, preferences: true, decidedAt: new Date().toISOString() }),
            );
          }
        } catch {
          /* storage blocked */
        }
      }, COOKIE_CONSENT_KEY);
      // The same choice in its cookie, as the browser keeps it: the server then renders the page
      // without the banner too (decision 0900).
      const url = test.info().project.use.baseURL ?? 'http://127.0.0.1';
      await page.context().addCookies([{ name: COOKIE_CONSENT_KEY, value: '1', url }]);
    }
    // A server-rendered page shows before it is live (decision 0900): wait for hydration after every
    // navigation, as a person's first click would need, whenever scripts run.
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const res = await goto(url, options);
        await page
          .waitForFunction(
            () => document.documentElement.dataset.hydrated === 'true' || !document.getElementById('ssr-data'),
          )
          .catch(() => undefined);
        return res;
      };
    }
    await use(page);
  },
  api: async ({ adminRequest }, use) => {
    await use(new ApiHelper(adminRequest));
  },
  adminRequest: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      // Signed in once per worker: a sign-in costs a deliberate scrypt (decision 0400).
      const context = await requests.newContext({ baseURL: workerInfo.project.use.baseURL });
      const res = await context.post('/api/admin/login', { data: E2E_ADMIN });
      expect(res.ok(), await res.text()).toBeTruthy();
      await use(context);
      await context.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** axe-core with the WCAG 2.2 A/AA rules; fails the test on any violation. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** The headers of a read as the page's own contributor makes it: a place it added waits for review
 * (decision 0403) and only the browser that added it (its session id, as the app sends it) sees it. */
export async function asAuthor(page: Page): Promise<{ headers: Record<string, string> }> {
  const session = await page.evaluate((key) => localStorage.getItem(key) ?? '', LOCAL_STORAGE_ENGAGEMENT_KEY);
  return { headers: { 'x-session-id': session } };
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
