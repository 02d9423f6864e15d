import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_SIDE_PX } from '../../../shared/constants.js';
import {
  containsScriptTag,
  isPngDataUrl,
  pngDimensions,
  SCREENSHOT_DIMENSIONS_MESSAGE,
  SCREENSHOT_INVALID_MESSAGE,
} from '../../../shared/schemas/flag-report.js';
import { flagReports, locations } from '../../db/schema.js';
import { leaveRoomInWindow } from '../../test/clock.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The signature and an IHDR chunk declaring width x height (its CRC is not checked), then filler up
 * to `bytes` bytes in all. */
const pngBytes = (bytes: number, width = 40, height = 30) => {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  const head = Buffer.concat([PNG_HEAD, ihdr]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 7)]);
};
const png = (bytes: number, width?: number, height?: number) =>
  `data:image/png;base64,${pngBytes(bytes, width, height).toString('base64')}`;

const PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp();
let locationId: number;
let ipCounter = 0;
beforeAll(async () => {
  const rows = await t.database.db
    .insert(locations)
    .values({
      name: 'Flagged Market',
      category: 'farmers-market',
      slug: `flagged-market-${Date.now()}`,
      address: '2 Main St',
    })
    .returning({ id: locations.id });
  locationId = rows[0]!.id;
});
afterEach(() => {
  vi.useRealTimers();
});

