// The tree both sides render (decision 0900): main.tsx hydrates it in the browser, entry-server.tsx
// renders it on the server. Identical structure on both sides is what keeps hydration exact.
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, type ReactNode, StrictMode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RenderedAtContext } from '../components/hours-line';
import { type CookieConsentRecord, ServerConsentContext } from '../lib/consent-store';
import { App } from './app';

export function Root({
  client,
  i18n,
  Router,
  consent,
  renderedAt = null,
}: {
  client: QueryClient;
  i18n: I18n;
  Router: ComponentType<{ children: ReactNode }>;
  /** The cookie choice the server saw (the first render uses it). */
  consent: CookieConsentRecord | null;
  /** When the server rendered the page (its "now" for opening hours); null when it did not. */
  renderedAt?: Date | null;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServerConsentContext.Provider value={consent}>
          <RenderedAtContext.Provider value={renderedAt}>
            {/* Catalogs of a language other than English load on demand: wait for them at the top. */}
            <Suspense fallback={null}>
              <App client={client} Router={Router} />
            </Suspense>
          </RenderedAtContext.Provider>
        </ServerConsentContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}
