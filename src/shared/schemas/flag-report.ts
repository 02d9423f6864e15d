// POST /api/flag-reports (docs/product.md sections 3, 5 and 7): the report dialog's payload.
import { z } from 'zod';
import { FLAG_TYPES, SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_SIDE_PX } from '../constants.js';
import { decodeEntities } from '../description-rules.js';
import { MSG } from '../messages.js';

export const FLAG_DESCRIPTION_MAX = 2000;
const FLAG_TYPE_MESSAGE = 'Flag type must be duplicate, outdated or other';
export const SCREENSHOT_INVALID_MESSAGE = 'Screenshot must be a PNG image';
export const SCREENSHOT_TOO_LARGE_MESSAGE = 'Screenshot is too large';
export const SCREENSHOT_DIMENSIONS_MESSAGE = `Screenshot must be at most ${SCREENSHOT_MAX_SIDE_PX} pixels wide and high, and ${SCREENSHOT_MAX_PIXELS.toLocaleString('en-US')} pixels in all`;
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
export { SCREENSHOT_MAX_BYTES };

/** Decodes HTML entities and %XX escapes, one layer of each per pass, repeatedly (up to 20 passes)
 * so that neither encoding, nor one inside the other, hides a tag. */
function decodeEntitiesDeep(input: string): string {
  let s = input;
  for (let i = 0; i < 20; i++) {
    const next = decodeEntities(s, 1).replace(/%([0-9a-f]{2})/gi, (_, h: string) =>
      String.fromCharCode(Number.parseInt(h, 16)),
    );
    if (next === s) break;
    s = next;
  }
  return s;
}

/** True when the text holds a script tag, also once entities are decoded (case-insensitive,
 * white space, NUL and U+FFFD characters inside the tag ignored). */
export function containsScriptTag(text: string): boolean {
  // U+FFFD is what an invalid numeric entity ('&#0;') decodes to: ignored like NUL.
  const check = (s: string) => /<\s*\/?\s*s\s*c\s*r\s*i\s*p\s*t/i.test(s.replace(/[\0\ufffd]/g, ''));
  return check(text) || check(decodeEntitiesDeep(text));
}

/** Bytes of image in a base64 data URL, computed without decoding it. */
export function screenshotByteLength(dataUrl: string): number {
  const b64 = dataUrl.startsWith(PNG_DATA_URL_PREFIX) ? dataUrl.slice(PNG_DATA_URL_PREFIX.length) : dataUrl;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

/** The width and height a 'data:image/png;base64,' URL declares: valid base64, the PNG signature,
 * then the IHDR chunk (length 13) that every PNG starts with. Null for anything else. Only the
 * first 24 bytes are decoded. */
export function pngDimensions(value: string): { width: number; height: number } | null {
  if (!value.startsWith(PNG_DATA_URL_PREFIX)) return null;
  const b64 = value.slice(PNG_DATA_URL_PREFIX.length);
  if (b64.length < 32 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  const head = atob(b64.slice(0, 32));
  const byte = (i: number) => head.charCodeAt(i);
  const u32 = (i: number) => byte(i) * 0x1000000 + ((byte(i + 1) << 16) | (byte(i + 2) << 8) | byte(i + 3));
  if (!PNG_SIGNATURE.every((b, i) => byte(i) === b)) return null;
  if (u32(8) !== 13 || !IHDR.every((b, i) => byte(12 + i) === b)) return null;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** A PNG data URL (see pngDimensions). */
export function isPngDataUrl(value: string): boolean {
  return pngDimensions(value) !== null;
}

/** Within SCREENSHOT_MAX_SIDE_PX on each side and SCREENSHOT_MAX_PIXELS in all. */
export function screenshotDimensionsAllowed(size: { width: number; height: number }): boolean {
  return (
    size.width <= SCREENSHOT_MAX_SIDE_PX &&
    size.height <= SCREENSHOT_MAX_SIDE_PX &&
    size.width * size.height <= SCREENSHOT_MAX_PIXELS
  );
}

export const flagReportSchema = z.object({
  locationId: z
    .number({ error: 'locationId must be a number or null' })
    .int('locationId must be a whole number')
    .positive('locationId must be positive')
    .max(2_147_483_647, 'locationId is too large')
    .nullish()
    .transform((v) => v ?? null),
  flagType: z.enum(FLAG_TYPES, { error: FLAG_TYPE_MESSAGE }),
  description: z
    .string({ error: 'Description must be text' })
    .max(FLAG_DESCRIPTION_MAX, `Description must be at most ${FLAG_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => !containsScriptTag(v), MSG.reportScript),
  screenshot: z
    .string({ error: SCREENSHOT_INVALID_MESSAGE })
    .nullish()
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      if (v === null) return;
      const size = pngDimensions(v);
      if (!size) ctx.addIssue({ code: 'custom', message: SCREENSHOT_INVALID_MESSAGE });
      else if (!screenshotDimensionsAllowed(size))
        ctx.addIssue({ code: 'custom', message: SCREENSHOT_DIMENSIONS_MESSAGE });
    }),
});
export type FlagReport = z.output<typeof flagReportSchema>;

export const flagReportCreatedSchema = z.object({
  id: z.number().int(),
  status: z.literal('pending'),
  /** Whether the screenshot sent was stored (null: none was sent); false once the sender's network
   * group stored its day's share of screenshots (decision 0712). */
  screenshotKept: z.boolean().nullable(),
});
