// The visitor's cookie choice (issue 2): kept in localStorage under 'cookie_consent' as
// {essential: true, preferences: boolean, decidedAt: ISO}. A tiny event-based store so that the
// banner, the dialog, the pages' "Manage Cookie Preferences" buttons and i18n.ts (which only
// remembers the language when preference cookies are allowed) stay in step without a provider.
import { useSyncExternalStore } from 'react';

export const COOKIE_CONSENT_KEY = 'cookie_consent';

export interface CookieConsentRecord {
  essential: true;
  preferences: boolean;
  decidedAt: string;
}

type Listener = () => void;
const consentListeners = new Set<Listener>();
const openListeners = new Set<(opener: HTMLElement | null) => void>();

function parse(raw: string | null): CookieConsentRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CookieConsentRecord>;
    if (typeof v !== 'object' || v === null || typeof v.preferences !== 'boolean') return null;
    return { essential: true, preferences: v.preferences, decidedAt: String(v.decidedAt ?? '') };
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cached: CookieConsentRecord | null = null;
// Storage may be blocked; then the choice lives for this page only.
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return memoryRaw;
  }
}

/** The stored choice, or null when the visitor has not decided yet. */
export function getConsent(): CookieConsentRecord | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

export const hasPreferenceConsent = (): boolean => getConsent()?.preferences === true;

export function saveConsent(preferences: boolean): CookieConsentRecord {
  const record: CookieConsentRecord = { essential: true, preferences, decidedAt: new Date().toISOString() };
  const raw = JSON.stringify(record);
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, raw);
  } catch {
    memoryRaw = raw;
  }
  for (const l of consentListeners) l();
  return record;
}

export function subscribeConsent(listener: Listener): () => void {
  consentListeners.add(listener);
  return () => {
    consentListeners.delete(listener);
  };
}

export function useCookieConsent(): CookieConsentRecord | null {
  return useSyncExternalStore(subscribeConsent, getConsent, () => null);
}

/** Opens the cookie consent dialog; focus returns to the element focused now when it closes. */
export function openCookieDialog(): void {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  for (const l of openListeners) l(opener);
}

export function onOpenCookieDialog(listener: (opener: HTMLElement | null) => void): () => void {
  openListeners.add(listener);
  return () => {
    openListeners.delete(listener);
  };
}

// Another tab changed the choice.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === COOKIE_CONSENT_KEY) for (const l of consentListeners) l();
  });
}
