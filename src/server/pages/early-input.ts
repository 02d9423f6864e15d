// The one inline script of a page (decision 0904): public/early-input.js, which keeps a tap made
// before the page is live. Inline, as a file blocked the first paint (170–290 ms on a simulated
// phone); the Content Security Policy allows exactly this text by its hash (decision 0005).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The tag index.html loads it with (the Vite dev server serves the file itself). */
export const EARLY_INPUT_TAG = '<script src="/early-input.js" async blocking="render"></script>';

export interface InlineScript {
  /** The element that replaces EARLY_INPUT_TAG. */
  element: string;
  /** Its CSP source: 'sha256-…' of the element's text. */
  source: string;
}

/** The built early-input.js as an inline script and its hash, or null when the build has none. */
export function readEarlyInput(clientDir: string | undefined): InlineScript | null {
  const file = clientDir ? path.join(clientDir, 'early-input.js') : null;
  if (!file || !fs.existsSync(file)) return null;
  // A '</script' inside would end the element early; the file has none, and this keeps it so.
  const code = fs.readFileSync(file, 'utf8').replace(/<\/script/gi, '<\\/script');
  const hash = crypto.createHash('sha256').update(code, 'utf8').digest('base64');
  return { element: `<script>${code}</script>`, source: `'sha256-${hash}'` };
}

/** The template with the file's tag replaced by the inline script (left as it is without one). */
export function inlineEarlyInput(template: string, script: InlineScript | null): string {
  return script ? template.replace(EARLY_INPUT_TAG, () => script.element) : template;
}
