import { describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp } from '../test/test-app.js';

describe('error shapes and request safety', () => {
  const t = useTestApp();

  it('answers malformed JSON with 400 and a JSON message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: jsonHeaders,
      payload: '{"sessionId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers a wrong content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/visitors/record',
        headers: { 'content-type': type },
        payload: 'sessionId=x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/content type/i);
    }
  });

  it('answers unknown /api paths with a 404 JSON body, never HTML', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('/api/does-not-exist');
    }
  });

  it('refuses cross-site writes by Sec-Fetch-Site and by Origin', async () => {
    const body = JSON.stringify({ sessionId: 'x-site' });
    const bySite = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: { ...jsonHeaders, 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(bySite.statusCode).toBe(403);
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: { ...jsonHeaders, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: body,
    });
    expect(byOrigin.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: {
        ...jsonHeaders,
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: body,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/record',
      headers: jsonHeaders,
      payload: JSON.stringify({ sessionId: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('sends the security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
