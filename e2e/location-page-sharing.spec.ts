// The location page's Get Directions dialog and Share dialog, at desktop and
// phone sizes.
import { captureWindowOpen, opened, shot } from './support/location-page';
import { expect as baseExpect, expectNoAxeViolations, isPhone, test, uniqueName } from './support/fixtures';

// The shared 2-core machine is often busy: give web-first assertions more room than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// The shared 2-core machine can be slow; these journeys take many steps.
test.describe.configure({ timeout: 120_000 });

test('Get Directions opens web maps, the device maps app and the transit app with its 2.5 s fallback', async ({
  page,
  api,
}, info) => {
  const address = '4800 Main St, Kansas City, MO 64112';
  const loc = await api.createLocation({ name: uniqueName('Page Directions'), category: 'park', address });
  const q = encodeURIComponent(address);
  await captureWindowOpen(page);
  await page.clock.install();
  await page.goto(`/discover/${loc.slug}`);
  const addressButton = page.getByRole('button', { name: `${address} (get directions)` });

  await addressButton.click();
  const dialog = page.getByRole('dialog', { name: 'Get Directions' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Destination: ${address}`);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'directions', info.project.name);
  await dialog.getByRole('button', { name: /Google Maps/ }).click();
  await expect(dialog).toHaveCount(0);
  expect(await opened(page)).toEqual([
    { url: `https://www.google.com/maps/search/?api=1&query=${q}`, target: '_blank', features: 'noopener,noreferrer' },
  ]);

  await addressButton.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Maps app/ })
    .click();
  // Desktop Chrome on Linux/Windows has no maps app: the Google Maps planner. Android: geo:.
  const device = isPhone(page)
    ? { url: `geo:0,0?q=${q}`, target: '_self' }
    : {
        url: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
        target: '_blank',
        features: 'noopener,noreferrer',
      };
  expect((await opened(page))[1]).toEqual(device);

  // Freeze time to see the transit fallback fire at exactly 2.5 s.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await addressButton.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Transit \(RideKC\)/ })
    .click();
  expect((await opened(page)).slice(2)).toEqual([{ url: `transit://directions?to=${q}`, target: '_self' }]);
  await page.clock.runFor(2499);
  expect(await opened(page)).toHaveLength(3);
  await page.clock.runFor(1);
  expect((await opened(page)).slice(3)).toEqual([
    { url: 'https://ridekc.org/', target: '_blank', features: 'noopener,noreferrer' },
  ]);
});

test('Share offers Facebook, Twitter, LinkedIn, Email, the device share sheet and Copy link', async ({
  page,
  api,
}, info) => {
  const name = uniqueName('Page Share');
  const loc = await api.createLocation({
    name,
    category: 'community-garden',
    address: '5 Garden Way',
    description: '<p>Plots for <strong>everyone</strong>.</p>',
  });
  await captureWindowOpen(page);
  await page.goto(`/discover/${loc.slug}`);
  const pageUrl = new URL(`/discover/${loc.slug}`, page.url()).toString();
  const u = encodeURIComponent(pageUrl);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'SHARE THIS EVENT' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'share', info.project.name);

  await dialog.getByRole('button', { name: 'Facebook' }).click();
  await dialog.getByRole('button', { name: 'Twitter' }).click();
  await dialog.getByRole('button', { name: 'LinkedIn' }).click();
  const features = 'width=600,height=400,noopener,noreferrer';
  expect(await opened(page)).toEqual([
    { url: `https://www.facebook.com/sharer/sharer.php?u=${u}`, target: '_blank', features },
    { url: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(name)}`, target: '_blank', features },
    { url: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, target: '_blank', features },
  ]);

  await expect(dialog.getByRole('link', { name: 'Email' })).toHaveAttribute(
    'href',
    `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(`Plots for everyone.\n\n${pageUrl}`)}`,
  );

  // Native share: used when present, and its failures (a cancelled sheet) are ignored.
  await page.evaluate(() => {
    const w = window as unknown as { __shared: ShareData[] };
    w.__shared = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        w.__shared.push(data);
        throw new DOMException('Share canceled', 'AbortError');
      },
    });
  });
  await dialog.getByRole('button', { name: 'Share via device' }).click();
  expect(await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([
    { title: name, text: 'Plots for everyone.', url: pageUrl },
  ]);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // Without native share it copies the link.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
  await dialog.getByRole('button', { name: 'Share via device' }).click();
  await expect(page.getByTestId('toast')).toContainText('Link copied');

  await page.evaluate(() => navigator.clipboard.writeText(''));
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const toastEl = page.getByTestId('toast');
  await expect(toastEl).toContainText('Link copied');
  await expect(toastEl).toContainText('The link has been copied to your clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  });
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(toastEl).toHaveAttribute('data-variant', 'destructive');
  await expect(toastEl).toContainText('Copy failed');
  await expect(toastEl).toContainText('Could not copy the link. Please try again.');
});
