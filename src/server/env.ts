// Every environment variable the server reads, in one zod schema. Bad values stop the process
// with a message naming the variable (see main.ts). Documented in README.md and .env.example.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const envSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when the app runs behind a proxy or load balancer, so client addresses are right. */
  TRUST_PROXY: bool.default(false),
  /** Multiplies every per-client rate limit; only for test rigs where all traffic comes from one
   * address (the end-to-end server uses 50). Leave at 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /** Most places the map receives as points at once (GET /api/locations/map, decision 0203); beyond
   * it the map asks for the part in view, grouped into clusters by the server. */
  MAP_POINT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Public origin used in canonical URLs, sitemaps and share links, e.g. https://green.example.org */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Defaults for tests and scripts: the same schema with overrides. */
export function testEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'false', ...overrides });
}
