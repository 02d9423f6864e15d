// Interface languages (i18next): texts in src/client/locales/<lang>/<ns>.json, one namespace per
// feature. English by default; the choice kept in local storage and the `lang` cookie (for the
// server's render, decision 0900) only with preference consent, and mirrored on <html lang>.
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { hasPreferenceConsent, subscribeConsent } from './consent-store';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE = 'lang';

// English texts of the first screen ship with the entry; every other namespace and language is
// a small chunk fetched when first used (react-i18next suspends until it arrives). This keeps the
// Discover page's first JavaScript within its budget (docs/benchmarks.md).
const eagerModules = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    '../locales/en/common.json',
    '../locales/en/discover.json',
    '../locales/en/cookies.json',
    '../locales/en/translation.json',
    '../locales/en/hours.json',
    '../locales/en/attribute-badges.json',
  ],
  { eager: true },
);
const lazyModules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(eagerModules)) {
  const m = file.match(/locales\/([^/]+)\/([^/]+)\.json$/);
  if (!m) continue;
  const [, lang, ns] = m as unknown as [string, string, string];
  resources[lang] ??= {};
  resources[lang][ns] = mod.default;
}

const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyModules[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default as ResourceKey),
      (err: Error) => callback(err, false),
    );
  },
};

function storedLanguage(): LanguageCode {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (v && LANGUAGES.some((l) => l.code === v)) return v as LanguageCode;
  } catch {
    /* storage blocked */
  }
  return 'en';
}

/** A server-rendered page names the language it was rendered in on <html lang>: the first render in
 * the browser must use the same one, or hydration would not match (decision 0900). */
function renderedLanguage(): LanguageCode | null {
  if (typeof document === 'undefined' || !document.getElementById('ssr-data')) return null;
  const lang = document.documentElement.lang;
  return LANGUAGES.some((l) => l.code === lang) ? (lang as LanguageCode) : 'en';
}

/** Read before init: init's own languageChanged (the rendered language) must not overwrite it. */
export const preferredLanguage: LanguageCode = storedLanguage();

void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: renderedLanguage() ?? preferredLanguage,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'discover', 'cookies', 'translation', 'hours', 'attribute-badges'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function applyLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyLang(i18n.language);
// The language is a preference cookie: remembered only when the visitor allowed those (decision 0011),
// and forgotten as soon as they are refused.
function persistLanguage(lang: string) {
  if (typeof document === 'undefined') return;
  const keep = hasPreferenceConsent();
  try {
    if (keep) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    /* storage blocked */
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one short preference cookie; the Cookie Store API is not everywhere yet
  document.cookie = keep
    ? `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
// Remember the choice as soon as it is made: the new language's catalogs may still be loading.
i18n.on('languageChanging', persistLanguage);
i18n.on('languageChanged', (lang) => {
  applyLang(lang);
  persistLanguage(lang);
});
subscribeConsent(() => persistLanguage(i18n.language));

export default i18n;
