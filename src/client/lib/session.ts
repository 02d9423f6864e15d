// Anonymous session ids (docs/product.md section 3, "Sessions"). Storage can be unavailable (private
// modes, blocked cookies): then an in-memory id serves for this page's life.
import {
  LOCAL_STORAGE_ENGAGEMENT_KEY,
  SESSION_STORAGE_SESSION_KEY,
  SESSION_STORAGE_VISIT_KEY,
} from '../../shared/constants';

const memory = new Map<string, string>();

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

const randomPart = () => Math.random().toString(36).slice(2, 11);

/** The browser-session id: time plus a random string, kept in session storage. */
export function getBrowserSessionId(): string {
  let id = read(() => sessionStorage, SESSION_STORAGE_SESSION_KEY);
  if (!id) {
    id = `${Date.now()}-${randomPart()}`;
    write(() => sessionStorage, SESSION_STORAGE_SESSION_KEY, id);
  }
  return id;
}

export const isVisitRecorded = () => read(() => sessionStorage, SESSION_STORAGE_VISIT_KEY) === 'true';
export const markVisitRecorded = () => write(() => sessionStorage, SESSION_STORAGE_VISIT_KEY, 'true');

/** The location-engagement id: 'session_' + timestamp + random, kept in local storage. */
export function getEngagementSessionId(): string {
  let id = read(() => localStorage, LOCAL_STORAGE_ENGAGEMENT_KEY);
  if (!id) {
    id = `session_${Date.now()}_${randomPart()}`;
    write(() => localStorage, LOCAL_STORAGE_ENGAGEMENT_KEY, id);
  }
  return id;
}
