import { ChevronDown, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n';

/** The interface language; remembered across visits only with preference cookies (see lib/i18n.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <label className="inline-flex min-h-8 items-center gap-1.5 rounded-md text-sm">
      <Languages aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{t('language.label')}</span>
      <span className="relative inline-flex items-center">
        <select
          name="language"
          value={i18n.resolvedLanguage ?? 'en'}
          onChange={(e) => void i18n.changeLanguage(e.target.value)}
          className="min-h-8 cursor-pointer appearance-none rounded-md border border-white/70 bg-brand-800 py-1 pl-2 pr-7 text-sm text-white hover:bg-brand-700"
          data-testid="language-switch"
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code} className="bg-white text-gray-900">
              {l.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-2 h-4 w-4" />
      </span>
    </label>
  );
}
