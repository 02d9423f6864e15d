import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description.js';

describe('sanitizeDescription', () => {
  it('removes script and style elements with their contents', () => {
    expect(sanitizeDescription('<p>Hi</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>Hi</p>');
    expect(sanitizeDescription('<SCRIPT src="x.js"></SCRIPT>ok')).toBe('ok');
  });

  it('keeps the allowed tags and attributes', () => {
    const html =
      '<h1>T</h1><h6>t</h6><p class="x">a <strong>b</strong> <em>c</em> <u>d</u><br></p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeDescription(html)).toBe(
      '<h1>T</h1><h6>t</h6><p>a <strong>b</strong> <em>c</em> <u>d</u><br /></p><ul><li>1</li></ul><ol><li>2</li></ol>',
    );
  });

  it('drops other tags but keeps their text, and drops event handlers and styles', () => {
    expect(sanitizeDescription('<div onclick="x()" style="color:red">in <span>side</span></div>')).toBe('in side');
    expect(sanitizeDescription('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(sanitizeDescription('<p onmouseover="x">a</p>')).toBe('<p>a</p>');
  });

  it('drops class, style and id, so a link cannot be laid over the page with the site CSS', () => {
    const overlay =
      '<a href="https://evil.example/" class="fixed inset-0 z-[60010] block" style="position:fixed" id="root">x</a>';
    expect(sanitizeDescription(overlay)).toBe('<a href="https://evil.example/">x</a>');
  });

  it('allows only http, https and mailto links', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="https://kc.org/a">x</a>')).toBe('<a href="https://kc.org/a">x</a>');
    expect(sanitizeDescription('<a href="mailto:a@kc.org">m</a>')).toBe('<a href="mailto:a@kc.org">m</a>');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitizeDescription('<a href="https://kc.org" target="_blank">x</a>')).toBe(
      '<a href="https://kc.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeDescription('<a href="https://kc.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://kc.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps plain text and escaped markup as text', () => {
    expect(sanitizeDescription('Fresh eggs & honey')).toBe('Fresh eggs &amp; honey');
    expect(sanitizeDescription('&lt;script&gt;x&lt;/script&gt;')).toBe('&lt;script&gt;x&lt;/script&gt;');
    expect(sanitizeDescription('')).toBe('');
    expect(sanitizeDescription(null)).toBe('');
  });
});
