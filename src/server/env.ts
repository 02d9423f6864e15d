// Every environment variable the server reads, in one zod schema. Bad values stop the process
// with a message naming the variable (see main.ts). Documented in README.md and .env.example.
import net from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Which peers may speak for the client through X-Forwarded-*: none (false), a hop count, or the
 * proxies' addresses and CIDR ranges (decision 0701). */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_FORM =
  "TRUST_PROXY must list the proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.2,192.168.0.0/16), " +
  "or give a hop count (e.g. 1); 'true' is refused because it lets any client choose its own address";

/** Names proxy-addr (Fastify's trustProxy) expands into well-known ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 20;

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (rest.length > 0 || family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The parsed TRUST_PROXY, or null when it is none of the accepted forms. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) return null;
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

/** Addresses and CIDR ranges, comma-separated (empty = none), or null when one is neither. */
function parseNetworkList(raw: string | undefined): string[] | null {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.every((e) => !PROXY_RANGE_NAMES.has(e) && isAddressOrRange(e)) ? entries : null;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(100).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).max(200).optional()),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org'),
  TRANSLATE_URL: z.string().url().default('https://libretranslate.com'),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SEED: bool.default(true),
  /** Folder of backups (decision 0512): `npm run backup` writes there (./backups when unset), and
   * when it is set the server takes a snapshot of its own there once a day. */
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** How many of the daily snapshots in BACKUP_DIR are kept (the newest); older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(7),
  /** The in-process search index (decision 0504): `off` answers every search in SQL. */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /** The page renderer's module instead of the build's (dist/server/entry-server.js): tests render
   * from the source. */
  SSR_ENTRY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The proxies or load balancers in front of the app (addresses/CIDR ranges, or a hop count), so
   * client addresses, host and protocol come from their X-Forwarded-* headers and nobody else's. */
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => parseTrustProxy(v) !== null, TRUST_PROXY_FORM)
    .transform((v): TrustProxy => parseTrustProxy(v) ?? false),
  /** Networks whose contributors are trusted (decision 0405): addresses or CIDR ranges, comma-separated,
   * e.g. a market office's or the operator's own. Their adds and edits go live without review. */
  TRUSTED_NETWORKS: z
    .string()
    .optional()
    .refine((v) => parseNetworkList(v) !== null, 'TRUSTED_NETWORKS must list addresses or CIDR ranges, comma-separated')
    .transform((v) => parseNetworkList(v) ?? []),
  /** Multiplies every per-client rate limit; only for test rigs where all traffic comes from one
   * address (the end-to-end server uses 50). Leave at 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /** Most places the map receives as points at once (GET /api/locations/map, decision 0203); beyond
   * it the map asks for the part in view, grouped into clusters by the server. */
  MAP_POINT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Public origin used in canonical URLs, sitemaps and share links, e.g. https://green.example.org.
   * Required in production, so no link is ever built from a request's Host header (decision 0701). */
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'PUBLIC_URL must start with http:// or https://')
      .optional(),
  ),
});

const PUBLIC_URL_REQUIRED =
  'PUBLIC_URL is required when NODE_ENV=production: the public origin, e.g. https://green.example.org';

const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: PUBLIC_URL_REQUIRED });
  }
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Defaults for tests and scripts: the same schema with overrides. */
/** The addresses API tests write from (test-app.ts `freshAddress`, and inject's default 127.0.0.1):
 * trusted there, so that tests of other features see their writes go live; the trust tests write
 * from other addresses. */
const TEST_TRUSTED_NETWORK = '10.250.0.0/16,127.0.0.1';

export function testEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'false',
    TRUSTED_NETWORKS: TEST_TRUSTED_NETWORK,
    ...overrides,
  });
}
