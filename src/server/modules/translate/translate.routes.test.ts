import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTranslator } from '../../../../e2e/fakes/fake-translator.js';
import { locations, translationCache } from '../../db/schema.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';

describe('POST /api/translate (a place stored field, decision 0706)', () => {
  let fake: http.Server;
  let requests = 0;
  let seen: string[] = [];
  const ids: Record<string, number> = {};

  const place = async (key: string, description: string | null, hidden = false) => {
    const [row] = await t.database.db
      .insert(locations)
      .values({
        name: `Translate ${key}`,
        category: 'park',
        slug: `translate-${key}-${Date.now()}`,
        description,
        hidden,
      })
      .returning({ id: locations.id });
    ids[key] = row!.id;
  };

  // Hooks after run in reverse: the app closes before its translator does.
  afterAll(() => {
    fake.close();
  });
  const t = useTestApp(async () => {
    fake = await startFakeTranslator(0);
    fake.on('request', (req: http.IncomingMessage) => {
      requests++;
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => seen.push(raw));
    });
    return { env: { TRANSLATE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` } };
  });
  beforeAll(async () => {
    await place('eggs', '<p>Fresh eggs on Saturdays</p>');
    await place('twin', '<p>Fresh eggs on Saturdays</p>');
    await place('script', '<p>Hello <script>alert(1)</script><a href="javascript:x">x</a></p>');
    await place('broken', '<p>untranslatable words</p>');
    await place('hidden', '<p>A hidden garden</p>', true);
    await place('empty', null);
  });

  const post = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/translate', headers: jsonHeaders, payload: JSON.stringify(body) });
  const ask = (key: string) => post({ locationId: ids[key], field: 'description', target: 'es' });

  it('translates the stored description (as HTML) and caches the answer per text and language', async () => {
    const before = requests;
    seen = [];
    const first = await ask('eggs');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translatedText: '[es] <p>Fresh eggs on Saturdays</p>', cached: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(JSON.parse(seen[0]!)).toEqual({
      q: '<p>Fresh eggs on Saturdays</p>',
      source: 'en',
      target: 'es',
      format: 'html',
    });
    const second = await ask('eggs');
    expect(second.json()).toEqual({ translatedText: '[es] <p>Fresh eggs on Saturdays</p>', cached: true });
    // Another place with the same text shares the entry.
    expect((await ask('twin')).json().cached).toBe(true);
    expect(requests - before).toBe(1);
  });

  it('sanitises translated HTML again', async () => {
    const res = await ask('script');
    expect(res.statusCode).toBe(200);
    const out = res.json().translatedText as string;
    expect(out).not.toContain('<script');
    expect(out).not.toContain('javascript:');
  });

  it('answers 502 when the service fails, without caching the failure', async () => {
    const before = requests;
    const res = await ask('broken');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Translation is unavailable right now');
    expect((await ask('broken')).statusCode).toBe(502);
    expect(requests - before).toBe(2);
  });

  it('answers 404 for a hidden place exactly as for a missing one, without asking the service', async () => {
    const before = requests;
    const hidden = await ask('hidden');
    const missing = await post({ locationId: 999_999, field: 'description', target: 'es' });
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Location not found' });
    expect(missing.json()).toEqual(hidden.json());
    expect(requests - before).toBe(0);
  });

  it('answers an empty translation for a place without a description, without asking the service', async () => {
    const before = requests;
    const res = await ask('empty');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ translatedText: '', cached: false });
    expect(requests - before).toBe(0);
  });

  it('refuses the old form: text a client sends is never translated', async () => {
    const before = requests;
    const cachedBefore = (await t.database.db.select().from(translationCache)).length;
    const old = await post({ text: 'Anything at all', target: 'es' });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.text).toMatch(/text is no longer accepted/);
    const mixed = await post({ locationId: ids.eggs, field: 'description', target: 'es', text: 'Something else' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toHaveProperty('text');
    expect(requests - before).toBe(0);
    expect((await t.database.db.select().from(translationCache)).length).toBe(cachedBefore);
  });

  it('validates the body', async () => {
    expect((await post({ locationId: ids.eggs, field: 'name', target: 'es' })).json().errors).toHaveProperty('field');
    expect((await post({ locationId: ids.eggs, field: 'description', target: 'fr' })).json().errors).toHaveProperty(
      'target',
    );
    for (const locationId of ['1', 0, -1, 1.5, 2 ** 31]) {
      const res = await post({ locationId, field: 'description', target: 'es' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('locationId');
    }
  });
});
