// Machine translation of stored texts through a LibreTranslate-compatible service (POST
// {TRANSLATE_URL}/translate, 3 s time-out), cached per text and language. Decision 0706: an answer
// too long for its source is a failure (never stored); the cache is bounded by age and count.
import crypto from 'node:crypto';
import { TRANSLATION_TIMEOUT_MS } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import type { Env } from '../../env.js';
import { sanitizeDescription } from '../../lib/sanitize-description.js';
import { findTranslation, pruneTranslations, saveTranslation } from './translate.repository.js';

export class TranslationUnavailableError extends Error {}

/** No answer is longer than this, whatever its source (decision 0706). */
export const MAX_TRANSLATION_CHARS = 30_000;
/** Entries older than this are asked again (and dropped by the sweep). */
export const TRANSLATION_CACHE_MAX_AGE_MS = 90 * 86_400_000;
/** At most this many cached answers; the oldest go first. */
const TRANSLATION_CACHE_MAX_ENTRIES = 20_000;
/** A JSON body larger than this cannot hold an allowed answer (escapes take at most 6 bytes a
 * character), so it is refused before it is read. */
const MAX_BODY_BYTES = MAX_TRANSLATION_CHARS * 6 + 1024;

/** The longest answer accepted for a source of this length: three times it (at least 200
 * characters, as short texts grow most in translation), never more than 30,000. */
export function translationLimit(sourceLength: number): number {
  return Math.min(MAX_TRANSLATION_CHARS, Math.max(3 * sourceLength, 200));
}

export interface TranslateRequest {
  text: string;
  target: string;
  format: 'text' | 'html';
}

export interface TranslatorDeps {
  db: Db;
  env: Env;
  fetch: typeof fetch;
  timeoutMs?: number;
  maxAgeMs?: number;
  maxEntries?: number;
  /** Least time between two sweeps of the cache by this process (default one minute). */
  sweepIntervalMs?: number;
}

export function createTranslator(deps: TranslatorDeps) {
  const endpoint = `${deps.env.TRANSLATE_URL.replace(/\/$/, '')}/translate`;
  const timeoutMs = deps.timeoutMs ?? TRANSLATION_TIMEOUT_MS;
  const maxAgeMs = deps.maxAgeMs ?? TRANSLATION_CACHE_MAX_AGE_MS;
  const maxEntries = deps.maxEntries ?? TRANSLATION_CACHE_MAX_ENTRIES;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 60_000;
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function askService(req: TranslateRequest): Promise<string> {
    let res: Response;
    let raw: string;
    try {
      res = await deps.fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'KCGreenDirectory/0.1' },
        body: JSON.stringify({ q: req.text, source: 'en', target: req.target, format: req.format }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new TranslationUnavailableError(`Translation service answered ${res.status}`);
      if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
        await res.body?.cancel();
        throw new TranslationUnavailableError('Translation service answer too large');
      }
      raw = await res.text();
    } catch (err) {
      if (err instanceof TranslationUnavailableError) throw err;
      throw new TranslationUnavailableError(`Translation service unreachable: ${(err as Error).message}`);
    }
    if (raw.length > MAX_BODY_BYTES) throw new TranslationUnavailableError('Translation service answer too large');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new TranslationUnavailableError('Translation service answered something other than JSON');
    }
    const text = (body as { translatedText?: unknown })?.translatedText;
    if (typeof text !== 'string')
      throw new TranslationUnavailableError('Translation service answered without translatedText');
    const limit = translationLimit(req.text.length);
    if (text.length > limit)
      throw new TranslationUnavailableError(`Translation too long: ${text.length} characters for ${req.text.length}`);
    // The service's HTML is not trusted: sanitise it to the description allow-list again.
    return req.format === 'html' ? sanitizeDescription(text) : text;
  }

  return async function translate(req: TranslateRequest): Promise<{ translatedText: string; cached: boolean }> {
    const textHash = crypto.createHash('sha256').update(`${req.format}\n${req.text}`).digest('hex');
    const hit = await findTranslation(deps.db, textHash, req.target, maxAgeMs);
    if (hit?.fresh) return { translatedText: hit.translated, cached: true };
    let translatedText: string;
    try {
      translatedText = await askService(req);
    } catch (err) {
      // A stale answer beats none while the service is down; it is asked again next time.
      if (hit && err instanceof TranslationUnavailableError) return { translatedText: hit.translated, cached: true };
      throw err;
    }
    await saveTranslation(deps.db, textHash, req.target, translatedText);
    const now = Date.now();
    if (now - lastSweep >= sweepIntervalMs) {
      lastSweep = now;
      await pruneTranslations(deps.db, maxAgeMs, maxEntries);
    }
    return { translatedText, cached: false };
  };
}
