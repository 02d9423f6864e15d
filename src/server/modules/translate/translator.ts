// Machine translation of user content through a LibreTranslate-compatible service:
// POST {TRANSLATE_URL}/translate {q, source: 'en', target, format} -> {translatedText}, 3 s
// time-out, answers cached in the database per text (sha256) and language.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TRANSLATION_TIMEOUT_MS } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { translationCache } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { sanitizeDescription } from '../../lib/sanitize-description.js';

export class TranslationUnavailableError extends Error {}

export interface TranslateRequest {
  text: string;
  target: string;
  format: 'text' | 'html';
}

export function createTranslator(deps: { db: Db; env: Env; fetch: typeof fetch; timeoutMs?: number }) {
  const endpoint = `${deps.env.TRANSLATE_URL.replace(/\/$/, '')}/translate`;
  const timeoutMs = deps.timeoutMs ?? TRANSLATION_TIMEOUT_MS;

  return async function translate(req: TranslateRequest): Promise<{ translatedText: string; cached: boolean }> {
    const textHash = crypto.createHash('sha256').update(`${req.format}\n${req.text}`).digest('hex');
    const hit = await deps.db
      .select({ translated: translationCache.translated })
      .from(translationCache)
      .where(and(eq(translationCache.textHash, textHash), eq(translationCache.language, req.target)))
      .limit(1);
    if (hit[0]) return { translatedText: hit[0].translated, cached: true };

    let res: Response;
    try {
      res = await deps.fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'KCGreenDirectory/0.1' },
        body: JSON.stringify({ q: req.text, source: 'en', target: req.target, format: req.format }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new TranslationUnavailableError(`Translation service unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new TranslationUnavailableError(`Translation service answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new TranslationUnavailableError('Translation service answered something other than JSON');
    }
    const raw = (body as { translatedText?: unknown })?.translatedText;
    if (typeof raw !== 'string')
      throw new TranslationUnavailableError('Translation service answered without translatedText');
    // The service's HTML is not trusted: sanitise it to the description allow-list again.
    const translatedText = req.format === 'html' ? sanitizeDescription(raw) : raw.slice(0, 20_000);
    await deps.db
      .insert(translationCache)
      .values({ textHash, language: req.target, translated: translatedText })
      .onConflictDoNothing();
    return { translatedText, cached: false };
  };
}
