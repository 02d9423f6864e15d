// Render-side text safety (docs/product.md section 5, decision 0700): a stored description is shown
// only as sanitised HTML, to the allow-list (never class, style or id from users), with href
// limited to http(s) and mailto, entities decoded up to 10 passes, and bare links in text turned
// into new-tab links. Two sanitisers apply these rules: lib/sanitize-server.ts (sanitize-html) in
// the server renderer, lib/sanitize-dom.ts (DOMPurify) in the browser.
// The browser's sanitiser is a chunk loaded on demand, not part of Discover's first load: a
// description the server rendered keeps the server's sanitised markup through hydration, and only
// a description rendered afresh in the browser waits for DOMPurify (components/safe-description.tsx,
// decision 0902).
import { useSyncExternalStore } from 'react';

// The rules themselves live in src/shared/description-rules.ts and the toolkit's shape in
// html-toolkit.ts, which both sanitisers import (a chunk loaded from here must not import this
// module back).
export { withHttps } from '../../shared/website-host';
import type { HtmlToolkit } from './html-toolkit';

/** Without a DOM (the server renderer, decision 0900) the rules run on a parser instead:
 * entry-server.tsx installs lib/sanitize-server.ts here. */
let serverToolkit: HtmlToolkit | null = null;
export function installServerHtmlToolkit(toolkit: HtmlToolkit): void {
  serverToolkit = toolkit;
}
const hasDom = () => typeof document !== 'undefined';

let domToolkit: HtmlToolkit | null = null;
let loading: Promise<HtmlToolkit> | null = null;
const listeners = new Set<() => void>();

/** Fetches the browser's sanitiser (once; a failed fetch is tried again on the next call). */
export function loadHtmlToolkit(): Promise<HtmlToolkit> {
  if (domToolkit) return Promise.resolve(domToolkit);
  loading ??= import('./sanitize-dom').then(
    (m) => {
      domToolkit = m.domHtmlToolkit;
      for (const l of listeners) l();
      return domToolkit;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** This side's sanitiser when it is at hand: always on the server, in the browser once loaded. */
export function htmlToolkit(): HtmlToolkit | null {
  return hasDom() ? domToolkit : serverToolkit;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sanitiser for a render, or null in the browser until it has loaded (the component renders
 * again then). It is not asked for here: a caller that needs it now calls loadHtmlToolkit(). */
export function useHtmlToolkit(): HtmlToolkit | null {
  return useSyncExternalStore(subscribe, htmlToolkit, () => serverToolkit);
}
