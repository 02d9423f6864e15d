// Descriptions are sanitised on write (docs/architecture.md, "Text safety") to the allow-list of
// src/shared/description-rules.ts, so nothing reading the database holds script; the display
// sanitises again (src/client/lib/sanitize.ts): two independent layers.
import sanitizeHtml from 'sanitize-html';
import {
  DESCRIPTION_ALLOWED_ATTRIBUTES,
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_URL_SCHEMES,
} from '../../shared/description-rules.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: DESCRIPTION_ALLOWED_TAGS,
  allowedAttributes: Object.fromEntries(DESCRIPTION_ALLOWED_TAGS.map((t) => [t, DESCRIPTION_ALLOWED_ATTRIBUTES])),
  allowedSchemes: DESCRIPTION_URL_SCHEMES,
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
