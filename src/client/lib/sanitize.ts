// Render-side text safety (docs/product.md section 5): descriptions are sanitised again in the browser to
// the allow-list (a, br, p, strong, em, u, ul, ol, li, h1-h6; href, target, rel — never class or
// style from users, docs/reliability.md), with
// href limited to http(s) and mailto, entities decoded up to 10 passes, and bare http(s):// and
// www. links in plain text turned into links that open in a new tab.
import DOMPurify from 'dompurify';

export const ALLOWED_TAGS = ['a', 'br', 'p', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const ALLOWED_ATTR = ['href', 'target', 'rel'];
const SAFE_HREF = /^(?:https?:|mailto:)/i;

/** Decodes HTML entities repeatedly (at most 10 passes) so '&amp;lt;script&amp;gt;' cannot
 * smuggle markup past a single decode. */
export function decodeEntities(input: string, maxPasses = 10): string {
  const textarea = document.createElement('textarea');
  let current = input;
  for (let i = 0; i < maxPasses; i++) {
    textarea.innerHTML = current;
    const next = textarea.value;
    if (next === current) break;
    current = next;
  }
  return current;
}

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (href && !SAFE_HREF.test(href.trim())) node.removeAttribute('href');
      if (node.getAttribute('target') === '_blank' || /^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
}

/** Without a DOM (the server renderer, decision 0900) the same rules run on a parser instead:
 * entry-server.tsx installs lib/sanitize-server.ts here. */
export interface HtmlToolkit {
  sanitize(html: string): string;
  text(html: string): string;
}
let serverToolkit: HtmlToolkit | null = null;
export function installServerHtmlToolkit(toolkit: HtmlToolkit): void {
  serverToolkit = toolkit;
}
const hasDom = () => typeof document !== 'undefined';

/** Sanitised HTML of a stored description, safe for dangerouslySetInnerHTML. */
export function sanitizeDescription(html: string | null | undefined): string {
  if (!html) return '';
  if (!hasDom()) return serverToolkit?.sanitize(html) ?? '';
  ensureHooks();
  const decoded = decodeEntities(html);
  const clean = DOMPurify.sanitize(decoded, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_HREF });
  return linkifyHtml(clean);
}

export const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** Turns bare URLs in the text parts of sanitised HTML into links (not inside existing links).
 * It runs after sanitising, so the classes it sets are the site's own, never a user's. */
function linkifyHtml(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.parentElement?.closest('a')) texts.push(n as Text);
  }
  for (const text of texts) {
    const value = text.nodeValue ?? '';
    if (!URL_IN_TEXT.test(value)) continue;
    URL_IN_TEXT.lastIndex = 0;
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const m of value.matchAll(URL_IN_TEXT)) {
      const start = m.index ?? 0;
      frag.append(value.slice(last, start));
      const a = document.createElement('a');
      a.href = withHttps(m[0]);
      a.textContent = m[0];
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.className = 'text-brand-800 underline break-words';
      frag.append(a);
      last = start + m[0].length;
    }
    frag.append(value.slice(last));
    text.replaceWith(frag);
  }
  return container.innerHTML;
}

/** docs/product.md section 2: links without an http prefix get https:// when displayed. */
export function withHttps(url: string): string {
  const v = url.trim();
  if (!v) return v;
  return /^https?:\/\//i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
}

/** Plain text of a description (for share texts, previews). */
export function descriptionText(html: string | null | undefined): string {
  if (!html) return '';
  if (!hasDom()) return serverToolkit?.text(html) ?? '';
  const div = document.createElement('div');
  div.innerHTML = sanitizeDescription(html);
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}
