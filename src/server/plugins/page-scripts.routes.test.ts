// A rendered page is whole without its scripts (decisions 0913 and 0915): the entry is asked for at
// low priority, held in a template its inline script starts after the first paint; a page the
// browser renders itself keeps it as built.
import { describe, expect, it } from 'vitest';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

describe('a rendered page’s scripts', () => {
  const t = useRenderedPagesApp();

  it('hold the entry, at low priority, in the template the first paint starts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const template = /<template id="page-scripts">([\s\S]*?)<\/template>/.exec(res.body)?.[1] ?? '';
    expect(template).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-test.js"></script>',
    );
    expect(res.body.match(/<script type="module"/g)).toHaveLength(1);
    expect(res.body.indexOf('<template id="page-scripts">')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('leave the shell of a page not rendered here as built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(res.body).not.toContain('<template id="page-scripts">');
  });
});
