// Render-side text safety (docs/product.md section 5, decision 0700): a description is shown only
// as sanitised HTML, by lib/sanitize-server.ts in the server renderer and lib/sanitize-dom.ts in
// the browser, a chunk loaded on demand (decision 0902).
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
