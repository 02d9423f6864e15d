import type { BlockList } from 'node:net';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/connect.js';
import type { DataVersion } from './lib/data-version.js';
import type { Env } from './env.js';
import type { Geocoder } from './modules/geocode/geocoder.js';
import type { BudgetSpender } from './modules/trust/budgets.js';
import type { InternalRequests } from './lib/internal-requests.js';
import type { SearchIndex } from './modules/locations/search-index/sync.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { SearchAnswers } from './plugins/search-cache/index.js';

/** What every module gets: the database, the settings and the shared request helpers. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  rateLimit: RateLimiter;
  /** Per-client limits for anonymous reads, counted in memory (plugins/rate-limit.ts). */
  readLimit: RateLimiter;
  /** Marks the server's own in-process reads (page rendering), which no per-client limit counts. */
  internal: InternalRequests;
  /** Salted hash of the client address (never the address itself): its network group. */
  clientHash: (request: FastifyRequest) => string;
  /** Salted hash of the client's wider /48 group (budgets also count it, decision 0405). */
  network48: (request: FastifyRequest) => string;
  /** TRUSTED_NETWORKS: contributors from these addresses are trusted. */
  trustedNetworks: BlockList;
  /** Contributors' budgets by trust (modules/trust/budgets.ts). */
  budgets: BudgetSpender;
  /** Outbound HTTP (geocoder, translator); tests may pass their own. */
  fetch: typeof fetch;
  /** Address -> point (modules/geocode). */
  geocoder: Geocoder;
  /** The search answer cache (plugins/search-cache), null while it cannot be trusted. */
  searchCache: SearchAnswers;
  /** What every kept answer (searches, pages, feeds, the sitemap) is checked against. */
  dataVersion: DataVersion;
  /** The process's in-process search index (decision 0504), made once here by the composition. */
  searchIndex: SearchIndex;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's data version and caching switch (lib/data-version.ts). */
    dataVersion: DataVersion;
    /** The search index (ctx.searchIndex): start-up builds it, tests build or switch it. */
    searchIndex: SearchIndex;
  }
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module registers its routes (already under /api) with the context. */
export type ApiModule = (app: ZodApp, ctx: AppContext) => Promise<void> | void;
