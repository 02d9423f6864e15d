// @vitest-environment jsdom
// The server's and the browser's sanitisers apply description-rules.ts alike, so a description
// looks the same before and after hydration.
import { describe, expect, it } from 'vitest';
import { domHtmlToolkit } from './sanitize-dom';
import { serverHtmlToolkit } from './sanitize-server';

const INPUTS = [
  '<p>Fresh eggs &amp; honey</p>',
  '<p>See www.kc.org today</p>',
  '<p>Visit https://kc.org/a?b=1&amp;c=2.</p>',
  '<a href="https://evil.example/" class="fixed inset-0" style="position:fixed" id="root">x</a>',
  '<a href="javascript:alert(1)">j</a>',
  '<a href="mailto:a@kc.org">m</a>',
  '<a href="https://kc.org" target="_self">s</a>',
  '<p>a</p><script>window.x=1</script><img src=x onerror="x()">',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;ok',
  '&amp;#60script&amp;#62;alert(1)&amp;#60/script&amp;#62;ok',
  '&amp;ltscript&amp;gt;alert(1)&amp;lt/script&amp;gt;ok',
  '<h2>Hours</h2><ul><li>Sat <strong>8-1</strong></li><li><em>Sun</em> <u>closed</u></li></ul>',
  '<div onclick="x()">in <span>side</span></div>',
  'AT&amp;T &amp;copy; caf&#233; &#x1F955; &#0; &amp;#xD800; &amp;sol; &nbsp;x',
];

// A no-break space is the same character whether written out or as &nbsp;.
const nbsp = (html: string) => html.replace(/&nbsp;/g, '\u00a0');

describe('display sanitisers on both sides', () => {
  it.each(INPUTS)('give the same markup and text: %s', (input) => {
    expect(nbsp(domHtmlToolkit.sanitize(input))).toBe(nbsp(serverHtmlToolkit.sanitize(input)));
    expect(domHtmlToolkit.text(input)).toBe(serverHtmlToolkit.text(input));
  });
});
