// The translator's limits (decision 0706): answers too long for their source are refused and never
// stored; the cache keeps entries at most 90 days (a stale one is asked again, and served only when
// the service fails) and at most a set number of rows, oldest dropped first.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { translationCache } from '../../db/schema.js';
import { testEnv } from '../../env.js';
import { openTestDatabase } from '../../test/test-app.js';
import {
  createTranslator,
  MAX_TRANSLATION_CHARS,
  TRANSLATION_CACHE_MAX_AGE_MS,
  TranslationUnavailableError,
  translationLimit,
} from './translator.js';

const DAY = 86_400_000;

describe('translator limits and cache bounds', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let answer: (q: string) => Response;
  let asked: string[] = [];
  const fakeFetch = (async (_url: string, init: RequestInit) => {
    const { q } = JSON.parse(String(init.body)) as { q: string };
    asked.push(q);
    return answer(q);
  }) as unknown as typeof fetch;
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const make = (extra: { maxEntries?: number } = {}) =>
    createTranslator({
      db: database.db,
      env: testEnv({ TRANSLATE_URL: 'http://translator.test' }),
      fetch: fakeFetch,
      sweepIntervalMs: 0,
      ...extra,
    });
  const rows = () => database.db.select().from(translationCache);
  const age = (days: number) =>
    database.db.update(translationCache).set({ createdAt: sql`now() - make_interval(days => ${days})` });

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await database.db.delete(translationCache);
    asked = [];
    answer = (q) => json({ translatedText: `[es] ${q}` });
  });

  it('allows three times the source (at least 200 characters), never more than 30,000', () => {
    expect(translationLimit(10)).toBe(200);
    expect(translationLimit(1_000)).toBe(3_000);
    expect(translationLimit(10_000)).toBe(30_000);
    expect(translationLimit(50_000)).toBe(MAX_TRANSLATION_CHARS);
    expect(MAX_TRANSLATION_CHARS).toBe(30_000);
  });

  it('refuses an answer longer than three times its source, and stores nothing', async () => {
    const translate = make();
    const source = 'Seeds and soil '.repeat(20); // 300 characters: at most 900 back
    answer = () => json({ translatedText: 'x'.repeat(901) });
    await expect(translate({ text: source, target: 'es', format: 'text' })).rejects.toBeInstanceOf(
      TranslationUnavailableError,
    );
    answer = () => json({ translatedText: 'x'.repeat(900) });
    await expect(translate({ text: `${source}!`, target: 'es', format: 'text' })).resolves.toMatchObject({
      cached: false,
    });
    expect(await rows()).toHaveLength(1);
  });

  it('refuses an answer over 30,000 characters whatever the source, and stores nothing', async () => {
    const translate = make();
    answer = () => json({ translatedText: `<p>${'y'.repeat(30_000)}</p>` });
    await expect(translate({ text: `<p>${'z'.repeat(12_000)}</p>`, target: 'es', format: 'html' })).rejects.toThrow(
      /too long/,
    );
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a body announced larger than any allowed answer, before reading it', async () => {
    const translate = make();
    answer = () => json({ translatedText: 'short' }, { 'content-length': String(10_000_000) });
    await expect(translate({ text: 'Compost', target: 'es', format: 'text' })).rejects.toThrow(/too large/);
    expect(await rows()).toHaveLength(0);
  });

  it('asks again for an entry older than 90 days and replaces it', async () => {
    const translate = make();
    expect(TRANSLATION_CACHE_MAX_AGE_MS).toBe(90 * DAY);
    await translate({ text: 'Rain barrels', target: 'es', format: 'text' });
    await age(89);
    expect((await translate({ text: 'Rain barrels', target: 'es', format: 'text' })).cached).toBe(true);
    await age(91);
    answer = () => json({ translatedText: 'Barriles de lluvia' });
    expect(await translate({ text: 'Rain barrels', target: 'es', format: 'text' })).toEqual({
      translatedText: 'Barriles de lluvia',
      cached: false,
    });
    const [row] = await rows();
    expect(row!.translated).toBe('Barriles de lluvia');
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(DAY);
    expect(asked).toHaveLength(2);
  });

  it('serves a stale entry when the service fails to refresh it', async () => {
    const translate = make();
    await translate({ text: 'Tool library', target: 'es', format: 'text' });
    await age(120);
    answer = () => new Response('boom', { status: 500 });
    expect(await translate({ text: 'Tool library', target: 'es', format: 'text' })).toEqual({
      translatedText: '[es] Tool library',
      cached: true,
    });
  });

  it('drops entries older than 90 days and keeps at most maxEntries rows, oldest first', async () => {
    const translate = make({ maxEntries: 3 });
    await translate({ text: 'old one', target: 'es', format: 'text' });
    await age(200);
    await translate({ text: 'fresh one', target: 'es', format: 'text' });
    expect((await rows()).map((r) => r.translated)).toEqual(['[es] fresh one']);
    await database.db.delete(translationCache);
    for (const [i, text] of ['a', 'b', 'c', 'd'].entries()) {
      await translate({ text, target: 'es', format: 'text' });
      // Distinct creation times, in the order asked.
      await database.db
        .update(translationCache)
        .set({ createdAt: sql`now() - make_interval(secs => ${10 - i})` })
        .where(eq(translationCache.translated, `[es] ${text}`));
    }
    await translate({ text: 'e', target: 'es', format: 'text' });
    const kept = (await rows()).map((r) => r.translated).sort();
    expect(kept).toEqual(['[es] c', '[es] d', '[es] e']);
  });
});
