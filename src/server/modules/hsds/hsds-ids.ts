// Stable UUIDs for what the directory publishes (decision 1003): a record asked for by id gets a
// version 8 UUID holding its kind and number, a nested record a version 5 UUID of its name; the
// same on every request, process and restart.
import crypto from 'node:crypto';

/** The kinds of record an id can name, as the hex digits kept in it. */
const HSDS_KINDS = {
  organization: 0x001,
  service: 0x002,
  location: 0x003,
  service_at_location: 0x004,
  taxonomy: 0x005,
  /** A term for one of the five categories (number = index in LOCATION_CATEGORIES + 1). */
  category_term: 0x006,
  /** A term for a tag category, the parent of its tags' terms (number = index + 1). */
  tag_group_term: 0x007,
  /** A term for one tag (number = tag id). */
  tag_term: 0x008,
  /** A term for a payment a place takes (number = index in PAYMENT_KEYS + 1, decision 0803). */
  payment_term: 0x009,
} as const;
export type HsdsKind = keyof typeof HSDS_KINDS;

/** Our one taxonomy's number (we publish one). */
export const TAXONOMY_ID_NUMBER = 1;

/** The first 12 hex digits of every id: ours, so they are told apart from anyone else's. */
const PREFIX = crypto.createHash('sha1').update('kc-green-directory/hsds').digest('hex').slice(0, 12);
const ID_PATTERN = new RegExp(`^${PREFIX.slice(0, 8)}-${PREFIX.slice(8, 12)}-8([0-9a-f]{3})-a000-([0-9a-f]{12})$`);

/** The id of record `n` of a kind. */
export function hsdsId(kind: HsdsKind, n: number): string {
  const k = HSDS_KINDS[kind].toString(16).padStart(3, '0');
  return `${PREFIX.slice(0, 8)}-${PREFIX.slice(8, 12)}-8${k}-a000-${n.toString(16).padStart(12, '0')}`;
}

/** The kind and number an id names, or null when it is not one of ours. */
export function parseHsdsId(id: string): { kind: HsdsKind; n: number } | null {
  const m = ID_PATTERN.exec(id.toLowerCase());
  if (!m) return null;
  const code = Number.parseInt(m[1]!, 16);
  const kind = (Object.keys(HSDS_KINDS) as HsdsKind[]).find((k) => HSDS_KINDS[k] === code);
  const n = Number.parseInt(m[2]!, 16);
  if (!kind || !Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) return null;
  return { kind, n };
}

/** A version 5 UUID (SHA-1 of our namespace and the name) for a nested record. */
export function hsdsChildId(...name: Array<string | number>): string {
  const bytes = crypto
    .createHash('sha1')
    .update(`${PREFIX}/${name.join('/')}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
