// POST /api/flag-reports (docs/product.md sections 3, 5 and 7): the report dialog's payload.
import { z } from 'zod';
import { FLAG_TYPES, SCREENSHOT_MAX_BYTES } from '../constants.js';
import { MSG } from '../messages.js';

export const FLAG_DESCRIPTION_MAX = 2000;
export const FLAG_TYPE_MESSAGE = 'Flag type must be duplicate, outdated or other';
export const SCREENSHOT_INVALID_MESSAGE = 'Screenshot must be a PNG image';
export const SCREENSHOT_TOO_LARGE_MESSAGE = 'Screenshot is too large';
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
export { SCREENSHOT_MAX_BYTES };

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", sol: '/', nbsp: ' ' };

/** Decodes HTML entities (named, decimal, hex) and %XX escapes, repeatedly (up to 10 passes). */
export function decodeEntitiesDeep(input: string): string {
  let s = input;
  for (let i = 0; i < 10; i++) {
    const next = s
      .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => safeChar(Number.parseInt(h, 16)))
      .replace(/&#(\d+);?/g, (_, d: string) => safeChar(Number.parseInt(d, 10)))
      .replace(/&([a-z]+);/gi, (m, n: string) => NAMED[n.toLowerCase()] ?? m)
      .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    if (next === s) break;
    s = next;
  }
  return s;
}

function safeChar(code: number): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** True when the text holds a script tag, also once entities are decoded (case-insensitive,
 * white space and NUL characters inside the tag ignored). */
export function containsScriptTag(text: string): boolean {
  const check = (s: string) => /<\s*\/?\s*s\s*c\s*r\s*i\s*p\s*t/i.test(s.replace(/\0/g, ''));
  return check(text) || check(decodeEntitiesDeep(text));
}

/** Bytes of image in a base64 data URL, computed without decoding it. */
export function screenshotByteLength(dataUrl: string): number {
  const b64 = dataUrl.startsWith(PNG_DATA_URL_PREFIX) ? dataUrl.slice(PNG_DATA_URL_PREFIX.length) : dataUrl;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A 'data:image/png;base64,' URL with valid base64 whose bytes start with the PNG signature. */
export function isPngDataUrl(value: string): boolean {
  if (!value.startsWith(PNG_DATA_URL_PREFIX)) return false;
  const b64 = value.slice(PNG_DATA_URL_PREFIX.length);
  if (b64.length < 12 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return false;
  const head = atob(b64.slice(0, 12));
  return PNG_SIGNATURE.every((byte, i) => head.charCodeAt(i) === byte);
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
    .refine((v) => v === null || isPngDataUrl(v), SCREENSHOT_INVALID_MESSAGE),
});
export type FlagReportInput = z.input<typeof flagReportSchema>;
export type FlagReport = z.output<typeof flagReportSchema>;

export const flagReportCreatedSchema = z.object({ id: z.number().int(), status: z.literal('pending') });
