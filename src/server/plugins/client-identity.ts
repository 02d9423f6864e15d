// Who is asking, without storing who they are: a salted sha256 of request.ip (X-Forwarded-For only
// from TRUST_PROXY's proxies, decision 0701). The salt is SESSION_SECRET, else a random value kept
// in the database so every app process uses the same one.
import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { appSettings } from '../db/schema.js';
import type { TrustProxy } from '../env.js';

export async function loadHashSalt(db: Db, secret: string | undefined): Promise<string> {
  if (secret) return secret;
  const fresh = crypto.randomBytes(32).toString('hex');
  await db.insert(appSettings).values({ key: 'client_hash_salt', value: fresh }).onConflictDoNothing();
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = 'client_hash_salt'`);
  return rows[0]?.value ?? fresh;
}

/** Fastify's trustProxy for a parsed TRUST_PROXY. Fastify 5 turns a bare number into "trust
 * nobody", so a hop count becomes a function trusting that many hops, as proxy-addr counts them. */
export function trustProxyOption(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** A BlockList of addresses and CIDR ranges (as env.ts parsed them). */
export function networkList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** The 16-bit groups of an IPv6 address (zone id dropped, '::' expanded, an IPv4 tail split). */
function ipv6Groups(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  const halves = plain.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (net.isIPv4(g)) {
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/i.test(g)) out.push(Number.parseInt(g, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return groups.length === 8 ? groups : null;
}

/** What the rate limits and revisions count as one client: an IPv4 address as it is, an IPv6
 * address by its /64 (one household or server usually holds a whole /64, and can pick any address
 * in it), an IPv4-mapped IPv6 address as its IPv4 address. */
export function clientKey(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The wider group budgets also count (decision 0405): an IPv6 address by its /48 (what one site
 * or small provider customer is usually given), an IPv4 address as clientKey has it. */
function clientKey48(ip: string): string {
  const key = clientKey(ip);
  if (!key.endsWith('::/64')) return key;
  const groups = ipv6Groups(ip);
  if (!groups) return key;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

const saltedHash = (salt: string, key: string) =>
  crypto.createHash('sha256').update(`${salt}:${key}`).digest('hex').slice(0, 32);

export function makeClientHasher(salt: string) {
  return (request: FastifyRequest): string => saltedHash(salt, clientKey(request.ip));
}

/** The salted hash of the request's /48 group (its own prefix, so it never equals a /64's hash). */
export function makeNetwork48Hasher(salt: string) {
  return (request: FastifyRequest): string => saltedHash(salt, `48:${clientKey48(request.ip)}`);
}
