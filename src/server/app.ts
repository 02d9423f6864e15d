// buildApp(deps) -> a ready-to-listen Fastify instance. Tests call it with a fresh database.
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ApiModule } from './context.js';
import type { Database } from './db/connect.js';
import type { Env } from './env.js';
import { createGeocoder } from './modules/geocode/geocoder.js';
import { configRoutes } from './modules/config/config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { visitorsRoutes } from './modules/visitors/visitors.routes.js';
import { loadHashSalt, makeClientHasher } from './plugins/client-identity.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerPages } from './plugins/pages.js';
import { createRateLimiter } from './plugins/rate-limit.js';
import { registerSecurity } from './plugins/security.js';

export interface AppDeps {
  env: Env;
  database: Database;
  fetch?: typeof fetch;
  /** Folder of the built client (dist/client); pages are not served when it is missing. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Every API module, registered under /api in this order. */
const API_MODULES: ApiModule[] = [healthRoutes, configRoutes, visitorsRoutes];

export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? (env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL }),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Ids and slugs in paths are short; refuse absurd ones before routing.
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurity(app, env);

  const clientHash = makeClientHasher(await loadHashSalt(database.db, env.SESSION_SECRET));
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    clientHash,
    rateLimit: createRateLimiter(database.db, clientHash),
    fetch: fetchFn,
    geocoder: createGeocoder({ db: database.db, env, fetch: fetchFn }),
  };

  await app.register(
    async (api) => {
      for (const mod of API_MODULES) await mod(api as typeof app, ctx);
      // Unknown /api paths answer JSON, never the HTML page.
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ message: `Not Found: ${request.method} ${request.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api' },
  );

  await registerPages(app, ctx, deps.clientDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
