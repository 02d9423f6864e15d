// The administrator session cookie (decisions 0400, 0705): over https Secure with the __Host-
// prefix, so no subdomain or plain-http page can set or shadow it; over plain http (where browsers
// would drop the prefixed one) its old name, which is still read so older sessions keep working.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env.js';
import { SESSION_ABSOLUTE_MS } from './admin.repository.js';

export const ADMIN_COOKIE = 'kc_admin';
export const ADMIN_COOKIE_SECURE = '__Host-kc_admin';

/** The site is served over https: PUBLIC_URL says so, or this request came over https (its own
 * socket, or X-Forwarded-Proto from a trusted proxy, decision 0701). */
function servedOverHttps(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest): boolean {
  return /^https:/i.test(env.PUBLIC_URL ?? '') || request.protocol === 'https';
}

function options(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure };
}

/** The session id the request carries, under the new name or the old one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[ADMIN_COOKIE_SECURE] || request.cookies[ADMIN_COOKIE] || undefined;
}

export function setSessionCookie(
  env: Pick<Env, 'PUBLIC_URL'>,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
) {
  const secure = servedOverHttps(env, request);
  reply.setCookie(secure ? ADMIN_COOKIE_SECURE : ADMIN_COOKIE, id, {
    ...options(secure),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  // The old name goes once the new one is set.
  if (secure && request.cookies[ADMIN_COOKIE]) reply.clearCookie(ADMIN_COOKIE, options(true));
}

/** Clears the cookie this site would set now, and whichever session cookies the request carries. */
export function clearSessionCookies(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest, reply: FastifyReply) {
  const secure = servedOverHttps(env, request);
  const names = new Set([secure ? ADMIN_COOKIE_SECURE : ADMIN_COOKIE]);
  if (request.cookies[ADMIN_COOKIE_SECURE]) names.add(ADMIN_COOKIE_SECURE);
  if (request.cookies[ADMIN_COOKIE]) names.add(ADMIN_COOKIE);
  for (const name of names) reply.clearCookie(name, options(secure || name === ADMIN_COOKIE_SECURE));
}
