// Who is writing, and how far they are trusted (decision 0405): a browser session on one network
// group (client-identity.ts). Trust comes from an administrator's standing, TRUSTED_NETWORKS or an
// admin session, or is earned by changes that were approved or stood unreverted for a while.
import fastifyCookie from '@fastify/cookie';
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { contributorStandings, revisions } from '../../db/schema.js';
import { now as clockNow } from '../../lib/clock.js';
import { resolveSession } from '../admin/admin.repository.js';
import { ADMIN_COOKIE, ADMIN_COOKIE_SECURE } from '../admin/admin-cookie.js';
import { sessionIdFromRequest } from '../revisions/revisions.repository.js';
import { type Contributor, contributorKey, type TrustLevel } from './identity.js';

export interface Trust {
  level: TrustLevel;
  /** Why blocked, and until when (null: until lifted). */
  reason?: string;
  until?: Date | null;
}

/** Changes that earn a contributor trust, each approved or standing unreverted this long. */
const TRUST_EARN_CHANGES = 3;
export const TRUST_STAND_MS = 48 * 3_600_000;

async function adminOfRequest(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.cookie;
  if (!header) return null;
  let cookies: Record<string, string>;
  try {
    cookies = fastifyCookie.parse(header);
  } catch {
    return null;
  }
  const id = cookies[ADMIN_COOKIE_SECURE] || cookies[ADMIN_COOKIE];
  if (!id) return null;
  return (await resolveSession(ctx.db, id))?.username ?? null;
}

/** An IPv4-mapped IPv6 address as its IPv4 address (a dual-stack socket reports them so). */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address: ip, family: ip.includes(':') ? 'ipv6' : 'ipv4' };
}

export async function contributorOf(ctx: AppContext, request: FastifyRequest): Promise<Contributor> {
  const { address, family } = plainAddress(request.ip);
  return {
    sessionId: sessionIdFromRequest(request),
    network: ctx.clientHash(request),
    network48: ctx.network48(request),
    admin: await adminOfRequest(ctx, request),
    trustedNetwork: ctx.trustedNetworks.check(address, family),
  };
}

/** How far a contributor is trusted now. A block on any of its groups wins over any trust. */
export async function trustOf(db: Db, c: Contributor, now = clockNow()): Promise<Trust> {
  if (c.admin) return { level: 'admin' };
  const subjects = [
    and(eq(contributorStandings.kind, 'network'), eq(contributorStandings.key, c.network)),
    and(eq(contributorStandings.kind, 'network48'), eq(contributorStandings.key, c.network48)),
    ...(c.sessionId
      ? [
          and(
            eq(contributorStandings.kind, 'contributor'),
            eq(contributorStandings.key, contributorKey(c.network, c.sessionId)),
          ),
        ]
      : []),
  ];
  const standings = await db
    .select()
    .from(contributorStandings)
    .where(and(or(...subjects), or(isNull(contributorStandings.until), gt(contributorStandings.until, now))));
  const block = standings.find((s) => s.standing === 'blocked');
  if (block) return { level: 'blocked', reason: block.reason, until: block.until };
  if (standings.some((s) => s.standing === 'trusted') || c.trustedNetwork) return { level: 'trusted' };
  if (c.sessionId && (await earnedChanges(db, c, now)) >= TRUST_EARN_CHANGES) return { level: 'trusted' };
  return { level: 'new' };
}

/** The contributor's changes that count toward trust: not taken back, and approved by an
 * administrator or older than TRUST_STAND_MS. */
async function earnedChanges(db: Db, c: Contributor, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(revisions)
    .where(
      and(
        eq(revisions.clientHash, c.network),
        eq(revisions.sessionId, c.sessionId ?? ''),
        isNull(revisions.actor),
        isNull(revisions.revertedBy),
        inArray(revisions.action, ['create', 'update']),
        or(isNotNull(revisions.approvedBy), lt(revisions.createdAt, new Date(now.getTime() - TRUST_STAND_MS))),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The author fields a revision or a held change records. */
export function authorOf(c: Contributor) {
  return { sessionId: c.sessionId, clientHash: c.network, network48: c.network48, actor: c.admin };
}
