// The one request to the geocoding service (decision 0150) and the database slot that spaces the
// requests of every app process at least minIntervalMs apart (Nominatim usage policy): named by
// User-Agent, no redirects followed, a bounded wait, time and body.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { appSettings } from '../../db/schema.js';

const GEOCODER_CITY_SUFFIX = ', Kansas City';
const SLOT_KEY = 'geocoder:next_slot_ms';
const MAX_BODY_CHARS = 256 * 1024;

/** What the service said: a point, nothing known, or no usable answer (asked again later). */
export type Lookup =
  | { kind: 'found'; point: { lat: number; lng: number } }
  | { kind: 'none' }
  | { kind: 'failed'; reason: string };

interface ServiceAskerOptions {
  db: Db;
  fetch: typeof fetch;
  /** The service's URL without a trailing slash. */
  base: string;
  userAgent: string;
  timeoutMs: number;
  minIntervalMs: number;
  maxQueueMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the service about one normalised address, waiting for this process's and the database's
 * request slot; a slot further away than maxQueueMs is handed back and answers 'busy'. */
export function createServiceAsker(options: ServiceAskerOptions): (query: string) => Promise<Lookup> {
  const { db, base, userAgent, timeoutMs, minIntervalMs, maxQueueMs } = options;
  let lastSentAt = 0;

  /** Reserves the next request slot; returns how long to wait for it and the slot's value. */
  async function reserveSlot(): Promise<{ wait: number; slot: string | null }> {
    if (minIntervalMs <= 0) return { wait: 0, slot: null };
    const now = Date.now();
    const rows = await db.execute<{ value: string }>(sql`
      INSERT INTO ${appSettings} (key, value) VALUES (${SLOT_KEY}, ${String(now + minIntervalMs)})
      ON CONFLICT (key) DO UPDATE
        SET value = (greatest(${appSettings.value}::bigint, ${now}::bigint) + ${minIntervalMs}::bigint)::text
      RETURNING value`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ value: string }> }).rows) as Array<{
      value: string;
    }>;
    const slot = list[0]?.value ?? String(now + minIntervalMs);
    return { wait: Math.max(0, Number(slot) - minIntervalMs - now), slot };
  }

  /** Hands back a slot this process reserved but will not use, when no one has reserved after it,
   * so that a refused lookup does not push every later one a second further. */
  async function releaseSlot(slot: string): Promise<void> {
    await db.execute(sql`
      UPDATE ${appSettings} SET value = (${appSettings.value}::bigint - ${minIntervalMs}::bigint)::text
      WHERE key = ${SLOT_KEY} AND value = ${slot}`);
  }

  return async function askService(query: string): Promise<Lookup> {
    const { wait, slot } = await reserveSlot();
    if (wait > maxQueueMs) {
      if (slot) await releaseSlot(slot);
      return { kind: 'failed', reason: 'busy' };
    }
    if (wait > 0) await sleep(wait);
    // In this process, measure the gap from the last actual send too (a late timer must not
    // squeeze two requests together).
    const gap = lastSentAt + minIntervalMs - Date.now();
    if (minIntervalMs > 0 && gap > 0) await sleep(gap);
    const params = new URLSearchParams({
      q: `${query}${GEOCODER_CITY_SUFFIX}`,
      format: 'json',
      limit: '1',
      countrycodes: 'us',
    });
    let res: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      lastSentAt = Date.now();
      res = await options.fetch(`${base}/search?${params}`, {
        headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'en' },
        redirect: 'manual',
        signal,
      });
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        return { kind: 'failed', reason: `redirect ${res.status}` };
      }
      if (!res.ok) return { kind: 'failed', reason: `status ${res.status}` };
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY_CHARS) return { kind: 'failed', reason: 'too large' };
      text = await res.text();
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.name : 'error' };
    }
    return parseServiceAnswer(text);
  };
}

/** The first result of the service's JSON list, checked: a point on the globe, or nothing known. */
function parseServiceAnswer(text: string): Lookup {
  if (text.length > MAX_BODY_CHARS) return { kind: 'failed', reason: 'too large' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'failed', reason: 'not json' };
  }
  if (!Array.isArray(body)) return { kind: 'failed', reason: 'not a list' };
  if (body.length === 0) return { kind: 'none' };
  const first = body[0] as { lat?: unknown; lon?: unknown } | null;
  const lat = Number(first?.lat);
  const lng = Number(first?.lon);
  if (
    (typeof first?.lat !== 'string' && typeof first?.lat !== 'number') ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    return { kind: 'failed', reason: 'bad point' };
  }
  return { kind: 'found', point: { lat, lng } };
}
