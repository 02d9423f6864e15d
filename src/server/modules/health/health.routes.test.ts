import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('answers 200 once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});
