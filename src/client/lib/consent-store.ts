// The visitor's cookie choice (decision 0011) in localStorage 'cookie_consent' ({essential,
// preferences, decidedAt}): a tiny event store keeping the banner, dialog, pages' buttons and
// i18n.ts (which remembers the language only with preference cookies) in step without a provider.
import { createContext, useContext, useSyncExternalStore } from 'react';

export const COOKIE_CONSENT_KEY = 'cookie_consent';
/** The choice mirrored in an essential cookie ('1' with preferences, '0' without), so the server
 * renders the page with or without the banner as the browser will (decision 0900). */
const CONSENT_COOKIE = 'cookie_consent';

function writeConsentCookie(record: CookieConsentRecord | null) {
  if (typeof document === 'undefined') return;
  const value = record ? (record.preferences ? '1' : '0') : null;
  // biome-ignore lint/suspicious/noDocumentCookie: one short essential cookie; the Cookie Store API is not everywhere yet
  document.cookie = value
    ? `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Older visitors decided before the cookie existed: write it once from the stored choice. */
export function syncConsentCookie(): void {
  if (typeof document === 'undefined') return;
  const consent = getConsent();
  const want = consent ? (consent.preferences ? '1' : '0') : null;
  const has = document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=([01])`))?.[1] ?? null;
  if (want !== has) writeConsentCookie(consent);
}

/** The choice as the server saw it (its cookie): what the first render in the browser uses. */
export const ServerConsentContext = createContext<CookieConsentRecord | null>(null);

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
  writeConsentCookie(record);
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
  const server = useContext(ServerConsentContext);
  return useSyncExternalStore(subscribeConsent, getConsent, () => server);
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
