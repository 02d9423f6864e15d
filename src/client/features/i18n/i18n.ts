// Interface languages (i18next). Every interface text lives in src/client/locales/<lang>/<ns>.json,
// one namespace per feature, so features never edit each other's catalogs. English is the default;
// the choice is remembered in local storage and mirrored on <html lang>.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { hasPreferenceConsent, subscribeConsent } from '../cookies/consent-store';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_STORAGE_KEY = 'language';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', {
  eager: true,
});

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(modules)) {
  const m = file.match(/locales\/([^/]+)\/([^/]+)\.json$/);
  if (!m) continue;
  const [, lang, ns] = m as unknown as [string, string, string];
  resources[lang] ??= {};
  resources[lang][ns] = mod.default;
}

function storedLanguage(): LanguageCode {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (v && LANGUAGES.some((l) => l.code === v)) return v as LanguageCode;
  } catch {
    /* storage blocked */
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyLang(i18n.language);
// The language is a preference cookie: remembered only when the visitor allowed those (issue 2),
// and forgotten as soon as they are refused.
function persistLanguage(lang: string) {
  try {
    if (hasPreferenceConsent()) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    /* storage blocked */
  }
}
i18n.on('languageChanged', (lang) => {
  applyLang(lang);
  persistLanguage(lang);
});
subscribeConsent(() => persistLanguage(i18n.language));

export default i18n;
