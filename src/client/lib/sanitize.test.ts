// @vitest-environment jsdom
// The browser's own sanitising layer (docs/product.md section 5): nothing a user writes can run or
// be styled to cover the page; links to the web open in a new tab without handing over the opener.
import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescriptionDom } from './sanitize-dom';

describe('sanitizeDescriptionDom', () => {
  it('drops class, style and id from users, and keeps the link', () => {
    const html = sanitizeDescriptionDom(
      '<a href="https://evil.example/" class="fixed inset-0 z-[60010] block" style="position:fixed" id="root">x</a>',
    );
    expect(html).toBe('<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('removes scripts, handlers and script URLs, also when entity-encoded', () => {
    expect(sanitizeDescriptionDom('<p>a</p><script>window.x=1</script><img src=x onerror="x()">')).toBe('<p>a</p>');
    expect(sanitizeDescriptionDom('<a href="javascript:alert(1)">j</a>')).toBe('<a>j</a>');
    expect(sanitizeDescriptionDom('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;ok')).toBe('ok');
  });

  it('makes bare URLs links with the site own classes only', () => {
    const html = sanitizeDescriptionDom('<p>See www.kc.org today</p>');
    expect(html).toBe(
      '<p>See <a href="https://www.kc.org" target="_blank" rel="noopener noreferrer" class="text-brand-800 underline break-words">www.kc.org</a> today</p>',
    );
    expect(descriptionText('<p>Hi <strong>there</strong></p>')).toBe('Hi there');
  });
});
