import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations, revisions } from '../../db/schema.js';
import { injectJson, useTestApp, writeUntilRefused } from '../../test/test-app.js';

describe('tags API', () => {
  const t = useTestApp();

  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => injectJson(t.app, method, url, body, { headers });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/tags' })).json() as { id: number; name: string }[];

  it('creates a tag (201), lists tags sorted by name', async () => {
    const b = await send('POST', '/api/tags', { name: '  Zeta honey ', category: 'product' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ name: 'Zeta honey', category: 'product' });
    expect(typeof b.json().id).toBe('number');
    expect(new Date(b.json().createdAt).toString()).not.toBe('Invalid Date');
    const a = await send('POST', '/api/tags', { name: 'alpha seeds', category: '' });
    expect(a.statusCode).toBe(201);
    expect(a.json().category).toBeNull();
    const names = (await list()).map((x) => x.name);
    expect(names.indexOf('alpha seeds')).toBeLessThan(names.indexOf('Zeta honey'));
    const sorted = [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(names).toEqual(sorted);
  });

  it('refuses a duplicate name regardless of case with 409', async () => {
    await send('POST', '/api/tags', { name: 'Bees Welcome' });
    const res = await send('POST', '/api/tags', { name: 'bees welcome' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "A tag named 'bees welcome' already exists",
      errors: { name: "A tag named 'bees welcome' already exists" },
    });
  });

  it('validates name and category with the exact messages', async () => {
    const html = await send('POST', '/api/tags', { name: '<b>bold</b>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.name).toBe('HTML tags are not allowed in tag name');
    const empty = await send('POST', '/api/tags', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe('Tag name is required');
    const long = await send('POST', '/api/tags', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.name).toBe('Tag name must be at most 100 characters');
    expect((await send('POST', '/api/tags', { name: 'y'.repeat(100) })).statusCode).toBe(201);
    const cat = await send('POST', '/api/tags', { name: 'cat test', category: 'weird' });
    expect(cat.statusCode).toBe(400);
    expect(cat.json().errors).toHaveProperty('category');
  });

  it('renames a tag (PATCH), refusing a name another tag has; 404 and 400 on bad ids', async () => {
    const tag = (await send('POST', '/api/tags', { name: 'Rename me' })).json();
    const other = (await send('POST', '/api/tags', { name: 'Taken name' })).json();
    const res = await send('PATCH', `/api/tags/${tag.id}`, { name: 'Renamed', category: 'amenity' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tag.id, name: 'Renamed', category: 'amenity' });
    // Its own name in another case is fine.
    expect((await send('PATCH', `/api/tags/${tag.id}`, { name: 'RENAMED' })).statusCode).toBe(200);
    const dup = await send('PATCH', `/api/tags/${tag.id}`, { name: 'taken NAME' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("A tag named 'taken NAME' already exists");
    expect(other.id).toBeGreaterThan(0);
    const missing = await send('PATCH', '/api/tags/999999', { name: 'whatever' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Tag not found' });
    expect((await send('PATCH', '/api/tags/abc', { name: 'whatever' })).statusCode).toBe(400);
  });

  it('deletes a tag: links go, tag_text of its places is refreshed, 404 after', async () => {
    const keep = (await send('POST', '/api/tags', { name: 'Keepme' })).json();
    const drop = (await send('POST', '/api/tags', { name: 'Dropme' })).json();
    const loc = (
      await send('POST', '/api/locations', {
        name: 'Tag delete garden',
        category: 'resource',
        tagIds: [keep.id, drop.id],
      })
    ).json();
    const tagText = async () =>
      (await t.database.db.select({ v: locations.tagText }).from(locations).where(eq(locations.id, loc.id)))[0]!.v;
    expect(await tagText()).toBe('Dropme Keepme');

    await send('PATCH', `/api/tags/${keep.id}`, { name: 'Kept' });
    expect(await tagText()).toBe('Dropme Kept');

    const del = await send('DELETE', `/api/tags/${drop.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect(await tagText()).toBe('Kept');
    const after = (await t.app.inject({ method: 'GET', url: `/api/locations/${loc.id}` })).json();
    expect(after.tags.map((x: { name: string }) => x.name)).toEqual(['Kept']);
    expect((await list()).some((x) => x.id === drop.id)).toBe(false);
    expect((await send('DELETE', `/api/tags/${drop.id}`)).statusCode).toBe(404);
  });

  it('records a revision for create, update and delete with the session id and client hash', async () => {
    const headers = { 'x-session-id': '  tag-session-1  ' };
    const tag = (await send('POST', '/api/tags', { name: 'History tag' }, headers)).json();
    await send('PATCH', `/api/tags/${tag.id}`, { name: 'History tag 2', category: 'other' }, headers);
    await send('DELETE', `/api/tags/${tag.id}`, undefined, headers);
    const rows = (await t.database.db.select().from(revisions).where(eq(revisions.entityId, tag.id))).filter(
      (r) => r.entityType === 'tag',
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]!.after).toEqual({ name: 'History tag', category: null });
    expect(rows[1]!.before).toEqual({ name: 'History tag', category: null });
    expect(rows[1]!.after).toEqual({ name: 'History tag 2', category: 'other' });
    expect(rows[2]!.after).toBeNull();
    for (const r of rows) {
      expect(r.sessionId).toBe('tag-session-1');
      expect(r.clientHash).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('rate limits tag writes with 429 and Retry-After', async () => {
    // Up to two windows' worth, in case the minute turns over mid-loop.
    const { status, retryAfter } = await writeUntilRefused(t.app, '/api/tags', (i) => ({ name: `flood tag ${i}` }), {
      remoteAddress: '10.200.0.1',
      tries: 130,
    });
    expect(status).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
