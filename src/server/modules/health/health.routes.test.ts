import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-env.js';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('answers 200 once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDatabaseUrl ? 'postgres' : 'pglite' });
  });
});
