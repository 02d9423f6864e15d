// Who the signed-in administrator of a request is (set by the admin scope's onRequest hook).
import type { FastifyRequest } from 'fastify';
import { ADMIN_SIGN_IN_REQUIRED } from '../../../shared/schemas/admin.js';
import { HttpError } from '../../http-error.js';
import type { AdminIdentity } from './admin.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an administrator session (only the sign-in). */
    adminPublic?: boolean;
  }
}

/** The signed-in administrator (routes inside the admin scope always have one). */
export function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new HttpError(401, ADMIN_SIGN_IN_REQUIRED);
  return request.admin;
}
