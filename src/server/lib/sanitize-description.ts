// Descriptions are sanitised on write (docs/architecture.md, Conventions, "Text safety") to docs/product.md section 5's
// allow-list, so whatever reads the database (API, page <head>, exports) never holds script. The
// browser sanitises again on render (src/client/lib/sanitize.ts): two independent layers.
import sanitizeHtml from 'sanitize-html';

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: DESCRIPTION_ALLOWED_TAGS,
  allowedAttributes: Object.fromEntries(DESCRIPTION_ALLOWED_TAGS.map((t) => [t, DESCRIPTION_ALLOWED_ATTRIBUTES])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Contents of these are dropped entirely, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      // A link that opens a new tab must not hand the opener to the other site.
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else if (next.target !== undefined && next.target !== '_self') delete next.target;
      return { tagName, attribs: next };
    },
  },
};

/** The stored form of a description: allow-listed HTML, '' for nothing. */
export function sanitizeDescription(input: string | null | undefined): string {
  if (!input) return '';
  return sanitizeHtml(input, OPTIONS).trim();
}
