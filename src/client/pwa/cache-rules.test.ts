// What the service worker stores and how a saved copy is marked (decision 0910).
import { describe, expect, it } from 'vitest';
import { isSavedPage, isSavedRead, isStorable, markSavedPage, SAVED_COPY_META } from './cache-rules';

const origin = 'https://green.example.org';
const url = (p: string) => new URL(p, origin);
const nav = { method: 'GET', mode: 'navigate' };

describe('service worker cache rules', () => {
  it('keeps copies of public pages only: never the administrator area, the API or another origin', () => {
    expect(isSavedPage(nav, url('/'), origin)).toBe(true);
    expect(isSavedPage(nav, url('/discover/city-market?x=1'), origin)).toBe(true);
    expect(isSavedPage(nav, url('/?search=market&category=park'), origin)).toBe(true);
    expect(isSavedPage(nav, url('/admin'), origin)).toBe(false);
    expect(isSavedPage(nav, url('/admin/reports'), origin)).toBe(false);
    expect(isSavedPage(nav, url('/api/docs'), origin)).toBe(false);
    expect(isSavedPage(nav, new URL('https://elsewhere.example/'), origin)).toBe(false);
    // A page is a navigation: the same URL fetched by a script is not one.
    expect(isSavedPage({ method: 'GET', mode: 'cors' }, url('/'), origin)).toBe(false);
    expect(isSavedPage({ method: 'POST', mode: 'navigate' }, url('/'), origin)).toBe(false);
  });

  it('keeps the reads of places, tags and settings, never writes, exports or the administrator API', () => {
    const get = { method: 'GET' };
    expect(isSavedRead(get, url('/api/locations?search=market&page=1'), origin)).toBe(true);
    expect(isSavedRead(get, url('/api/locations/slug/city-market'), origin)).toBe(true);
    expect(isSavedRead(get, url('/api/locations/12'), origin)).toBe(true);
    expect(isSavedRead(get, url('/api/tags'), origin)).toBe(true);
    expect(isSavedRead(get, url('/api/config'), origin)).toBe(true);
    expect(isSavedRead(get, url('/api/geocode?address=64111'), origin)).toBe(true);
    expect(isSavedRead({ method: 'POST' }, url('/api/locations'), origin)).toBe(false);
    expect(isSavedRead({ method: 'PATCH' }, url('/api/locations/12'), origin)).toBe(false);
    expect(isSavedRead({ method: 'DELETE' }, url('/api/tags/3'), origin)).toBe(false);
    expect(isSavedRead(get, url('/api/admin/summary'), origin)).toBe(false);
    expect(isSavedRead(get, url('/api/admin/locations/needs-check'), origin)).toBe(false);
    expect(isSavedRead(get, url('/api/export/locations.csv'), origin)).toBe(false);
    expect(isSavedRead(get, url('/api/locationsfoo'), origin)).toBe(false);
    expect(isSavedRead(get, new URL('https://elsewhere.example/api/locations'), origin)).toBe(false);
  });

  it('stores only whole successful answers that do not forbid it', () => {
    const answer = (status: number, cacheControl: string | null, type = 'basic') => ({
      status,
      type,
      headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
    });
    expect(isStorable(answer(200, 'no-cache'))).toBe(true);
    expect(isStorable(answer(200, null))).toBe(true);
    expect(isStorable(answer(200, 'public, max-age=300'))).toBe(true);
    expect(isStorable(answer(200, 'no-store'))).toBe(false);
    expect(isStorable(answer(200, 'private, no-store, max-age=0'))).toBe(false);
    expect(isStorable(answer(404, null))).toBe(false);
    expect(isStorable(answer(503, null))).toBe(false);
    expect(isStorable(answer(200, null, 'opaque'))).toBe(false);
  });

  it('marks a saved page as the first element of its head, with only the time in it', () => {
    const html =
      '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>x</title></head><body></body></html>';
    const marked = markSavedPage(html, '2026-11-20T15:04:05.000Z');
    expect(marked).toContain(`<head><meta name="${SAVED_COPY_META}" content="2026-11-20T15:04:05.000Z"><meta charset`);
    expect(markSavedPage(html, '"><script>x</script>')).toContain('content="scriptxscript"');
    expect(markSavedPage(html, '')).toContain(`<meta name="${SAVED_COPY_META}" content="">`);
  });
});
