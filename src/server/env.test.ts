import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readEnv, TRUST_PROXY_FORM } from './env.js';

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' } as const;
const read = (extra: Record<string, string>) => readEnv({ ...base, ...extra });

describe('TRUST_PROXY (decision 0701)', () => {
  it.each([
    'true',
    'yes',
    'TRUE',
    'on',
    '10.0.0.1,',
    '10.0.0.0/33',
    'fd00::/129',
    '1.2.3',
    'proxy.example',
    '-1',
    '21',
  ])('refuses %s at start, naming TRUST_PROXY and the form it wants', (value) => {
    expect(() => read({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: ${TRUST_PROXY_FORM}`);
  });

  it('accepts addresses and CIDR ranges (comma-separated), a hop count, or nothing', () => {
    expect(read({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,fd00::/8, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
    ]);
    expect(read({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(read({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const none of ['', 'false', '0']) expect(read({ TRUST_PROXY: none }).TRUST_PROXY).toBe(false);
    expect(read({}).TRUST_PROXY).toBe(false);
    expect(parseTrustProxy('true')).toBeNull();
  });
});

describe('PUBLIC_URL', () => {
  it('is required when NODE_ENV=production', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: PUBLIC_URL is required when NODE_ENV=production/,
    );
    expect(readEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://green.example.org' }).PUBLIC_URL).toBe(
      'https://green.example.org',
    );
    expect(read({}).PUBLIC_URL).toBeUndefined();
  });

  it('must be an http(s) origin', () => {
    expect(() => read({ PUBLIC_URL: 'ftp://green.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => read({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});
