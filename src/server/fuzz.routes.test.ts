// Property test: malformed input to EVERY /api endpoint answers 4xx (or 2xx), never 5xx.
// The endpoints come from the OpenAPI description the app builds of itself (/api/docs/json), so
// a new route is fuzzed without touching this file. Outbound calls (geocoder, translator) are
// refused by the fetch stub, so nothing leaves the machine.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

interface Endpoint {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[];
}

const HUGE = 'x'.repeat(200_000);
const offline: typeof fetch = async () => {
  throw new TypeError('fetch failed (offline in the fuzz test)');
};

/** Hostile scalar values: wrong types, edge numbers, huge and odd strings. */
const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 53),
    1e308,
    '',
    ' ',
    HUGE,
    '\u0000',
    '\ud800',
    '\udfff\ud800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    'NaN',
    'Infinity',
    '__proto__',
    'constructor',
    '9'.repeat(400),
    '-0',
    '1e999',
    '[]',
    '{}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);
const hostileValue = fc.oneof(
  { weight: 3, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)) },
);

function bodyArbitrary(keys: string[]) {
  const known = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length })
    : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: known.map((o) => ({ raw: JSON.stringify(o) })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((s) => ({ raw: s })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]) }, // invalid UTF-8
        { raw: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' },
        { raw: `{"name":"${HUGE}"}` },
        { raw: '' },
        { raw: '{' },
        { raw: 'null' },
        { raw: '[]' },
      ),
    },
  );
}

function queryArbitrary(names: string[]) {
  const key = names.length
    ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  const value = fc.oneof(
    fc.constantFrom(
      '',
      '-1',
      '0',
      '1e999',
      'NaN',
      'all',
      '1,2,x',
      ',,,',
      '%',
      '%ZZ',
      '%00',
      'a'.repeat(3000),
      '[object Object]',
    ),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.integer().map(String),
    fc.double().map(String),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((pairs) =>
      pairs
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%25(?=[0-9A-Z]{0,2})/g, (m) => (Math.random() < 0.3 ? '%' : m))}`,
        )
        .join('&'),
    );
}

const pathValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1.5',
    'abc',
    '%00',
    '%2F',
    '..',
    'null',
    'a'.repeat(250),
    '%E0%A4%A',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

describe('fuzz: every /api endpoint survives malformed input', () => {
  let t: TestApp;
  let endpoints: Endpoint[] = [];
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { fetch: offline });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string }>;
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        endpoints.push({
          method: method.toUpperCase(),
          path,
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyKeys: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        });
      }
    }
    endpoints = endpoints.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
  }, 120_000);
  afterAll(() => t.close());

  it('the OpenAPI description lists the API (and so the fuzz covers it)', async () => {
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const p of [
      'GET /api/locations',
      'POST /api/locations',
      'POST /api/flag-reports',
      'GET /api/geocode',
      'POST /api/locations/{id}/view',
      'POST /api/locations/{id}/click',
      'GET /api/export/locations.csv',
      'GET /api/locations/points',
      'GET /api/locations/map',
    ]) {
      expect(paths).toContain(p);
    }
    expect(endpoints.find((e) => e.path === '/api/locations/map')!.query).toEqual(
      expect.arrayContaining(['west', 'zoom', 'search']),
    );
    const flag = endpoints.find((e) => e.path === '/api/flag-reports')!;
    expect(flag.bodyKeys).toEqual(expect.arrayContaining(['locationId', 'flagType', 'description', 'screenshot']));
  });

  it('the docs page loads Swagger UI without inline script (strict CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inner] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(inner!.trim()).toBe('');
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });

  it('no 5xx for hostile bodies, query strings and path values', async () => {
    const failures: string[] = [];
    const send = async (method: string, url: string, raw?: string | Buffer, contentType = 'application/json') => {
      ip++;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        ...(raw !== undefined ? { payload: raw, headers: { 'content-type': contentType } } : {}),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${method} ${url.slice(0, 200)} body=${String(raw).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
    };
    const fill = (path: string, values: string[]) => {
      let i = 0;
      return path.replace(/\{[^}]+\}/g, () => values[i++ % values.length] ?? '1');
    };
    const deadline = Date.now() + 25_000;
    const runsEach = Math.max(8, Math.floor(600 / Math.max(1, endpoints.length)));
    for (const ep of endpoints) {
      if (Date.now() > deadline) break;
      const isWrite = ep.method !== 'GET' && ep.method !== 'HEAD' && ep.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 1, maxLength: 2 }),
          queryArbitrary(ep.query),
          bodyArbitrary(ep.bodyKeys),
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
          async (pathValues, query, body, contentType) => {
            const url = `${fill(ep.path, pathValues)}${query ? `?${query}` : ''}`;
            await send(ep.method, url, isWrite ? body.raw : undefined, isWrite ? contentType : undefined);
          },
        ),
        { numRuns: runsEach, seed: 20261120, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(ip).toBeGreaterThan(300);
  }, 120_000);
});
