// A place's languages are stored as codes ('es', 'vi'; decision 0803) and shown by name in the
// reader's language (Intl.DisplayNames). Forms accept a name in English, Spanish, the interface's
// language or its own, or the code; anything else is kept for the schema to refuse.

/** Languages often spoken at Kansas City places, whose names the forms recognise. */
const KNOWN_LANGUAGES = [
  'en',
  'es',
  'vi',
  'zh',
  'ar',
  'so',
  'sw',
  'my',
  'ne',
  'fr',
  'ko',
  'ru',
  'uk',
  'ps',
  'fa',
  'prs',
  'am',
  'ti',
  'rw',
  'hmn',
  'lo',
  'km',
  'tl',
  'pt',
  'de',
  'hi',
  'ur',
  'bn',
  'ja',
  'ht',
  'it',
  'pl',
  'ku',
  'om',
  'ase',
] as const;

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
  } catch {
    return null;
  }
}

/** A language's name in `locale` ('es' in 'en' is 'Spanish'); the code itself when unknown. */
export function languageName(code: string, locale: string): string {
  try {
    return displayNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Lower case, accents dropped: 'Español' and 'espanol' match. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

let lastIndex: { key: string; index: Map<string, string> } | null = null;

/** Name (folded) -> code, for the known languages and `extra` codes, in these locales (the last
 * one kept: a form asks again at every keystroke). */
function nameIndex(locales: readonly string[], extra: readonly string[]): Map<string, string> {
  const key = `${locales.join()}|${extra.join()}`;
  if (lastIndex?.key === key) return lastIndex.index;
  const index = new Map<string, string>();
  const codes = [...new Set([...KNOWN_LANGUAGES, ...extra])];
  for (const code of codes) {
    for (const locale of [...locales, code]) {
      const name = languageName(code, locale);
      if (name !== code && !index.has(fold(name))) index.set(fold(name), code);
    }
  }
  lastIndex = { key, index };
  return index;
}

/**
 * Typed text ('Spanish, vi; Tiếng Việt') -> the codes the schema checks: commas or semicolons
 * separate languages; a known name becomes its code, anything else stays as typed.
 */
export function parseLanguagesText(text: string, locales: readonly string[], extra: readonly string[] = []): string[] {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return [];
  const index = nameIndex(['en', 'es', ...locales], extra);
  return parts.map((p) => index.get(fold(p)) ?? p);
}

/** Codes -> the text the form shows: their names in `locale`, comma-separated. */
export function formatLanguagesText(codes: readonly string[] | null | undefined, locale: string): string {
  return (codes ?? []).map((c) => languageName(c, locale)).join(', ');
}
