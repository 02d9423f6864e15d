// The cross-site check compares the whole origin (decision 0709): with PUBLIC_URL, a write's Origin
// must be PUBLIC_URL's scheme, host and port exactly; without it, the request's own protocol and
// host with its port. An https page can no longer write to an http site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testEnv } from '../env.js';
import { jsonHeaders, type TestApp, useTestApp } from '../test/test-app.js';

const record = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visitors/record',
    headers: { ...jsonHeaders, ...headers },
    payload: JSON.stringify({ sessionId: `origin-${Math.random().toString(36).slice(2)}` }),
    remoteAddress: `10.91.0.${Math.floor(Math.random() * 250) + 1}`,
  });

describe('cross-site writes', () => {
  const own = useTestApp();
  let published: TestApp;
  let proxied: TestApp;
  let local: TestApp;
  beforeAll(async () => {
    const onSameDatabase = async (overrides: Parameters<typeof testEnv>[0]): Promise<TestApp> => {
      const env = testEnv(overrides);
      const app = await buildApp({ env, database: own.database });
      await app.ready();
      return { app, database: own.database, env, close: () => app.close() };
    };
    published = await onSameDatabase({ PUBLIC_URL: 'https://green.example.org' });
    local = await onSameDatabase({ PUBLIC_URL: 'http://localhost:3000' });
    proxied = await onSameDatabase({ TRUST_PROXY: '10.0.0.2' });
  });
  afterAll(async () => {
    await published.close();
    await proxied.close();
    await local.close();
  });

  it("with npm start's default http://localhost:PORT, the other names of the loopback write too", async () => {
    const host = { host: '127.0.0.1:3000' };
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await record(local, { ...host, origin })).statusCode, origin).toBe(200);
    }
    for (const origin of [
      'https://127.0.0.1:3000',
      'http://127.0.0.1:3001',
      'http://127.0.0.2:3000',
      'http://evil.example:3000',
    ]) {
      expect((await record(local, { ...host, origin })).statusCode, origin).toBe(403);
    }
    // A public site never takes the loopback for itself.
    expect((await record(published, { ...host, origin: 'http://127.0.0.1:3000' })).statusCode).toBe(403);
  });

  it('without PUBLIC_URL, accepts only the request’s own scheme, host and port', async () => {
    const host = { host: 'localhost:3000' };
    expect((await record(own, { ...host, origin: 'http://localhost:3000' })).statusCode).toBe(200);
    // No Origin at all (not a browser's cross-site write): the other checks apply.
    expect((await record(own, host)).statusCode).toBe(200);
    for (const origin of [
      'https://localhost:3000', // https page, http site
      'http://localhost:3001',
      'http://localhost',
      'http://evil.example',
      'http://localhost:3000.evil.example',
      'null',
      'not a url',
      'ftp://localhost:3000',
    ]) {
      expect((await record(own, { ...host, origin })).statusCode, origin).toBe(403);
    }
    // A default port written out is the same origin.
    expect((await record(own, { host: 'localhost', origin: 'http://localhost:80' })).statusCode).toBe(200);
  });

  it('behind a trusted proxy, compares with the protocol and host it forwards', async () => {
    const forwarded = { host: '10.0.0.9:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'green.example.org' };
    const viaProxy = (origin: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/visitors/record',
        headers: { ...jsonHeaders, ...forwarded, origin },
        payload: JSON.stringify({ sessionId: 'via-proxy' }),
        remoteAddress: '10.0.0.2',
      });
    expect((await viaProxy('https://green.example.org')).statusCode).toBe(200);
    expect((await viaProxy('http://green.example.org')).statusCode).toBe(403);
  });

  it('with PUBLIC_URL, accepts exactly its origin, whatever the Host header', async () => {
    const host = { host: '10.0.0.5:3000' };
    expect((await record(published, { ...host, origin: 'https://green.example.org' })).statusCode).toBe(200);
    expect((await record(published, { ...host, origin: 'https://GREEN.example.org:443' })).statusCode).toBe(200);
    for (const origin of [
      'http://green.example.org', // http page, https site
      'https://green.example.org:8443',
      'https://www.green.example.org',
      'http://10.0.0.5:3000', // the Host itself is not the public origin
      'null',
    ]) {
      expect((await record(published, { ...host, origin })).statusCode, origin).toBe(403);
    }
    expect(
      (await record(published, { host: 'green.example.org', origin: 'http://green.example.org' })).statusCode,
    ).toBe(403);
  });
});
