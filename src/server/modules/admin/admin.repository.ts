// Administrator accounts and their server-side sessions (admin_sessions). The cookie holds a random
// 32-byte id; only its sha256 is stored, so a copy of the database hands out no live session.
import crypto from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { adminSessions, users } from '../../db/schema.js';
import { hashPassword, type ScryptParams, verifyPassword } from './password.js';

/** Idle expiry: a session unused for this long ends. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Absolute expiry: a session ends this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export async function findUserByUsername(db: Db, username: string) {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows[0] ?? null;
}

/** Creates the administrator, or sets a new password when the username exists. */
export async function upsertAdmin(db: Db, username: string, password: string, params?: ScryptParams) {
  const existing = await findUserByUsername(db, username);
  // Unchanged password (every restart with the same env): keep the hash and the open sessions.
  if (existing && (await verifyPassword(password, existing.password))) return existing.id;
  const hash = await hashPassword(password, params);
  const rows = await db
    .insert(users)
    .values({ username, password: hash })
    .onConflictDoUpdate({ target: users.username, set: { password: hash } })
    .returning({ id: users.id });
  // A new password ends every session opened with the old one.
  if (rows[0]) await db.delete(adminSessions).where(eq(adminSessions.userId, rows[0].id));
  return rows[0]?.id;
}

/** Starts a session; returns the cookie value (the only place the raw id exists). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const id = crypto.randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({ idHash: sha256(id), userId });
  return id;
}

export async function deleteSession(db: Db, cookieId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, sha256(cookieId)));
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        lt(adminSessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    );
}

export interface AdminIdentity {
  userId: number;
  username: string;
  idHash: string;
}

/** The live session of a cookie value, touching lastSeenAt; expired sessions are deleted. */
export async function resolveSession(db: Db, cookieId: string, now = new Date()): Promise<AdminIdentity | null> {
  const idHash = sha256(cookieId);
  const rows = await db
    .select({
      userId: adminSessions.userId,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      username: users.username,
    })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(adminSessions.idHash, idHash))
    .limit(1);
  const s = rows[0];
  if (!s) return null;
  const t = now.getTime();
  if (t - s.lastSeenAt.getTime() > SESSION_IDLE_MS || t - s.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
    await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
    return null;
  }
  // Touch at most once a minute: the idle clock does not need finer steps than that.
  if (t - s.lastSeenAt.getTime() > 60_000) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.idHash, idHash));
  }
  return { userId: s.userId, username: s.username, idHash };
}
