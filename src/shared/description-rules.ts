// The description rules every sanitiser applies (docs/product.md section 5, decision 0700), kept
// once so the three (on write, server renderer, browser) cannot drift. Data and pure functions
// only: the browser's sanitiser chunk imports it; Discover's first load does not.

export const DESCRIPTION_ALLOWED_TAGS = [
  'a',
  'br',
  'p',
  'strong',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
];
// No class, style or id from users: the site's own CSS classes (`fixed inset-0 z-[60010]`) would
// let one anonymous edit lay a link over the whole page (docs/reliability.md).
export const DESCRIPTION_ALLOWED_ATTRIBUTES = ['href', 'target', 'rel'];

/** The only schemes an href may have; anything else (javascript:, data:, relative) loses its href. */
export const DESCRIPTION_URL_SCHEMES = ['http', 'https', 'mailto'];
/** DESCRIPTION_URL_SCHEMES as a test of an href (for DOMPurify's ALLOWED_URI_REGEXP). */
export const SAFE_HREF = new RegExp(`^(?:${DESCRIPTION_URL_SCHEMES.join('|')}):`, 'i');

/** Bare links in a description's text, which the display turns into new-tab links (withHttps). */
export const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  nbsp: '\u00a0',
};
const ENTITY = /&(?:#x([0-9a-f]+);?|#(\d+);?|(amp|lt|gt|quot|apos|sol|nbsp);)/gi;

/** A numeric entity's character; U+FFFD for what is no character (NUL, surrogates, too large), as
 * an HTML parser decodes it. */
function codePoint(code: number): string {
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\ufffd';
}

/**
 * Decodes numeric entities and the named ones that spell markup, repeatedly (at most `maxPasses`)
 * so that nested encodings ('&amp;lt;script&amp;gt;') cannot smuggle markup past a single decode.
 * Other named entities are left for the HTML parser that reads the result.
 */
export function decodeEntities(input: string, maxPasses = 10): string {
  let current = input;
  for (let i = 0; i < maxPasses; i++) {
    const next = current.replace(ENTITY, (_, hex?: string, dec?: string, name?: string) => {
      if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
      if (dec !== undefined) return codePoint(Number.parseInt(dec, 10));
      return NAMED_ENTITIES[name!.toLowerCase()]!;
    });
    if (next === current) break;
    current = next;
  }
  return current;
}
