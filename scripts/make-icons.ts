// Renders the app icons (public/icons/*.png) from their SVG sources beside them, in the same
// Chromium the end-to-end tests use. Run by hand after changing an SVG: npx tsx scripts/make-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const dir = path.resolve('public/icons');
const ICONS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage();
for (const icon of ICONS) {
  const svg = fs.readFileSync(path.join(dir, icon.svg), 'utf8');
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img style="display:block;width:${icon.size}px;height:${icon.size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
  );
  await page.screenshot({ path: path.join(dir, icon.png), omitBackground: true });
  console.log(`${icon.png} (${icon.size}px)`);
}
await browser.close();
