// The description rules both sanitisers apply (lib/sanitize-server.ts on the server,
// lib/sanitize-dom.ts in the browser; decision 0700): the allow-list, the bare-link pattern and the
// https:// prefix. A module of its own so the browser's sanitiser chunk does not import
// lib/sanitize.ts, which loads it.
export const ALLOWED_TAGS = ['a', 'br', 'p', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const ALLOWED_ATTR = ['href', 'target', 'rel'];

export const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** docs/product.md section 2: links without an http prefix get https:// when displayed. */
export function withHttps(url: string): string {
  const v = url.trim();
  if (!v) return v;
  return /^https?:\/\//i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
}

/** The description rules on one side: sanitised HTML (safe for dangerouslySetInnerHTML) and plain
 * text (share texts, previews). */
export interface HtmlToolkit {
  sanitize(html: string): string;
  text(html: string): string;
}