// Each request from its own address so the 10/minute limit only bites in its own test.
const report = (body: unknown, ip = `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/flag-reports',
    headers: jsonHeaders,
    remoteAddress: ip,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('flag reports API (POST /api/flag-reports): the fields and the place', () => {
  it('stores a report as pending and answers 201 {id, status, screenshotKept}', async () => {
    const res = await report({
      locationId: null,
      flagType: 'outdated',
      description: 'outdated issue reported',
      screenshot: png(100),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), status: 'pending', screenshotKept: true });
    const [row] = await t.database.db.select().from(flagReports).where(eq(flagReports.id, body.id));
    expect(row).toMatchObject({
      locationId: null,
      flagType: 'outdated',
      description: 'outdated issue reported',
      status: 'pending',
    });
    expect(row!.screenshot).toMatch(/^data:image\/png;base64,/);
  });

  it('accepts a known locationId and no screenshot', async () => {
    const res = await report({ locationId, flagType: 'duplicate', description: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(flagReports).where(eq(flagReports.id, res.json().id));
    expect(row!.locationId).toBe(locationId);
    expect(row!.screenshot).toBeNull();
  });

  it('refuses an unknown locationId with 400 on locationId', async () => {
    const res = await report({ locationId: 987654, flagType: 'other', description: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ locationId: 'Location not found' });
  });

  it('answers a hidden place exactly like a missing one', async () => {
    const [hidden] = await t.database.db
      .insert(locations)
      .values({ name: 'Hidden Market', category: 'park', slug: `hidden-market-${Date.now()}`, hidden: true })
      .returning({ id: locations.id });
    const forHidden = await report({ locationId: hidden!.id, flagType: 'other', description: 'x' });
    const forMissing = await report({ locationId: 987655, flagType: 'other', description: 'x' });
    expect(forHidden.statusCode).toBe(400);
    expect(forHidden.body).toBe(forMissing.body);
    expect(await t.database.db.select().from(flagReports).where(eq(flagReports.locationId, hidden!.id))).toHaveLength(
      0,
    );
  });

  it('refuses a bad flag type', async () => {
    for (const flagType of ['spam', '', 3, null, undefined]) {
      const res = await report({ locationId: null, flagType, description: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.flagType).toBe('Flag type must be duplicate, outdated or other');
    }
  });

  it.each([
    '<script>alert(1)</script>',
    'hello <SCRIPT src=x>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&amp;lt;script&amp;gt;',
    '&#60;script&#62;',
    '&#x3C;ScRiPt&#x3E;',
    '< script >',
    '</script>',
  ])('refuses script tags in the description: %s', async (description) => {
    const res = await report({ locationId: null, flagType: 'other', description });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.description).toBe('Script tags are not allowed in description');
  });

  it('allows ordinary text that mentions scripts, and caps the description at 2000 characters', async () => {
    expect(
      (
        await report({
          locationId: null,
          flagType: 'other',
          description: 'The JavaScript on the page is slow; <b>bold</b>',
        })
      ).statusCode,
    ).toBe(201);
    expect((await report({ locationId: null, flagType: 'other', description: 'a'.repeat(2000) })).statusCode).toBe(201);
    const long = await report({ locationId: null, flagType: 'other', description: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('description');
  });
});

describe('flag reports API (POST /api/flag-reports): screenshots, limits and shared helpers', () => {
  it.each([
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='],
    ['an SVG', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['not base64', 'data:image/png;base64,!!!!not-base64!!!!'],
    ['PNG prefix but other bytes', `data:image/png;base64,${Buffer.from('GIF89a-not-a-png').toString('base64')}`],
    ['a URL', 'https://example.org/x.png'],
    ['a number', 42],
  ])('refuses a screenshot that is %s with 400', async (_name, screenshot) => {
    const res = await report({ locationId: null, flagType: 'duplicate', description: '', screenshot });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.screenshot).toBe('Screenshot must be a PNG image');
  });

  it('refuses a PNG signature without its IHDR header with 400 on screenshot', async () => {
    const bare = `data:image/png;base64,${Buffer.concat([PNG_HEAD, Buffer.alloc(40, 7)]).toString('base64')}`;
    const res = await report({ locationId: null, flagType: 'duplicate', description: '', screenshot: bare });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.screenshot).toBe(SCREENSHOT_INVALID_MESSAGE);
  });

  it.each([
    ['wider than 8192 px', 8193, 10],
    ['taller than 8192 px', 10, 8193],
    ['over 4096 x 4096 px in all', 4097, 4096],
    ['of zero width', 0, 10],
  ])('refuses a screenshot that declares a size %s with 400 on screenshot', async (_name, width, height) => {
    const res = await report({ locationId: null, flagType: 'duplicate', screenshot: png(200, width, height) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.screenshot).toBe(width === 0 ? SCREENSHOT_INVALID_MESSAGE : SCREENSHOT_DIMENSIONS_MESSAGE);
  });

  it('accepts a screenshot at the size limits (8192 x 2048 px, 4096 x 4096 px)', async () => {
    for (const [width, height] of [
      [8192, 2048],
      [4096, 4096],
    ] as const) {
      const res = await report({ locationId: null, flagType: 'duplicate', screenshot: png(200, width, height) });
      expect(res.statusCode).toBe(201);
    }
    expect(SCREENSHOT_MAX_SIDE_PX * SCREENSHOT_MAX_SIDE_PX).toBeGreaterThan(SCREENSHOT_MAX_PIXELS);
  });

  it('accepts a screenshot of exactly the limit (2 MB) and refuses one byte more with 413', async () => {
    expect(SCREENSHOT_MAX_BYTES).toBe(2 * 1024 * 1024);
    const ok = await report({
      locationId: null,
      flagType: 'duplicate',
      description: '',
      screenshot: png(SCREENSHOT_MAX_BYTES),
    });
    expect(ok.statusCode).toBe(201);
    const big = await report({
      locationId: null,
      flagType: 'duplicate',
      description: '',
      screenshot: png(SCREENSHOT_MAX_BYTES + 3),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Screenshot is too large' });
    const huge = await report({
      locationId: null,
      flagType: 'duplicate',
      description: '',
      screenshot: png(SCREENSHOT_MAX_BYTES * 2),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Screenshot is too large' });
  });

  it('answers 400 (not 500) for a NUL character, which the database refuses', async () => {
    const res = await report({ locationId: null, flagType: 'other', description: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
  });

  it('rate limits one client at 10 a minute', async () => {
    // The limit counts in fixed one-minute windows: started just before one ends, the 11 requests
    // would split over two windows and none would be refused. Start there on purpose, then leave
    // room so every request lands in one window (the test once failed at random on this).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 - 50);
    leaveRoomInWindow(60_000, 30_000);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await report({ locationId: null, flagType: 'duplicate' }, '10.3.200.200')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    vi.useRealTimers();
  });

  it('shared helpers: script detection and PNG check', () => {
    expect(containsScriptTag('no tags here')).toBe(false);
    expect(containsScriptTag('%3Cscript%3E')).toBe(true);
    expect(isPngDataUrl(png(40))).toBe(true);
    expect(isPngDataUrl('data:image/png;base64,')).toBe(false);
    expect(pngDimensions(png(40, 1280, 720))).toEqual({ width: 1280, height: 720 });
    // The client's 1x1 placeholder (docs/product.md section 7) is a real PNG.
    expect(pngDimensions(PLACEHOLDER)).toEqual({ width: 1, height: 1 });
  });
});
