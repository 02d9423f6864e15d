// Property test: malformed input to every /api endpoint, found in the app's OpenAPI description
// (decision 0151), answers 4xx or 2xx, never 5xx; admin routes with a live session, fixed seeds,
// no skipping, and the fetch stub refuses outbound calls.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, jsonHeaders, signInAdmin, useTestApp } from './test/test-app.js';

interface Endpoint {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[];
}

/** The seed of every property: change it to explore other inputs, never make it random. */
const SEED = 20261120;
/** Runs per endpoint: 35 endpoints x this many requests take a few seconds, and the whole file
 * well under a minute, on the shared 2-core machine, on PGlite and on PostgreSQL alike. */
const RUNS_PER_ENDPOINT = 30;
/** Past this the remaining endpoints are named in a failure instead of running into the timeout. */
const FUZZ_BUDGET_MS = 75_000;
const FUZZ_TIMEOUT_MS = 90_000;
const ADMIN = { username: 'fuzz-admin', password: 'fuzz-admin-password' };

/** A stable seed per endpoint (FNV-1a of its name): each gets its own inputs, the same every run. */
function seedFor(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return (SEED ^ h) >>> 0;
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
  // `rawPercent`: the value's escaped '%' is sent bare, so the server meets broken escapes ('%ZZ').
  return fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 }).map((pairs) =>
    pairs
      .map(([k, v, rawPercent]) => {
        const escaped = encodeURIComponent(v);
        return `${encodeURIComponent(k)}=${rawPercent ? escaped.replace(/%25/g, '%') : escaped}`;
      })
      .join('&'),
  );
}

const pathValue = fc.oneof(
  // The ids of the rows made in beforeAll, so that some requests reach a real place, tag or report.
  fc.constantFrom('1', '2'),
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

const isAdmin = (path: string) => path.startsWith('/api/admin/') && path !== '/api/admin/login';

// One app for the whole file, with a little data and the list of endpoints the fuzz covers.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN, deps: { fetch: offline } });
let endpoints: Endpoint[] = [];
let ip = 0;
const nextAddress = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};
const signIn = () => signInAdmin(t, ADMIN, nextAddress());

beforeAll(async () => {
  // A little data, so that path values such as 1 and 2 reach real rows (and their revisions).
  const post = async (url: string, body: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: jsonHeaders,
      payload: JSON.stringify(body),
      // From the tests' trusted network: the data must be public, not waiting for review.
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json() as { id: number };
  };
  const tag = await post('/api/tags', { name: 'Organic', category: 'product' });
  await post('/api/tags', { name: 'Wheelchair accessible', category: 'accessibility' });
  const place = await post('/api/locations', {
    name: 'Fuzz Farmers Market',
    category: 'farmers-market',
    address: '1 Main St, Kansas City, MO 64105',
    description: '<p>Fresh <strong>produce</strong></p>',
    tagIds: [tag.id],
  });
  await post('/api/locations', { name: 'Fuzz Resource', category: 'resource', deadline: '2030-01-01' });
  await post('/api/flag-reports', {
    locationId: place.id,
    flagType: 'outdated',
    description: 'outdated issue reported',
    screenshot: null,
  });

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

describe('fuzz: the API description, the docs page and the administrator routes', () => {
  it('the OpenAPI description lists the API (and so the fuzz covers it)', async () => {
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const p of [
      'GET /api/locations',
      'POST /api/locations',
      'POST /api/flag-reports',
      'GET /api/geocode',
      'POST /api/locations/{id}/view',
      'POST /api/locations/{id}/click',
      'POST /api/locations/{id}/confirm',
      'GET /api/export/locations.csv',
      'GET /api/locations/points',
      'GET /api/locations/map',
      'POST /api/admin/login',
      'GET /api/admin/session',
      'POST /api/admin/bulk-import',
      'GET /api/admin/revisions',
      'POST /api/admin/revisions/{id}/revert',
      'DELETE /api/admin/locations/{id}',
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

  it('the administrator routes refuse a request without a session', async () => {
    for (const ep of endpoints.filter((e) => isAdmin(e.path))) {
      const res = await t.app.inject({
        method: ep.method as 'GET',
        url: ep.path.replace(/\{[^}]+\}/g, '1'),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, `${ep.method} ${ep.path}`).toBe(401);
    }
  });
});

describe('fuzz: every /api endpoint survives malformed input', () => {
  it(
    'no 5xx for hostile bodies, query strings and path values, on every endpoint',
    async () => {
      const failures: string[] = [];
      /** Status codes per endpoint, to prove each was reached (and the admin's past the 401). */
      const statuses = new Map<string, number[]>();
      let cookie = await signIn();
      let signedOut = false;
      const send = async (ep: Endpoint, url: string, raw?: string | Buffer, contentType = 'application/json') => {
        const admin = isAdmin(ep.path);
        // POST /api/admin/logout ends the session: sign in again before the next admin request.
        if (admin && signedOut) {
          cookie = await signIn();
          signedOut = false;
        }
        const headers: Record<string, string> = {};
        if (raw !== undefined) headers['content-type'] = contentType;
        if (ep.path.startsWith('/api/admin/')) headers.cookie = cookie;
        const res = await t.app.inject({
          method: ep.method as 'GET',
          url,
          remoteAddress: nextAddress(),
          headers,
          ...(raw !== undefined ? { payload: raw } : {}),
        });
        const name = `${ep.method} ${ep.path}`;
        statuses.set(name, [...(statuses.get(name) ?? []), res.statusCode]);
        if (admin && ep.path === '/api/admin/logout') signedOut = true;
        if (res.statusCode >= 500)
          failures.push(
            `${ep.method} ${url.slice(0, 200)} body=${String(raw).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      };
      const fill = (path: string, values: string[]) => {
        let i = 0;
        return path.replace(/\{[^}]+\}/g, () => values[i++ % values.length] ?? '1');
      };
      const started = Date.now();
      const fuzzed: string[] = [];
      for (const ep of endpoints) {
        const name = `${ep.method} ${ep.path}`;
        if (Date.now() - started > FUZZ_BUDGET_MS) break; // named below as not fuzzed: the test fails
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
              'multipart/form-data; boundary=fuzz',
            ),
            async (pathValues, query, body, contentType) => {
              const url = `${fill(ep.path, pathValues)}${query ? `?${query}` : ''}`;
              await send(ep, url, isWrite ? body.raw : undefined, isWrite ? contentType : undefined);
            },
          ),
          { numRuns: RUNS_PER_ENDPOINT, seed: seedFor(name), endOnFailure: true },
        );
        fuzzed.push(name);
      }
      const all = endpoints.map((e) => `${e.method} ${e.path}`);
      expect(
        all.filter((n) => !fuzzed.includes(n)),
        'endpoints not fuzzed within the time budget',
      ).toEqual([]);
      expect(failures).toEqual([]);
      for (const name of all) {
        const seen = statuses.get(name) ?? [];
        expect(seen.length, name).toBe(RUNS_PER_ENDPOINT);
        // A session was sent with every administrator request: none may stop at the sign-in check.
        if (isAdmin(name.slice(name.indexOf(' ') + 1))) expect(seen, name).not.toContain(401);
      }
    },
    FUZZ_TIMEOUT_MS,
  );
});
