// Languages typed by name or code (decision 0803): names in English, Spanish, the reader's
// language or the language itself become codes; anything else stays as typed for the schema to
// refuse; codes are shown by name in the reader's language.
import { describe, expect, it } from 'vitest';
import { formatLanguagesText, languageName, parseLanguagesText } from './language-names';

describe('language names', () => {
  it('reads names and codes, in any case and without accents, separated by commas or semicolons', () => {
    expect(parseLanguagesText('Spanish, vi; Espanol, Tiếng Việt, somali', ['en'])).toEqual([
      'es',
      'vi',
      'es',
      'vi',
      'so',
    ]);
    expect(parseLanguagesText('vietnamita', ['es'])).toEqual(['vi']);
    expect(parseLanguagesText('Klingon, ', ['en'])).toEqual(['Klingon']);
    expect(parseLanguagesText('  ', ['en'])).toEqual([]);
  });

  it('recognises a place’s own codes by name although they are not among the common ones', () => {
    expect(parseLanguagesText('Yoruba', ['en'])).toEqual(['Yoruba']);
    expect(parseLanguagesText('Yoruba', ['en'], ['yo'])).toEqual(['yo']);
  });

  it('names codes in the reader’s language, the code itself when unknown', () => {
    expect(formatLanguagesText(['es', 'vi'], 'en')).toBe('Spanish, Vietnamese');
    expect(formatLanguagesText(['es', 'vi'], 'es')).toBe('español, vietnamita');
    expect(languageName('qq', 'en')).toBe('qq');
    expect(formatLanguagesText(null, 'en')).toBe('');
  });
});
