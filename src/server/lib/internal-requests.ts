// The server's own reads while rendering (plugins/ssr.ts) go through the API in-process under the
// visitor's address (so per-client fairness still applies) with a per-process secret header, which
// the per-client rate limits let pass (exemptInternal, decision 0707); the page itself is limited.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const INTERNAL_HEADER = 'x-kc-internal-render';

export interface InternalRequests {
  /** Headers that mark an in-process request as the server's own. */
  headers: Record<string, string>;
  /** True for a request made by the server itself with those headers. */
  is(request: FastifyRequest): boolean;
}

export function createInternalRequests(): InternalRequests {
  const token = crypto.randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  return {
    headers: { [INTERNAL_HEADER]: token },
    is(request) {
      const value = request.headers[INTERNAL_HEADER];
      if (typeof value !== 'string') return false;
      const given = Buffer.from(value);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
