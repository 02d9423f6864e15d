// /api/admin/*: administrator sign-in with server-side sessions, then the review desk and the bulk
// import. Every route but login needs a live session (checked before the body is read).
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_INVALID_CREDENTIALS, ADMIN_SIGN_IN_REQUIRED, adminLoginSchema } from '../../../shared/schemas/admin.js';
import type { ApiModule, ZodApp } from '../../context.js';
import { BUSY_RETRY_AFTER_S } from '../../db/limits.js';
import { HttpError } from '../../http-error.js';
import { bulkImportRoutes } from '../bulk-import/bulk-import.routes.js';
import { reportsAdminRoutes } from '../reports/reports-admin.routes.js';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findUserByUsername,
  resolveSession,
} from './admin.repository.js';
import { clearSessionCookies, sessionCookieOf, setSessionCookie } from './admin-cookie.js';
import { adminOf } from './admin-auth.js';
import { dummyHash, ScryptBusyError, scryptParamsFor, verifyPassword } from './password.js';
import { createSignInGuard } from './sign-in-guard.js';
import { reviewRoutes } from './review.routes.js';

const SIGN_IN_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';

export const adminRoutes: ApiModule = async (app, ctx) => {
  const beginSignIn = createSignInGuard(ctx.db, ctx.clientHash, ctx.env.RATE_LIMIT_SCALE);
  await app.register(
    async (scope) => {
      const api = scope as unknown as ZodApp;
      await scope.register(fastifyCookie);
      scope.decorateRequest('admin', null);

      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.routeOptions.config?.adminPublic) return;
        const id = sessionCookieOf(request);
        const admin = id ? await resolveSession(ctx.db, id) : null;
        if (!admin) {
          if (id) clearSessionCookies(ctx.env, request, reply);
          throw new HttpError(401, ADMIN_SIGN_IN_REQUIRED);
        }
        request.admin = admin;
        // Administrator answers are personal: never kept by a shared cache.
        reply.header('cache-control', 'no-store');
      });

      api.post(
        '/login',
        {
          config: { adminPublic: true },
          schema: { body: adminLoginSchema },
        },
        async (request, reply) => {
          const { username, password } = request.body;
          // Failures per client, per username and in all (decision 0704); 429 once one is over.
          const attempt = await beginSignIn(request, username);
          const user = await findUserByUsername(ctx.db, username);
          let ok: boolean;
          try {
            // Unknown usernames cost the same scrypt work as wrong passwords: one answer, one timing.
            ok = await verifyPassword(password, user?.password ?? (await dummyHash(scryptParamsFor(ctx.env))));
          } catch (err) {
            if (!(err instanceof ScryptBusyError)) throw err;
            await attempt.notAFailure();
            throw new HttpError(503, SIGN_IN_BUSY_MESSAGE, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
          }
          if (!user || !ok) throw new HttpError(401, ADMIN_INVALID_CREDENTIALS);
          await attempt.notAFailure();
          await deleteExpiredSessions(ctx.db);
          // A new id at every sign-in (no session fixation); a previous cookie's session ends.
          const previous = sessionCookieOf(request);
          if (previous) await deleteSession(ctx.db, previous);
          const id = await createSession(ctx.db, user.id);
          reply.header('cache-control', 'no-store');
          setSessionCookie(ctx.env, request, reply, id);
          return { username: user.username };
        },
      );

      api.post('/logout', async (request, reply) => {
        const id = sessionCookieOf(request);
        if (id) await deleteSession(ctx.db, id);
        clearSessionCookies(ctx.env, request, reply);
        return { success: true };
      });

      api.get('/session', async (request) => ({ username: adminOf(request).username }));

      await reportsAdminRoutes(api, ctx);
      await reviewRoutes(api, ctx);
      await bulkImportRoutes(api, ctx);
    },
    { prefix: '/admin' },
  );
};
