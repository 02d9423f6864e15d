// Who counts as one client (decision 0701): X-Forwarded-* only from the proxies TRUST_PROXY names,
// IPv6 addresses grouped by /64, links never built from the Host header when PUBLIC_URL is set.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { testEnv } from '../env.js';
import { leaveRoomInWindow } from '../test/clock.js';
import { jsonHeaders, type TestApp, useTestApp } from '../test/test-app.js';
import { clientKey } from './client-identity.js';

const SIGN_IN_WINDOW_MS = 15 * 60_000;
let n = 0;
/** A wrong sign-in, each with its own username so only the per-client count can refuse it. */
const wrongSignIn = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { ...jsonHeaders, ...headers },
    remoteAddress,
    payload: JSON.stringify({ username: `nobody-${++n}`, password: 'wrong password' }),
  });

const sitemapOrigin = async (t: TestApp, remoteAddress: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress, headers });
  return /<loc>([^<]*)\/about<\/loc>/.exec(res.body)?.[1];
};

describe('client identity', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '10.0.0.2,192.168.7.0/24' } });
  let hops: TestApp;
  let direct: TestApp;
  // One database for the three settings (a fresh one each would triple the start-up cost).
  beforeAll(async () => {
    const onSameDatabase = async (overrides: Parameters<typeof testEnv>[0]): Promise<TestApp> => {
      const env = testEnv(overrides);
      const app = await buildApp({ env, database: proxied.database });
      await app.ready();
      return { app, database: proxied.database, env, close: () => app.close() };
    };
    hops = await onSameDatabase({ TRUST_PROXY: '1' });
    direct = await onSameDatabase({ PUBLIC_URL: 'https://green.example.org' });
  });
  afterAll(async () => {
    await hops.close();
    await direct.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an untrusted peer rotating X-Forwarded-For is still one client: 14 wrong sign-ins, the last 4 get 429', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await wrongSignIn(proxied, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...new Array(10).fill(401), 429, 429, 429, 429]);
  });

  it('a trusted proxy speaks for its clients: each forwarded address is counted on its own', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) {
      const peer = i % 2 ? '10.0.0.2' : '192.168.7.40';
      codes.push((await wrongSignIn(proxied, peer, { 'x-forwarded-for': `198.51.100.${100 + i}` })).statusCode);
    }
    expect(codes.every((c) => c === 401)).toBe(true);
  });

  it('a hop count trusts that many proxies: addresses a client adds in front do not change who it is', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const xff = `203.0.113.${i + 1}, 198.51.100.77`;
      codes.push((await wrongSignIn(hops, '10.9.9.9', { 'x-forwarded-for': xff })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // The address the proxy saw is the client: another one is counted apart.
    expect((await wrongSignIn(hops, '10.9.9.9', { 'x-forwarded-for': '198.51.100.78' })).statusCode).toBe(401);
  });

  it('X-Forwarded-Host and -Proto count only from a trusted proxy', async () => {
    const headers = { host: 'app.internal', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect(await sitemapOrigin(proxied, '203.0.113.9', headers)).toBe('http://app.internal');
    expect(await sitemapOrigin(proxied, '10.0.0.2', headers)).toBe('https://evil.example');
  });

  it('with PUBLIC_URL set, links never come from the Host header', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    expect(await sitemapOrigin(direct, '203.0.113.9', headers)).toBe('https://green.example.org');
  });

  it('IPv6 clients are grouped by /64: two addresses in one /64 share a limit, another /64 does not', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    for (let i = 0; i < 10; i++) expect((await wrongSignIn(direct, '2001:db8:1:2::5')).statusCode).toBe(401);
    expect((await wrongSignIn(direct, '2001:db8:1:2:ffff:eeee:dddd:cccc')).statusCode).toBe(429);
    expect((await wrongSignIn(direct, '2001:db8:1:3::5')).statusCode).toBe(401);
  });

  it('logs name the client by its hash, never by its address', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      env: testEnv({ TRUST_PROXY: '10.0.0.2' }),
      database: proxied.database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.ready();
    try {
      await logged.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.77' });
      await logged.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      await logged.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: '2001:db8:9:9::1' });
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    expect(text).toContain('incoming request');
    for (const address of ['203.0.113.77', '10.0.0.2', '198.51.100.23', '2001:db8:9:9::1', 'remoteAddress']) {
      expect(text).not.toContain(address);
    }
    const clients = lines.map((l) => JSON.parse(l).req?.client).filter(Boolean);
    expect(clients.length).toBeGreaterThanOrEqual(3);
    expect(clients.every((c: string) => /^[0-9a-f]{32}$/.test(c))).toBe(true);
  });

  it('logs no position: the values of lat and lng are left out of every logged URL', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      env: testEnv(),
      database: proxied.database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.ready();
    try {
      const search = '/api/locations?lat=39.123&lng=-94.579&radius=5&limit=2&offset=0';
      expect((await logged.inject({ method: 'GET', url: search })).statusCode).toBe(200);
      // A refused request is logged too.
      await logged.inject({ method: 'GET', url: '/api/locations?LAT=39.456&lng=x-94.987&radius=-1' });
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    for (const value of ['39.123', '94.579', '39.456', '94.987']) expect(text).not.toContain(value);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    // Every query value is logged as its length only (decision 0710).
    expect(urls).toContain('/api/locations?lat=[6]&lng=[7]&radius=[1]&limit=[1]&offset=[1]');
  });

  it('clientKey: IPv4 as it is, IPv6 by its /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });
});
