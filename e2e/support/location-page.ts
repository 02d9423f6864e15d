// Helpers of the location page journeys (e2e/location-page*.spec.ts).
import fs from 'node:fs';
import type { Page } from '@playwright/test';

const SHOTS = '/tmp/shots-locpage';
fs.mkdirSync(SHOTS, { recursive: true });

export interface Opened {
  url: string;
  target?: string;
  features?: string;
}

/** Replaces window.open before the app loads; every call is kept in window.__opened. */
export async function captureWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: Opened[] };
    w.__opened = [];
    window.open = ((url?: string | URL, target?: string, features?: string) => {
      w.__opened.push({ url: String(url), target, features });
      return null;
    }) as typeof window.open;
  });
}

export const opened = (page: Page) => page.evaluate(() => (window as unknown as { __opened: Opened[] }).__opened);

/** 'Jun 30, 2030' — docs/product.md's short US date in UTC. */
export const usDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

export const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `${SHOTS}/${project}-${name}.png`, fullPage: true });
