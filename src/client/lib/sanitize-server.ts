// The description rules for the server renderer, which has no DOM (decision 0900): those of
// src/shared/description-rules.ts, applied with sanitize-html. Only entry-server.tsx imports it,
// so sanitize-html never reaches the browser's bundle.
import sanitizeHtml from 'sanitize-html';
import {
  DESCRIPTION_ALLOWED_ATTRIBUTES,
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_URL_SCHEMES,
  decodeEntities,
  URL_IN_TEXT,
} from '../../shared/description-rules';
import { withHttps } from '../../shared/website-host';
import type { HtmlToolkit } from './html-toolkit';

const escapeAttr = (v: string) => v.replace(/&(?!amp;)/g, '&amp;').replace(/"/g, '&quot;');

function linkify(escapedText: string): string {
  return escapedText.replace(URL_IN_TEXT, (url) => {
    const href = escapeAttr(withHttps(url.replace(/&amp;/g, '&')));
    return `<a href="${href}" target="_blank" rel="noopener noreferrer" class="text-brand-800 underline break-words">${url}</a>`;
  });
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: DESCRIPTION_ALLOWED_TAGS,
  allowedAttributes: Object.fromEntries(DESCRIPTION_ALLOWED_TAGS.map((t) => [t, DESCRIPTION_ALLOWED_ATTRIBUTES])),
  allowedSchemes: DESCRIPTION_URL_SCHEMES,
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
