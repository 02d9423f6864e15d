// Render-side text safety in the browser (docs/product.md section 5, decision 0700): the rules of
// src/shared/description-rules.ts applied with DOMPurify. A chunk of its own, loaded by
// lib/sanitize.ts, so DOMPurify is not part of Discover's first load (decision 0902).
import DOMPurify from 'dompurify';
import {
  DESCRIPTION_ALLOWED_ATTRIBUTES,
  DESCRIPTION_ALLOWED_TAGS,
  decodeEntities,
  SAFE_HREF,
  URL_IN_TEXT,
} from '../../shared/description-rules';
import { withHttps } from '../../shared/website-host';
import type { HtmlToolkit } from './html-toolkit';

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

/** Sanitised HTML of a stored description, safe for dangerouslySetInnerHTML. */
export function sanitizeDescriptionDom(html: string | null | undefined): string {
  if (!html) return '';
  ensureHooks();
  const decoded = decodeEntities(html);
  const clean = DOMPurify.sanitize(decoded, {
    ALLOWED_TAGS: DESCRIPTION_ALLOWED_TAGS,
    ALLOWED_ATTR: DESCRIPTION_ALLOWED_ATTRIBUTES,
    ALLOWED_URI_REGEXP: SAFE_HREF,
  });
  return linkifyHtml(clean);
}

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

/** Plain text of a description (for share texts, previews). */
export function descriptionText(html: string | null | undefined): string {
  if (!html) return '';
  const div = document.createElement('div');
  div.innerHTML = sanitizeDescriptionDom(html);
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export const domHtmlToolkit: HtmlToolkit = { sanitize: sanitizeDescriptionDom, text: descriptionText };
