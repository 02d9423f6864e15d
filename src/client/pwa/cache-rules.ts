// What the service worker keeps for reading offline, and how a saved copy says it is one (decision
// 0910). Plain functions, shared by the service worker and its unit test.

/** Answers read from the API that a person reads offline: the places (the list, a place by slug or
 * id, the map), the tags, the client's settings, the searched address's point and the visitor total.
 * Everything else (the administrator's API, exports, writes) goes to the network only. */
const SAVED_READ_PREFIXES = ['/api/locations', '/api/tags', '/api/config', '/api/geocode', '/api/visitors/total'];

/** The header a stored answer carries: when it was saved (ISO). */
export const SAVED_AT_HEADER = 'x-saved-at';
/** The header the service worker adds to an API answer it serves from its store. */
export const SAVED_COPY_HEADER = 'x-saved-copy';
/** The <meta> the service worker puts in a page it serves from its store; its content is the time
 * the page was saved, empty for the bare shell (no copy of that page was saved). */
export const SAVED_COPY_META = 'kc-saved-copy';

const isAdminPath = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/api/admin');

/** A page worth a saved copy: a same-origin navigation outside the administrator's area and the API. */
export function isSavedPage(request: { method: string; mode: string }, url: URL, origin: string): boolean {
  if (request.method !== 'GET' || request.mode !== 'navigate' || url.origin !== origin) return false;
  return !isAdminPath(url.pathname) && url.pathname !== '/api' && !url.pathname.startsWith('/api/');
}

/** An API read worth a saved copy (GET only: writes are never cached). */
export function isSavedRead(request: { method: string }, url: URL, origin: string): boolean {
  if (request.method !== 'GET' || url.origin !== origin || isAdminPath(url.pathname)) return false;
  return SAVED_READ_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
}

/** Only whole, successful answers that allow it are stored: never `Cache-Control: no-store`. */
export function isStorable(response: { status: number; type: string; headers: Headers }): boolean {
  if (response.status !== 200 || (response.type !== 'basic' && response.type !== 'default')) return false;
  return !/(?:^|[,\s])no-store(?:$|[,\s])/i.test(response.headers.get('cache-control') ?? '');
}

/** The page's HTML with the saved-copy mark as the first element of its head. */
export function markSavedPage(html: string, savedAt: string): string {
  const meta = `<meta name="${SAVED_COPY_META}" content="${savedAt.replace(/[^0-9A-Za-z:.+-]/g, '')}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : `${meta}${html}`;
}
