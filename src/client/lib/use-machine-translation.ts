// User content in the reader's language (docs/product.md section 7, "Translation"): the server's
// /api/translate (decision 0706), else the browser's own translator, else the original text with a
// console warning. Changing language clears the client's translation cache.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_TIMEOUT_MS } from '../../shared/constants';
import type { TranslatableField, TranslateAnswer, TranslateBody } from '../../shared/schemas/translate';
import { apiRequest } from './api';
import { queryClient } from './query-client';
import i18n from './i18n';

const TRANSLATION_KEY = 'machine-translation';

i18n.on('languageChanged', () => {
  queryClient.removeQueries({ queryKey: [TRANSLATION_KEY] });
});

interface BuiltInTranslator {
  translate(text: string): Promise<string>;
}
type TranslatorFactory = {
  create(opts: { sourceLanguage: string; targetLanguage: string }): Promise<BuiltInTranslator>;
};

async function builtInTranslate(text: string, target: string): Promise<string | null> {
  const factory = (globalThis as { Translator?: TranslatorFactory }).Translator;
  if (!factory) return null;
  try {
    const translator = await factory.create({ sourceLanguage: 'en', targetLanguage: target });
    return await translator.translate(text);
  } catch {
    return null;
  }
}

export interface MachineTranslation {
  /** The text to show: translated when available, else the original. */
  text: string;
  translated: boolean;
  loading: boolean;
}

/** Where the shown text is stored: the server translates only a place's own fields. */
export interface TranslationSource {
  locationId: number;
  field: TranslatableField;
}

/** `text` is the stored text as shown (the original, and part of the cache key so that an edited
 * text is translated again); without a source nothing is translated. */
export function useMachineTranslation(
  text: string | null | undefined,
  source: TranslationSource | undefined,
  format: 'text' | 'html' = 'text',
): MachineTranslation {
  const { i18n: instance } = useTranslation();
  const target = (instance.resolvedLanguage ?? 'en').split('-')[0]!;
  const original = text ?? '';
  const enabled = target !== 'en' && original.trim().length > 0 && source !== undefined;
  const query = useQuery({
    queryKey: [TRANSLATION_KEY, target, source?.locationId, source?.field, format, original],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const timeout = AbortSignal.timeout(TRANSLATION_TIMEOUT_MS + 500);
      try {
        const res = await Promise.race([
          apiRequest('POST', '/api/translate', {
            locationId: source!.locationId,
            field: source!.field,
            target: target as TranslateBody['target'],
          } satisfies TranslateBody),
          new Promise<never>((_, reject) => {
            timeout.addEventListener('abort', () => reject(new Error('Translation timed out')));
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
        ]);
        return ((await res.json()) as TranslateAnswer).translatedText;
      } catch (err) {
        const local = format === 'text' ? await builtInTranslate(original, target) : null;
        if (local) return local;
        console.warn('Translation failed; showing the original text.', err);
        return null;
      }
    },
  });
  if (!enabled) return { text: original, translated: false, loading: false };
  const translatedText = query.data;
  return {
    text: translatedText ?? original,
    translated: typeof translatedText === 'string' && translatedText !== original,
    loading: query.isLoading,
  };
}
