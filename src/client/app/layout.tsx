import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { CookieConsent } from '../features/cookies/cookie-consent';
import { useRecordVisit } from '../features/visitors/use-record-visit';
import { Announcer } from './announcer';
import { Header } from './header';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

export const MAIN_CONTENT_ID = 'main-content';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  useKeyboardShortcuts();
  useRecordVisit();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-[1000] rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('skipToMain')}
      </a>
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-gray-200 bg-white">
        <nav
          aria-label={t('footer.label')}
          className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-gray-700"
        >
          <Link className="inline-block py-1 underline-offset-4 hover:underline" to="/about">{t('footer.about')}</Link>
          <Link className="inline-block py-1 underline-offset-4 hover:underline" to="/privacy">{t('footer.privacy')}</Link>
          <Link className="inline-block py-1 underline-offset-4 hover:underline" to="/terms">{t('footer.terms')}</Link>
          <Link className="inline-block py-1 underline-offset-4 hover:underline" to="/cookies">{t('footer.cookies')}</Link>
          <span className="text-gray-600">{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        </nav>
      </footer>
      <Toaster />
      <Announcer />
      <CookieConsent />
    </div>
  );
}
