// The installable app's files as the server sends them (decision 0910): the service worker and the
// manifest are revalidated at every use (a new version is never held back by a cache), hashed
// files are kept a year, and the Content Security Policy names the worker and manifest sources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { staticCacheControl } from './pages.js';

describe('service worker, manifest and their headers', () => {
  let clientDir: string;

  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-pwa-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.mkdirSync(path.join(clientDir, 'icons'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), JSON.stringify({ name: 'KC Green Directory' }));
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'export {};');
    fs.writeFileSync(path.join(clientDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const t = useTestApp(() => ({ deps: { clientDir } }));

  it('serves /sw.js at the root scope as JavaScript that is revalidated at every use', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its media type, revalidated at every use', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed files a year and icons an hour', async () => {
    expect((await t.app.inject({ url: '/assets/index-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.app.inject({ url: '/icons/icon-192.png' })).headers['cache-control']).toBe('public, max-age=3600');
    // Only the file at the root is the service worker: a file of that name elsewhere is an ordinary one.
    expect(staticCacheControl(clientDir, path.join(clientDir, 'icons', 'sw.js'))).toBe('public, max-age=3600');
  });

  it("allows the worker and the manifest from the site's own origin only", async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });
});
