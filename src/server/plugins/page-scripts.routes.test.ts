// A rendered page is whole without its scripts (decision 0913): the entry is asked for at low
// priority, behind the page's own bytes; a page the browser renders itself keeps it as built.
import { describe, expect, it } from 'vitest';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

describe('a rendered page’s scripts', () => {
  const t = useRenderedPagesApp();

  it('ask for the entry at low priority', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-test.js"></script>',
    );
    expect(res.body.match(/<script type="module"/g)).toHaveLength(1);
  });

  it('leave the shell of a page not rendered here as built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
  });
});
