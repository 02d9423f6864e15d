// @vitest-environment jsdom
// No DOMPurify in the first load (decision 0902): hydrating keeps the server's markup without the
// sanitiser; a description rendered afresh waits for it, never showing unsanitised markup.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { htmlToolkit } from '../lib/sanitize';
import enTranslation from '../locales/en/translation.json';
import { SafeDescription } from './safe-description';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['translation'],
    resources: { en: { translation: enTranslation } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => cleanup());

const wrap = (children: ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  </I18nextProvider>
);

const INNER =
  'max-w-none break-words [&amp;_a]:text-brand-800 [&amp;_a]:underline [&amp;_li]:ml-5 [&amp;_ol]:list-decimal [&amp;_ul]:list-disc';

describe('SafeDescription', () => {
  it('hydrates with the server markup kept and without fetching the sanitiser', async () => {
    const serverMarkup =
      '<p>Fresh eggs. <a href="https://www.kc.org" target="_blank" rel="noopener noreferrer">www.kc.org</a></p>';
    const container = document.createElement('div');
    container.innerHTML = `<div class="text-sm"><div class="${INNER}" lang="en">${serverMarkup}</div></div>`;
    document.body.append(container);
    const before = container.innerHTML;
    const onRecoverableError = vi.fn();
    const root = await act(async () =>
      hydrateRoot(
        container,
        wrap(<SafeDescription html="<p>Fresh eggs. www.kc.org</p>" locationId={7} className="text-sm" />),
        { onRecoverableError },
      ),
    );
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    expect(htmlToolkit()).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it('rendered afresh, shows nothing until the sanitiser is loaded, then only sanitised markup', async () => {
    const { container, rerender } = render(
      wrap(
        <SafeDescription
          html={'<p class="fixed inset-0">a</p><img src=x onerror="window.hit=1"><script>window.hit=2</script>'}
          locationId={7}
        />,
      ),
    );
    expect(container.innerHTML).toBe('');
    await waitFor(() => expect(container.querySelector('p')).not.toBeNull());
    expect(container.querySelector('p')?.outerHTML).toBe('<p>a</p>');
    expect(container.querySelector('img, script, [class="fixed inset-0"]')).toBeNull();
    expect(htmlToolkit()).not.toBeNull();

    rerender(wrap(<SafeDescription html='<a href="javascript:alert(1)">b</a>' locationId={7} />));
    expect(container.querySelector('a')?.outerHTML).toBe('<a>b</a>');
  });
});
