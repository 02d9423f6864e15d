// How many wrong sign-ins are allowed (decision 0704): failures counted per client, per username
// and in all, in the database. An attempt counts before its password is checked (parallel guesses
// cannot slip past) and is taken back when it signs in or the server was too busy to check it.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { createWindowCounter, tooManyRequests, type WindowHit } from '../../plugins/rate-limit.js';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Wrong sign-ins one client may make per SIGN_IN_WINDOW_MS: enough for typos, useless for guessing. */
export const SIGN_IN_FAILURES_PER_CLIENT = 10;
/** Wrong sign-ins for one username per SIGN_IN_WINDOW_MS, from however many clients. Above the
 * per-client figure, so one client alone never locks an administrator out. */
export const SIGN_IN_FAILURES_PER_USERNAME = 20;
/** Wrong sign-ins for all usernames from all clients per minute: the ceiling a botnet meets. */
export const SIGN_IN_FAILURES_PER_MINUTE = 100;

export interface SignInAttempt {
  /** The attempt was no failure (it signed in, or was never checked): count it out again. */
  notAFailure(): Promise<void>;
}

export function createSignInGuard(db: Db, clientHash: (request: FastifyRequest) => string, scale = 1) {
  const hit = createWindowCounter(db);
  /** Counts one attempt; 429 with Retry-After when any count is already over its limit. */
  return async function beginSignIn(request: FastifyRequest, username: string): Promise<SignInAttempt> {
    const user = crypto.createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 32);
    const checks = [
      {
        name: `admin:login:client:${clientHash(request)}`,
        windowMs: SIGN_IN_WINDOW_MS,
        max: SIGN_IN_FAILURES_PER_CLIENT * scale,
      },
      { name: `admin:login:user:${user}`, windowMs: SIGN_IN_WINDOW_MS, max: SIGN_IN_FAILURES_PER_USERNAME },
      { name: 'admin:login:all', windowMs: 60_000, max: SIGN_IN_FAILURES_PER_MINUTE },
    ];
    const hits: (WindowHit & { max: number })[] = [];
    for (const c of checks) hits.push({ ...(await hit(c.name, c.windowMs)), max: Math.ceil(c.max) });
    const over = hits.filter((h) => h.count > h.max);
    if (over.length > 0) throw tooManyRequests(Math.max(...over.map((h) => h.retryAfterS)));
    return {
      notAFailure: async () => {
        for (const h of hits) await h.undo();
      },
    };
  };
}
