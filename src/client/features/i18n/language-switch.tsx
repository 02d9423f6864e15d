import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from './i18n';

/** The interface language, remembered across visits (see i18n.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <label className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm">
      <Languages aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="min-h-8 rounded border border-white/60 bg-brand-800 px-1 py-1 text-white"
        data-testid="language-switch"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
