import './lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import i18n, { preferredLanguage } from './lib/i18n';
import { ROUTE_CHUNKS } from './app/app';
import { Root } from './app/root';
import { forceLightTheme } from './app/theme';
import { seedNarrowFirstPage } from './features/discover';
import { syncConsentCookie } from './lib/consent-store';
import { queryClient } from './lib/query-client';
import { readSsrData } from './lib/ssr-data';
import './styles.css';

forceLightTheme();
syncConsentCookie();
const container = document.getElementById('root')!;
const data = readSsrData();

async function start() {
  if (!data) {
    createRoot(container).render(<Root client={queryClient} i18n={i18n} Router={BrowserRouter} consent={null} />);
    return;
  }
  // The server rendered this page (decision 0900): start from its query cache, language and route
  // chunk, so the first render here is the server's own and hydration matches.
  hydrate(queryClient, data.state);
  seedNarrowFirstPage(queryClient);
  await Promise.all([
    i18n.loadNamespaces(data.namespaces),
    data.chunk ? ROUTE_CHUNKS[data.chunk]?.().catch(() => undefined) : undefined,
  ]);
  hydrateRoot(container, <Root client={queryClient} i18n={i18n} Router={BrowserRouter} consent={data.consent} />);
  // A language kept in this browser but not yet in its cookie: switch once the page is live.
  if (preferredLanguage !== i18n.language) void i18n.changeLanguage(preferredLanguage);
}
void start();
