// What a server-rendered page hands the bundle (decision 0900): the query cache, language, cookie
// choice and route chunk, in a JSON data block (<script type="application/json">), which is never
// executed, so the Content Security Policy keeps `script-src 'self'` (decision 0005).
import type { DehydratedState } from '@tanstack/react-query';
import type { CookieConsentRecord } from './consent-store';

const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  state: DehydratedState;
  lang: string;
  consent: CookieConsentRecord | null;
  /** The i18n namespaces the page used: loaded before hydrating. */
  namespaces: string[];
  /** A key of ROUTE_CHUNKS (app/app.tsx), or null for the Discover page in the entry. */
  chunk: string | null;
  /** The instant the page was rendered at (ISO): "now" for its opening hours while it hydrates.
   * (A key ending in "At": left out of the page's ETag, src/server/plugins/ssr.ts.) */
  renderedAt?: string;
}

export function readSsrData(): SsrData | null {
  const el = typeof document !== 'undefined' ? document.getElementById(SSR_DATA_ID) : null;
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as SsrData;
  } catch {
    return null;
  }
}

/** The server renderer's in-process GET of an API path (the same route the browser would call). */
export type ServerLoad = (
  path: string,
) => Promise<{ status: number; body: unknown; header(name: string): string | null }>;
