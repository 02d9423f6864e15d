import { Flag, Leaf, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../features/i18n/language-switch';
import { VisitorCount } from '../features/visitors/visitor-count';
import { useAppDialogs } from './app-dialogs';
import { HEADER_NAV_ID } from './use-keyboard-shortcuts';

const headerButton =
  'inline-flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors';

export function Header() {
  const { t } = useTranslation('common');
  const { openAddLocation, openReport } = useAppDialogs();
  return (
    <header className="border-b border-brand-900 bg-brand-800 text-white">
      <nav
        id={HEADER_NAV_ID}
        aria-label={t('nav.label')}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3"
      >
        <Link to="/" className="inline-flex min-h-10 items-center gap-2 rounded-md text-lg font-bold" aria-label={t('nav.home')}>
          <Leaf aria-hidden="true" className="h-6 w-6" />
          <span>{t('appName')}</span>
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <VisitorCount />
          <LanguageSwitch />
          <button
            type="button"
            onClick={openReport}
            className={`${headerButton} border border-white/60 hover:bg-brand-700`}
            data-testid="report-issue-button"
          >
            <Flag aria-hidden="true" className="h-4 w-4" />
            <span>{t('nav.report')}</span>
          </button>
          <button
            type="button"
            onClick={openAddLocation}
            className={`${headerButton} bg-white text-brand-800 hover:bg-brand-50`}
            data-testid="add-location-button"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            <span>{t('nav.addLocation')}</span>
          </button>
        </div>
      </nav>
    </header>
  );
}
