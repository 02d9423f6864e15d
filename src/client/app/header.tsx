// The header on every page (docs/product.md section 2): home link, visitor total, language, Report
// Issue and Add Location. At phone widths the actions show icons only (text kept as accessible
// name) and total and language move to a second row, so nothing scrolls sideways at 390 px.
import { Flag, Leaf, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { LanguageSwitch } from './language-switch';
import { VisitorCount } from '../features/visitors';
import { useAppDialogs } from './app-dialogs';
import { HEADER_NAV_ID } from './use-keyboard-shortcuts';

const headerButton =
  'inline-flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2.5 py-2 text-sm font-semibold transition-colors sm:px-3';

export function Header() {
  const { t } = useTranslation('common');
  const { openAddLocation, openReport } = useAppDialogs();
  return (
    <header className="border-b border-brand-900 bg-brand-800 text-white">
      <nav
        id={HEADER_NAV_ID}
        aria-label={t('nav.label')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:px-4 sm:py-3"
      >
        {/* Home: the product's own main site is this app, so the home button goes to '/'
            (docs/decisions/0010-home-button-links-to-root.md). */}
        <Link
          to="/"
          className="inline-flex min-h-10 min-w-0 items-center gap-2 rounded-md pr-1 text-lg font-bold leading-tight"
          aria-label={t('nav.home')}
          data-testid="home-button"
        >
          <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white/15">
            <Leaf aria-hidden="true" className="h-5 w-5" />
          </span>
          <span className="truncate">{t('appName')}</span>
        </Link>
        <div className="order-3 flex w-full items-center justify-between gap-2 border-t border-white/20 pt-1 md:order-2 md:w-auto md:border-t-0 md:pt-0">
          <VisitorCount />
          <LanguageSwitch />
        </div>
        {/* Pushed right by its own margin, not by the home link's: the count and language sit
            right after the home link whether or not this part has arrived yet, so a first paint
            made while the header is still being parsed does not move them. */}
        <div className="order-2 ml-auto flex items-center gap-2 md:order-3">
          <button
            type="button"
            onClick={openReport}
            className={`${headerButton} border border-white/70 hover:bg-brand-700`}
            data-testid="report-issue-button"
          >
            <Flag aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">{t('nav.report')}</span>
          </button>
          <button
            type="button"
            onClick={openAddLocation}
            className={`${headerButton} bg-white text-brand-800 hover:bg-brand-50`}
            data-testid="add-location-button"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">{t('nav.addLocation')}</span>
          </button>
        </div>
      </nav>
    </header>
  );
}
