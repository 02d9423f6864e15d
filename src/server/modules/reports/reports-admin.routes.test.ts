// The review desk's flag reports (decision 0703): the list carries no screenshot, each picture is
// its own administrator-only image/png.
import { beforeAll, describe, expect, it } from 'vitest';
import { flagReports } from '../../db/schema.js';
import { injectJson, signInAdmin, useTestApp } from '../../test/test-app.js';

const ADMIN = { username: 'shot-admin', password: 'correct horse battery' };
// A 1x1 transparent PNG (the client's placeholder).
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG = `data:image/png;base64,${PNG_B64}`;

describe('review desk: flag report screenshots', () => {
  const t = useTestApp({ admin: ADMIN });
  let cookie: string;
  let withShot: number;
  let withoutShot: number;
  beforeAll(async () => {
    cookie = await signInAdmin(t, ADMIN);
    const post = (screenshot?: string) =>
      injectJson(t.app, 'POST', '/api/flag-reports', {
        locationId: null,
        flagType: 'other',
        description: 'broken',
        screenshot,
      });
    withShot = (await post(PNG)).json().id;
    withoutShot = (await post()).json().id;
  });

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists reports with hasScreenshot and its size, never the picture itself', async () => {
    const res = await get('/api/admin/flag-reports?status=all');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PNG_B64);
    const items = res.json().items as Record<string, unknown>[];
    const a = items.find((r) => r.id === withShot);
    const b = items.find((r) => r.id === withoutShot);
    expect(a).toMatchObject({ hasScreenshot: true, screenshotBytes: Buffer.from(PNG_B64, 'base64').length });
    expect(b).toMatchObject({ hasScreenshot: false, screenshotBytes: null });
    for (const item of items) expect(item).not.toHaveProperty('screenshot');
  });

  it('serves a screenshot as image/png to an administrator', async () => {
    const res = await get(`/api/admin/flag-reports/${withShot}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(Buffer.from(PNG_B64, 'base64'))).toBe(true);
  });

  it('answers 401 without a session or with a forged one', async () => {
    for (const headers of [{}, { cookie: 'kc_admin=forged-value' }] as Record<string, string>[]) {
      const res = await get(`/api/admin/flag-reports/${withShot}/screenshot`, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sign in required' });
    }
  });

  it('answers 404 for a report without a screenshot, an unknown report, and 400 for a bad id', async () => {
    expect((await get(`/api/admin/flag-reports/${withoutShot}/screenshot`)).statusCode).toBe(404);
    expect((await get('/api/admin/flag-reports/987654/screenshot')).statusCode).toBe(404);
    expect((await get('/api/admin/flag-reports/abc/screenshot')).statusCode).toBe(400);
  });

  it('does not serve a stored picture that fails the checks (stored before them)', async () => {
    const huge = Buffer.from(PNG_B64, 'base64');
    huge.writeUInt32BE(100_000, 16); // IHDR width
    const [row] = await t.database.db
      .insert(flagReports)
      .values({ flagType: 'other', screenshot: `data:image/png;base64,${huge.toString('base64')}` })
      .returning();
    expect((await get(`/api/admin/flag-reports/${row!.id}/screenshot`)).statusCode).toBe(404);
  });
});
