import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LoadBoundary } from '../components/ui/load-boundary';
import { markLive } from '../lib/live';
import { Route, Routes, useLocation } from '../lib/router';
import { DiscoverPage } from '../features/discover';
import { AppDialogsProvider } from './app-dialogs';
import { Layout } from './layout';
import { PageSkeleton } from './page-skeleton';

// Everything but the Discover screen loads on demand, keeping the first page's JavaScript small.
// A server-rendered page names its route chunk, and main.tsx loads it before hydrating.
const loadLocation = () => import('../features/location');
const loadAbout = () => import('../pages/about-page');
const loadPrivacy = () => import('../pages/privacy-page');
const loadTerms = () => import('../pages/terms-page');
const loadCookies = () => import('../pages/cookies-page');
const loadNotFound = () => import('../pages/not-found-page');
export const ROUTE_CHUNKS: Record<string, () => Promise<unknown>> = {
  location: loadLocation,
  about: loadAbout,
  privacy: loadPrivacy,
  terms: loadTerms,
  cookies: loadCookies,
  notFound: loadNotFound,
};

const LocationPage = lazy(() => loadLocation().then((m) => ({ default: m.LocationPage })));
const AboutPage = lazy(loadAbout);
const PrivacyPage = lazy(loadPrivacy);
const TermsPage = lazy(loadTerms);
const CookiesPage = lazy(loadCookies);
const AdminPage = lazy(() => import('../features/admin').then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(loadNotFound);

/** Marks <html data-hydrated> once the page's own part is live (its boundary's effects run then):
 * public/early-input.js replays the taps it kept until then (decision 0904), and the end-to-end
 * tests wait for it before they click. */
function HydrationMark() {
  useEffect(markLive, []);
  return null;
}

/** A route's page whose file cannot be fetched says so in its place, the header and footer still
 * working; another route starts afresh. */
function RouteLoadBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <LoadBoundary resetKey={pathname}>{children}</LoadBoundary>;
}

/** The whole app. The browser passes BrowserRouter and the one query client; the server renderer
 * a StaticRouter and a client of its own per request (entry-server.tsx, decision 0900). */
export function App({ client, Router }: { client: QueryClient; Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <QueryClientProvider client={client}>
      <Router>
        <AppDialogsProvider>
          <Layout>
            <RouteLoadBoundary>
              <Suspense fallback={<PageSkeleton />}>
                <HydrationMark />
                <Routes>
                  <Route path="/" element={<DiscoverPage />} />
                  <Route path="/discover" element={<DiscoverPage />} />
                  <Route path="/discover/:slug" element={<LocationPage />} />
                  <Route path="/about" element={<AboutPage />} />
                  <Route path="/privacy" element={<PrivacyPage />} />
                  <Route path="/terms" element={<TermsPage />} />
                  <Route path="/cookies" element={<CookiesPage />} />
                  <Route path="/admin/*" element={<AdminPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </RouteLoadBoundary>
          </Layout>
        </AppDialogsProvider>
      </Router>
    </QueryClientProvider>
  );
}
