// No silent lost updates: reads send the place's version as the ETag, a
// PATCH with a stale If-Match is refused with 412 and writes nothing, one without still works.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { injectJson, useTestApp } from '../../test/test-app.js';

describe('place versions (ETag / If-Match)', () => {
  const t = useTestApp();

  const patch = (id: number, body: unknown, headers: Record<string, string> = {}) =>
    injectJson(t.app, 'PATCH', `/api/locations/${id}`, body, { headers });

  it('refuses an edit made on an old version with 412, and keeps the newer one', async () => {
    const created = await injectJson(t.app, 'POST', '/api/locations', {
      name: 'Version Garden',
      category: 'resource',
      tagIds: [],
      phone: '816-555-0001',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json();
    const byId = await t.app.inject({ method: 'GET', url: `/api/locations/${id}` });
    const bySlug = await t.app.inject({ method: 'GET', url: `/api/locations/slug/${slug}` });
    const v1 = byId.headers.etag as string;
    expect(v1).toMatch(/^"loc-\d+-\d+"$/);
    expect(bySlug.headers.etag).toBe(v1);

    // Two people opened version 1. The first saves; the answer carries the new version.
    const first = await patch(id, { phone: '816-555-0002' }, { 'if-match': v1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(v1);
    // The second saves on version 1: refused, nothing written.
    const second = await patch(id, { phone: '816-555-0003' }, { 'if-match': v1 });
    expect(second.statusCode).toBe(412);
    expect(second.json()).toEqual({ message: MSG.editConflict });
    const now = (await t.app.inject({ method: 'GET', url: `/api/locations/${id}` })).json();
    expect(now.phone).toBe('816-555-0002');
    // With the current version, '*', or no If-Match at all, a save goes through.
    expect((await patch(id, { phone: '816-555-0004' }, { 'if-match': first.headers.etag as string })).statusCode).toBe(
      200,
    );
    expect((await patch(id, { phone: '816-555-0005' }, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await patch(id, { phone: '816-555-0006' })).statusCode).toBe(200);
  });
});
