// The administrator cookie over https (decision 0705): Secure and __Host- prefixed when PUBLIC_URL
// is https or the request came over https; the old name still read during the transition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testEnv } from '../../env.js';
import { jsonHeaders, useTestApp } from '../../test/test-app.js';
import { createSession, findUserByUsername } from './admin.repository.js';

const ADMIN = { username: 'cookie-admin', password: 'correct horse battery' };

describe('administrator cookie', () => {
  const https = useTestApp({ admin: ADMIN, env: { PUBLIC_URL: 'https://green.example.org' } });
  let proxied: Awaited<ReturnType<typeof buildApp>>;
  let ip = 0;
  beforeAll(async () => {
    // No PUBLIC_URL, behind a trusted proxy that terminates TLS.
    proxied = await buildApp({ env: testEnv({ TRUST_PROXY: '10.0.0.2' }), database: https.database });
    await proxied.ready();
  });
  afterAll(() => proxied.close());

  const login = (app: typeof proxied, headers: Record<string, string> = {}, remoteAddress = `10.5.0.${++ip}`) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...jsonHeaders, ...headers },
      payload: JSON.stringify(ADMIN),
      remoteAddress,
    });
  const setCookieOf = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie'] ?? []].flat().map(String);

  it('is Secure and named __Host-kc_admin when PUBLIC_URL is https', async () => {
    const res = await login(https.app);
    expect(res.statusCode).toBe(200);
    const [cookie, ...rest] = setCookieOf(res);
    expect(rest).toEqual([]);
    expect(cookie).toMatch(/^__Host-kc_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const value = res.cookies.find((c) => c.name === '__Host-kc_admin')?.value;
    const session = await https.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `__Host-kc_admin=${value}` },
    });
    expect(session.json()).toEqual({ username: ADMIN.username });
  });

  it('is Secure and __Host- when a trusted proxy says the request came over https, not when anybody else does', async () => {
    const viaProxy = await login(proxied, { 'x-forwarded-proto': 'https' }, '10.0.0.2');
    expect(setCookieOf(viaProxy)[0]).toMatch(/^__Host-kc_admin=.*; Secure/);
    const spoofed = await login(proxied, { 'x-forwarded-proto': 'https' }, '203.0.113.50');
    const cookie = setCookieOf(spoofed)[0];
    expect(cookie).toMatch(/^kc_admin=/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('still reads the old kc_admin cookie, and replaces it at the next sign-in and sign-out', async () => {
    const user = await findUserByUsername(https.database.db, ADMIN.username);
    const old = await createSession(https.database.db, user!.id);
    const session = await https.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `kc_admin=${old}` },
    });
    expect(session.statusCode).toBe(200);
    const again = await login(https.app, { cookie: `kc_admin=${old}` });
    const cookies = setCookieOf(again);
    expect(cookies.some((c) => /^__Host-kc_admin=[A-Za-z0-9_-]{43};/.test(c))).toBe(true);
    expect(cookies.some((c) => /^kc_admin=;/.test(c))).toBe(true);
    // The old session ended with the new sign-in.
    const stale = await https.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `kc_admin=${old}` },
    });
    expect(stale.statusCode).toBe(401);

    const fresh = again.cookies.find((c) => c.name === '__Host-kc_admin')?.value;
    const out = await https.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: `__Host-kc_admin=${fresh}` },
    });
    expect(out.statusCode).toBe(200);
    expect(setCookieOf(out).some((c) => /^__Host-kc_admin=;.*Secure/.test(c))).toBe(true);
  });
});
