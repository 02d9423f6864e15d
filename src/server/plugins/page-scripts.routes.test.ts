// A rendered page is whole without its scripts: they travel inert in <template id="page-scripts">,
// which public/early-input.js inserts once the page has been painted; the page's shell keeps none.
import { describe, expect, it } from 'vitest';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

describe('a rendered page’s scripts', () => {
  const t = useRenderedPagesApp();

  it('are kept in the page-scripts template, after the data block, and nowhere else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const page = res.body;
    const template = page.match(/<template id="page-scripts">([\s\S]*?)<\/template>/);
    expect(template?.[1]).toBe('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(page.replace(template![0], '')).not.toMatch(/<script type="module"/);
    expect(page.indexOf('id="ssr-data"')).toBeLessThan(page.indexOf('id="page-scripts"'));
  });
});
