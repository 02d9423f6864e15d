// Logs never hold a typed address or a raw IP (decision 0710): request lines, in-process render
// requests, forwarded addresses, import rows and quoting database errors are logged as the client's
// hash, the path with each query value as its length, and counts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLogSerializer } from './log-safety.js';
import { redactUrl, scrubText } from '../lib/scrub-log-text.js';
import { jsonHeaders, signInAdmin } from '../test/test-app.js';
import { useRenderedPagesApp } from '../test/rendered-pages.js';

const ADMIN = { username: 'log-admin', password: 'log-admin-password' };
const ADDRESS = '1600 Secret Garden Ln';
const SECRETS = [
  'secret garden', // any case, spaces
  'secret%20garden',
  'secret+garden',
  'secret%2520garden',
  '203.0.113.77',
  '198.51.100.23',
  '10.0.0.2',
  '2001:db8:77::1',
  'remoteAddress',
];

function multipart(csv: string) {
  const boundary = '----kclogboundary';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="places.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('what reaches the log', () => {
  const lines: string[] = [];
  const t = useRenderedPagesApp({
    env: { TRUST_PROXY: '10.0.0.2', LOG_LEVEL: 'trace' },
    admin: ADMIN,
    deps: { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } },
  });
  let cookie: string;
  beforeAll(async () => {
    cookie = await signInAdmin(t, ADMIN, '192.0.2.10');
  });

  const logged = () => lines.join('').toLowerCase();
  const expectNoSecrets = () => {
    const text = logged();
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret.toLowerCase());
  };

  it('logs an address lookup by its path, the query value’s length and the client hash', async () => {
    const from = lines.length;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/geocode?address=${encodeURIComponent(ADDRESS)}`,
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode).toBeLessThan(500);
    await t.app.inject({
      method: 'GET',
      url: `/api/geocode?address=${encodeURIComponent(ADDRESS).replace(/%20/g, '+')}`,
      remoteAddress: '2001:db8:77::1',
    });
    const requests = lines
      .slice(from)
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string; client: string } })
      .filter((l) => l.msg === 'incoming request');
    expect(requests[0]?.req?.url).toBe(`/api/geocode?address=[${encodeURIComponent(ADDRESS).length}]`);
    expect(requests[0]?.req?.client).toMatch(/^[0-9a-f]{32}$/);
    expectNoSecrets();
  });

  it('logs a page with an address filter, and the reads its render makes, without the address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/?address=${encodeURIComponent(ADDRESS)}&radius=5`,
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode).toBe(200);
    expect(logged()).toContain('/api/geocode?address=[');
    expectNoSecrets();
  });

  it('never logs a forwarded client address', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expectNoSecrets();
  });

  it('logs an import by its counts, not its rows', async () => {
    const m = multipart(`name,category,description,address\nLog Test Farm,local-farmer,Eggs,${ADDRESS}\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-import',
      headers: { cookie, 'content-type': m.contentType },
      payload: m.payload,
      remoteAddress: '192.0.2.10',
    });
    expect(res.statusCode).toBe(200);
    expect(logged()).toContain('"msg":"bulk import"');
    expectNoSecrets();
  });

  it('logs a failed write by its error’s type and code, without the values its query carried', async () => {
    await t.database.db.execute(sql.raw('alter table flag_reports rename to flag_reports_away'));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/flag-reports',
        headers: jsonHeaders,
        payload: JSON.stringify({ locationId: null, flagType: 'other', description: `Wrong address: ${ADDRESS}` }),
        remoteAddress: '203.0.113.77',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      await t.database.db.execute(sql.raw('alter table flag_reports_away rename to flag_reports'));
    }
    const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failed?.err?.type).toBeTruthy();
    expect(JSON.stringify(failed?.err)).toContain('params: [redacted]');
    expectNoSecrets();
  });

  it('blanks addresses, query values and quoted values in any message, and keeps an error’s frames', () => {
    expect(scrubText(`Failed query: insert into x values ($1)\nparams: ${ADDRESS},x`)).toBe(
      'Failed query: insert into x values ($1)\nparams: [redacted]',
    );
    expect(scrubText(`invalid input syntax for type integer: "${ADDRESS}"`)).toBe(
      'invalid input syntax for type integer: "…"',
    );
    expect(scrubText('Key (query)=(1600 secret garden ln) already exists.')).toBe('Key (query)=(…) already exists.');
    expect(scrubText('from 203.0.113.77 and [2001:db8:77::1]:443 and ::ffff:198.51.100.23')).toBe(
      'from [ip] and [[ip]]:443 and [ip]',
    );
    expect(scrubText('Route GET:/api/geocode?address=1600+Secret not found')).toBe(
      'Route GET:/api/geocode?[query] not found',
    );
    // What is not an address stays.
    expect(scrubText('Open intervals written up to 2026-11-26T05:53:00.000Z (12 rows) at 12:30:45')).toBe(
      'Open intervals written up to 2026-11-26T05:53:00.000Z (12 rows) at 12:30:45',
    );
    expect(redactUrl('/discover?q=park&address=1600%20Secret&tags=1&tags=2')).toBe(
      '/discover?q=[4]&address=[13]&tags=[1]&tags=[1]',
    );
    const cause = Object.assign(new Error(`invalid input: "${ADDRESS}"`), { code: '22P02', detail: ADDRESS });
    const err = Object.assign(new Error(`Failed query: select $1\nparams: ${ADDRESS}`), {
      params: [ADDRESS],
      cause,
    });
    const out = JSON.stringify(errorLogSerializer(err));
    expect(out.toLowerCase()).not.toContain('secret garden');
    expect(out).toContain('22P02');
    expect(out).toMatch(/at .*log-safety\.routes\.test/);
  });
});
