import { describe, expect, it } from 'vitest';
import { plainText } from './location-head.js';

describe('plainText', () => {
  it('drops tags, decodes the stored entities once, collapses spaces and cuts at the limit', () => {
    expect(plainText('<p>Fresh <b>eggs</b>&nbsp;&amp; honey</p>\n<ul><li>Sat</li></ul>')).toBe(
      'Fresh eggs & honey Sat',
    );
    // Decoded text is never read again as a tag or an entity.
    expect(plainText('&lt;b&gt; is bold &amp;lt; &amp;amp;')).toBe('<b> is bold &lt; &amp;');
    expect(plainText('a < b &gt; c, &quot;d&quot; &#39;e&#39;')).toBe('a < b > c, "d" \'e\'');
    expect(plainText('<a title="&amp;">x</a>y')).toBe('x y');
    expect(plainText(null)).toBe('');
    expect(plainText('word '.repeat(50), 20)).toBe('word word word word…');
  });
});
