// The description rules of lib/sanitize.ts for the server renderer, which has no DOM (decision 0900):
// the same allow-list (docs/product.md section 5, decision 0700), hrefs limited to http(s) and
// mailto, entities decoded up to 10 passes, and bare links in text turned into new-tab links. Only
// entry-server.tsx imports this file, so sanitize-html never reaches the browser's bundle.
import sanitizeHtml from 'sanitize-html';
import { ALLOWED_ATTR, ALLOWED_TAGS, type HtmlToolkit, URL_IN_TEXT, withHttps } from './sanitize-rules';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Peels nested encodings ('&amp;lt;' -> '<'); the parser then decodes every other entity once. */
function decodeEntities(input: string, maxPasses = 10): string {
  let current = input;
  for (let i = 0; i < maxPasses; i++) {
    const next = current.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16), whole);
      if (lower.startsWith('#')) return safeChar(Number.parseInt(lower.slice(1), 10), whole);
      return NAMED[lower] ?? whole;
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

function safeChar(code: number, fallback: string): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const escapeAttr = (v: string) => v.replace(/&(?!amp;)/g, '&amp;').replace(/"/g, '&quot;');

function linkify(escapedText: string): string {
  return escapedText.replace(URL_IN_TEXT, (url) => {
    const href = escapeAttr(withHttps(url.replace(/&amp;/g, '&')));
    return `<a href="${href}" target="_blank" rel="noopener noreferrer" class="text-brand-800 underline break-words">${url}</a>`;
  });
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: Object.fromEntries(ALLOWED_TAGS.map((t) => [t, ALLOWED_ATTR])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target === '_blank' || /^https?:/i.test(next.href ?? '')) {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
  },
  textFilter: (text, tagName) => (tagName === 'a' ? text : linkify(text)),
};

export const serverHtmlToolkit: HtmlToolkit = {
  sanitize: (html) => sanitizeHtml(decodeEntities(html), OPTIONS),
  text: (html) =>
    decodeEntities(sanitizeHtml(decodeEntities(html), { allowedTags: [], allowedAttributes: {} }))
      .replace(/\s+/g, ' ')
      .trim(),
};
