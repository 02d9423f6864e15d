// The pages' one inline script (decision 0904): the build's early-input.js goes into every page in
// place of its tag, and the Content Security Policy allows that text by its hash and nothing else
// inline; without the file the tag stays and the policy names no hash.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { EARLY_INPUT_TAG } from './early-input.js';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8" />${EARLY_INPUT_TAG}<title>KC</title><!--app-head--></head><body><div id="root"></div></body></html>`;
// A '</script>' in the text must not end the element early.
const SCRIPT = "(function(){window.kept='</script><b>';})();";

function clientFolder(withScript: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-early-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  if (withScript) fs.writeFileSync(path.join(dir, 'early-input.js'), SCRIPT);
  return dir;
}

const hashOf = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the early-input script', () => {
  let withFile: string;
  let without: string;
  beforeAll(() => {
    withFile = clientFolder(true);
    without = clientFolder(false);
  });
  afterAll(() => {
    for (const dir of [withFile, without]) fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ deps: { clientDir: withFile } }));
  const plain = useTestApp(() => ({ deps: { clientDir: without } }));

  it('is inline in every page, and the policy allows exactly its text', async () => {
    for (const url of ['/', '/about', '/no-such-page']) {
      const res = await t.app.inject({ url });
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, url).toEqual(["(function(){window.kept='<\\/script><b>';})();"]);
      expect(res.body).not.toContain('src="/early-input.js"');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain(`script-src 'self' ${hashOf(inline[0]!)};`);
      expect(policy.match(/script-src [^;]*/)![0]).not.toContain('unsafe');
    }
    // The API answers carry the same policy.
    const api = await t.app.inject({ url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toContain(
      `script-src 'self' ${hashOf("(function(){window.kept='<\\/script><b>';})();")}`,
    );
  });

  it('without the file the page keeps the tag, and the policy allows no inline script', async () => {
    const res = await plain.app.inject({ url: '/' });
    expect(res.body).toContain(EARLY_INPUT_TAG);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
