import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTranslator } from '../../../../e2e/fakes/fake-translator.js';
import { createTestApp, jsonHeaders, type TestApp } from '../../test/test-app.js';

describe('POST /api/translate', () => {
  let t: TestApp;
  let fake: http.Server;
  let requests = 0;
  beforeAll(async () => {
    fake = await startFakeTranslator(0);
    fake.on('request', () => {
      requests++;
    });
    const port = (fake.address() as AddressInfo).port;
    t = await createTestApp({ TRANSLATE_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    fake.close();
  });

  const post = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/translate', headers: jsonHeaders, payload: JSON.stringify(body) });

  it('translates through the service and caches the answer per text and language', async () => {
    const before = requests;
    const first = await post({ text: 'Fresh eggs on Saturdays', target: 'es' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translatedText: '[es] Fresh eggs on Saturdays', cached: false });
    const second = await post({ text: 'Fresh eggs on Saturdays', target: 'es' });
    expect(second.json()).toEqual({ translatedText: '[es] Fresh eggs on Saturdays', cached: true });
    expect(requests - before).toBe(1);
  });

  it('sanitises translated HTML again', async () => {
    const res = await post({
      text: '<p>Hello <script>alert(1)</script><a href="javascript:x">x</a></p>',
      target: 'es',
      format: 'html',
    });
    expect(res.statusCode).toBe(200);
    const out = res.json().translatedText as string;
    expect(out).not.toContain('<script');
    expect(out).not.toContain('javascript:');
  });

  it('answers 502 when the service fails, without caching the failure', async () => {
    const res = await post({ text: 'untranslatable words', target: 'es' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Translation is unavailable right now');
  });

  it('validates the body', async () => {
    expect((await post({ text: '', target: 'es' })).statusCode).toBe(400);
    expect((await post({ text: 'x', target: 'fr' })).json().errors).toHaveProperty('target');
    expect((await post({ text: 'x'.repeat(10_001), target: 'es' })).statusCode).toBe(400);
  });
});
