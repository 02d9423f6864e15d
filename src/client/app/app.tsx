import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { queryClient } from '../lib/query-client';
import { DiscoverPage } from '../features/discover';
import { AppDialogsProvider } from './app-dialogs';
import { Layout } from './layout';
import { PageSkeleton } from './page-skeleton';

// Everything but the Discover screen loads on demand, keeping the first page's JavaScript small.
const LocationPage = lazy(() => import('../features/location').then((m) => ({ default: m.LocationPage })));
const AboutPage = lazy(() => import('../pages/about-page'));
const PrivacyPage = lazy(() => import('../pages/privacy-page'));
const TermsPage = lazy(() => import('../pages/terms-page'));
const CookiesPage = lazy(() => import('../pages/cookies-page'));
const AdminPage = lazy(() => import('../features/admin').then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppDialogsProvider>
          <Layout>
            <Suspense fallback={<PageSkeleton />}>
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
          </Layout>
        </AppDialogsProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
