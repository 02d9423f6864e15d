// buildApp(deps) -> a ready-to-listen Fastify instance. Tests call it with a fresh database.
import { DataVersion } from './lib/data-version.js';
import { SearchIndex } from './modules/locations/search-index/sync.js';
import Fastify, { type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext, ApiModule } from './context.js';
import { startBackgroundJobs } from './background-jobs.js';
import type { Database } from './db/connect.js';
import type { Env } from './env.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { engagementRoutes } from './modules/engagement/engagement.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { hsdsRoutes } from './modules/hsds/hsds.routes.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { createGeocoder } from './modules/geocode/geocoder.js';
import { configRoutes } from './modules/config/config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { confirmationsRoutes } from './modules/locations/confirmations.routes.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { translateRoutes } from './modules/translate/translate.routes.js';
import { visitorsRoutes } from './modules/visitors/visitors.routes.js';
import {
  loadHashSalt,
  makeClientHasher,
  makeNetwork48Hasher,
  networkList,
  trustProxyOption,
} from './plugins/client-identity.js';
import { createBudgets } from './modules/trust/budgets.js';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes.js';
import { registerErrorHandling } from './plugins/errors.js';
import { createInternalRequests } from './lib/internal-requests.js';
import { safeLoggerOptions } from './plugins/log-safety.js';
import { readEarlyInput } from './pages/early-input.js';
import { registerPages } from './plugins/pages.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createRateLimiter, createReadLimiter, exemptInternal } from './plugins/rate-limit.js';
import { registerSecurity } from './plugins/security.js';
import { registerSearchCache } from './plugins/search-cache/index.js';

export interface AppDeps {
  env: Env;
  database: Database;
  fetch?: typeof fetch;
  /** Folder of the built client (dist/client); pages are not served when it is missing. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Every API module, registered under /api in this order. */
const API_MODULES: ApiModule[] = [
  healthRoutes,
  configRoutes,
  visitorsRoutes,
  locationsRoutes,
  tagsRoutes,
  duplicatesRoutes,
  geocodeRoutes,
  engagementRoutes,
  confirmationsRoutes,
  reportsRoutes,
  exportsRoutes,
  translateRoutes,
  adminRoutes,
];

export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const salt = await loadHashSalt(database.db, env.SESSION_SECRET);
  const clientHash = makeClientHasher(salt);
  const logger = deps.logger ?? (env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL });
  const app = Fastify({
    // Logs name a client by its salted hash, never by its address, and hold no typed address
    // (decisions 0705 and 0710).
    logger: logger === false ? false : safeLoggerOptions(logger, clientHash),
    // Only the proxies TRUST_PROXY names may set the client's address, host and protocol (decision 0701).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Ids and slugs in paths are short; refuse absurd ones before routing.
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  // The pages' one inline script, allowed by its hash (decision 0904).
  const earlyInput = readEarlyInput(deps.clientDir);
  await registerSecurity(app, env, earlyInput ? [earlyInput.source] : []);

  const fetchFn = deps.fetch ?? globalThis.fetch;
  // Before the API modules: its hook must see every write they answer.
  // The data version every kept answer is checked against; tests and the benchmark reach it as
  // `app.dataVersion` (its caching switch).
  const dataVersion = new DataVersion();
  app.decorate('dataVersion', dataVersion);
  const searchCache = await registerSearchCache(app, { database, db: database.db, dataVersion });
  // The process's one search index (decision 0504); start-up (startup.ts) builds it.
  const searchIndex = new SearchIndex(database.db, {
    enabled: env.SEARCH_INDEX === 'on',
    warn: (msg) => app.log.warn(msg),
  });
  app.decorate('searchIndex', searchIndex);
  // The server's own reads while rendering a page are not charged to the visitor (decision 0707).
  const internal = createInternalRequests();
  const ctx: AppContext = {
    searchCache,
    dataVersion,
    searchIndex,
    env,
    database,
    db: database.db,
    clientHash,
    network48: makeNetwork48Hasher(salt),
    trustedNetworks: networkList(env.TRUSTED_NETWORKS),
    budgets: createBudgets(database.db, env.RATE_LIMIT_SCALE),
    internal,
    rateLimit: exemptInternal(createRateLimiter(database.db, clientHash, env.RATE_LIMIT_SCALE), internal),
    readLimit: exemptInternal(createReadLimiter(clientHash, env.RATE_LIMIT_SCALE), internal),
    fetch: fetchFn,
    geocoder: createGeocoder({ db: database.db, env, fetch: fetchFn }),
  };

  // OpenAPI description of every zod-validated route: /api/docs (UI) and /api/docs/json. Must be
  // registered before the API modules so it sees their routes. Swagger UI 5 loads its initializer
  // from a file, so it runs under the strict CSP (script-src 'self').
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kansas City green directory API',
        description: 'Public API of the directory of green places in the Kansas City area.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const mod of API_MODULES) await mod(api as typeof app, ctx);
    },
    { prefix: '/api' },
  );
  // What follows a place or a search outside the app (decision 1000): calendars and change feeds
  // beside the pages they come from.
  await app.register(async (root) => feedsRoutes(root as typeof app, ctx));
  // Open Referral HSDS for 211 systems and other referral platforms (decision 1003).
  await app.register(async (hsds) => hsdsRoutes(hsds as typeof app, ctx), { prefix: '/hsds' });

  // Also the one not-found handler: JSON for /api/*, the 404 page elsewhere.
  await registerPages(app, ctx, deps.clientDir, earlyInput);
  startBackgroundJobs(app, ctx);
  return app;
}
