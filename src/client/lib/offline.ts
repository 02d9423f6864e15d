// Whether the screen shows a saved copy, and since when (decision 0910): from the service worker's
// marks (a page's <meta>, an API answer's header) reported by api.ts, and online/offline events.
// app/offline-status.tsx shows the note; writes failing for want of a network throw OfflineError.
import i18n from 'i18next';
import { SAVED_COPY_HEADER, SAVED_COPY_META } from '../pwa/cache-rules';

export interface OfflineState {
  /** The browser reports no network, or an answer just came from the saved store. */
  offline: boolean;
  /** The oldest saved copy shown since the screen last changed (ISO), '' when the page is the bare
   * shell (nothing of it was saved), null when what is shown came from the network. */
  savedAt: string | null;
}

const ONLINE: OfflineState = { offline: false, savedAt: null };
let state: OfflineState = ONLINE;
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.savedAt === state.savedAt) return;
  state = next;
  for (const l of listeners) l();
}

export const offlineState = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  /** The server render and hydration always see "online": the note appears after. */
  getServer: () => ONLINE,
};

/** The older of two saved times; '' (the bare shell: nothing of the page itself) yields to a time. */
const older = (a: string | null, b: string) => (a === null || a === '' ? b : b === '' || a < b ? a : b);

/** Every answer the app reads goes through here (api.ts): one from the saved store marks the screen
 * as a saved copy, one from the network shows the network is back. */
export function noteResponse(res: Response): void {
  const savedAt = res.headers.get(SAVED_COPY_HEADER);
  if (savedAt !== null) set({ offline: true, savedAt: older(state.savedAt, savedAt) });
  else if (state.offline && typeof navigator !== 'undefined' && navigator.onLine) set({ ...state, offline: false });
}

/** A new screen (another route): what it shows is judged afresh. */
export function noteNewScreen(): void {
  set({ offline: typeof navigator !== 'undefined' && !navigator.onLine, savedAt: null });
}

/** At start: the page's own mark, the browser's network state, and its changes from then on. */
export function watchNetwork(): () => void {
  const meta = document.querySelector(`meta[name="${SAVED_COPY_META}"]`);
  const savedAt = meta ? (meta.getAttribute('content') ?? '') : null;
  // Reads answered before this ran (from saved copies) are kept in the count.
  const merged = savedAt === null ? state.savedAt : older(state.savedAt, savedAt);
  set({ offline: merged !== null || state.offline || !navigator.onLine, savedAt: merged });
  const onOffline = () => set({ ...state, offline: true });
  const onOnline = () => set({ ...state, offline: false });
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}

/** A request that never reached the server: the device is offline (or the server unreachable).
 * Nothing was written; the form that sent it keeps what was typed. */
const NEEDS_CONNECTION =
  'You are offline: this needs a connection. Everything you typed is still here; try again once you are back online.';

export class OfflineError extends Error {
  constructor() {
    // In the interface language once the catalogs are up (i18next answers '' before its start).
    super(i18n.t('offline:needsConnection', { defaultValue: NEEDS_CONNECTION }) || NEEDS_CONNECTION);
    this.name = 'OfflineError';
  }
}

/** fetch, with a network failure turned into OfflineError (an abort stays an abort). */
export async function fetchOrOffline(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    if (err instanceof TypeError) {
      set({ ...state, offline: true });
      throw new OfflineError();
    }
    throw err;
  }
}
