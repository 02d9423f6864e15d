import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { CookieConsent } from '../features/cookies';
import { useRecordVisit } from '../features/visitors';
import { MAIN_CONTENT_ID } from '../lib/main-content';
import { Announcer } from './announcer';
import { Header } from './header';
import { OfflineStatus } from './offline-status';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

// Radix Toast (with its swipe and focus layers) is fetched right after the first paint, not with
// it: the toast store itself is plain code, so a toast requested earlier still shows.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The footer's links, in their order: each page's path and its catalog key under footer. */
const FOOTER_PAGES = ['about', 'privacy', 'terms', 'cookies'] as const;

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  useKeyboardShortcuts();
  useRecordVisit();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(e) => {
          // Focus the main anchor ourselves: reliable in every browser, and the URL stays clean.
          const main = document.getElementById(MAIN_CONTENT_ID);
          if (!main) return;
          e.preventDefault();
          main.focus();
          main.scrollIntoView();
        }}
        className="sr-only z-[1000] rounded-md bg-white px-4 py-3 font-semibold text-brand-800 shadow-lg ring-2 ring-brand-800 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        data-testid="skip-link"
      >
        {t('skipToMain')}
      </a>
      <Header />
      <OfflineStatus />
      <CookieConsent />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-svh flex-1 scroll-mt-2 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-gray-200 bg-white">
        <nav
          aria-label={t('footer.label')}
          className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-gray-700"
        >
          {FOOTER_PAGES.map((page) => (
            <Link key={page} className="inline-block py-1 underline-offset-4 hover:underline" to={`/${page}`}>
              {t(`footer.${page}`)}
            </Link>
          ))}
          <span className="text-gray-600">{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        </nav>
      </footer>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Announcer />
    </div>
  );
}
