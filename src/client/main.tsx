import './lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import i18n, { preferredLanguage } from './lib/i18n';
import { ROUTE_CHUNKS } from './app/app';
import { seedNarrowFirstPage } from './app/first-page';
import { Root } from './app/root';
import { forceLightTheme } from './app/theme';
import { prepareWallClock } from '../shared/chicago-time';
import { startClockAt } from './components/hours-line';
import { syncConsentCookie } from './lib/consent-store';
import { queryClient } from './lib/query-client';
import { startHydrating } from './lib/live';
import { loadHtmlToolkit } from './lib/sanitize';
import { readSsrData, type SsrData } from './lib/ssr-data';
import './styles.css';

forceLightTheme();
syncConsentCookie();
const container = document.getElementById('root')!;
const data = readSsrData();

function start() {
  // No server rendering, or a page rendered in another language than the one this browser keeps
  // (kept before its cookie existed): render here, in the kept language.
  if (!data || preferredLanguage !== data.lang) {
    // Every description is rendered here, by the browser's sanitiser (decision 0902): ask for it now.
    void loadHtmlToolkit().catch(() => undefined);
    if (data) hydrate(queryClient, data.state);
    void i18n.changeLanguage(preferredLanguage);
    createRoot(container).render(<Root client={queryClient} i18n={i18n} Router={BrowserRouter} consent={null} />);
    return;
  }
  hydrateServerPage(data);
}

function hydrateServerPage(data: SsrData) {
  // The server rendered this page (decision 0900): start from its query cache, language and cookie
  // choice, so the first render here is the server's own and hydration matches. Hydration starts
  // now, in the task after the one that evaluated this script (decisions 0904, 0913): whatever still
  // waits for a catalog or the route's chunk stays as the server sent it, and a tap made on the page
  // before it is live is kept by public/early-input.js and replayed then. Both are asked for now.
  hydrate(queryClient, data.state);
  seedNarrowFirstPage(queryClient);
  startHydrating();
  const renderedAt = data.renderedAt ? new Date(data.renderedAt) : null;
  if (renderedAt) startClockAt(renderedAt);
  void i18n.loadNamespaces(data.namespaces);
  if (data.chunk) void ROUTE_CHUNKS[data.chunk]?.().catch(() => undefined);
  // Kansas City's time zone data (a long task on a phone) in a task of its own, queued before
  // hydration's first slice: hydration renders the server's opening hours with it.
  setTimeout(prepareWallClock, 0);
  // As a transition, hydration works in slices and lets the browser paint and take input between
  // them, rather than holding the main thread for the whole page (docs/benchmarks.md, Lighthouse).
  startTransition(() => {
    hydrateRoot(
      container,
      <Root client={queryClient} i18n={i18n} Router={BrowserRouter} consent={data.consent} renderedAt={renderedAt} />,
    );
  });
  // The descriptions just hydrated keep the server's sanitised markup; the browser's sanitiser is
  // needed only for one shown afresh (a new page of results, a translation). Fetch it once the page
  // is idle, so it is at hand by then without being part of the first load (decision 0902).
  const prefetch = () => void loadHtmlToolkit().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: 5000 });
  else setTimeout(prefetch, 2000);
}
// In a task of its own, after the one that evaluated the bundle: on a phone either is a long task,
// and together they held the page for twice as long (decision 0913).
setTimeout(start, 0);
