import { describe, expect, it } from 'vitest';
import { decodeEntities, SAFE_HREF } from './description-rules.js';

describe('decodeEntities', () => {
  it('peels nested encodings of markup, numeric entities with or without a semicolon', () => {
    expect(decodeEntities('&amp;lt;script&amp;gt;')).toBe('<script>');
    expect(decodeEntities('&amp;amp;amp;lt;b&gt;')).toBe('<b>');
    expect(decodeEntities('&#60;i&#x3E; &#60i&#x3e')).toBe('<i> <i>');
    expect(decodeEntities('&QUOT;&apos;&sol;&nbsp;')).toBe('"\'/\u00a0');
  });

  it('leaves other named entities to the HTML parser and turns non-characters into U+FFFD', () => {
    expect(decodeEntities('caf&eacute; &copy; AT&T')).toBe('caf&eacute; &copy; AT&T');
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('stops after the passes it is given', () => {
    expect(decodeEntities('&amp;amp;lt;', 1)).toBe('&amp;lt;');
  });
});

describe('href rules', () => {
  it('allows http(s) and mailto only', () => {
    for (const ok of ['https://kc.org', 'HTTP://kc.org', 'mailto:a@kc.org']) expect(SAFE_HREF.test(ok)).toBe(true);
    for (const bad of ['javascript:x', 'data:text/html,x', '//kc.org', '/a']) expect(SAFE_HREF.test(bad)).toBe(false);
  });
});
