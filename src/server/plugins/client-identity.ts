// Who is asking, without storing who they are: a salted sha256 of the client address. The salt is
// SESSION_SECRET, else a random value kept in the database so every app process uses the same one.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { appSettings } from '../db/schema.js';

export async function loadHashSalt(db: Db, secret: string | undefined): Promise<string> {
  if (secret) return secret;
  const fresh = crypto.randomBytes(32).toString('hex');
  await db.insert(appSettings).values({ key: 'client_hash_salt', value: fresh }).onConflictDoNothing();
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = 'client_hash_salt'`);
  return rows[0]?.value ?? fresh;
}

export function makeClientHasher(salt: string) {
  return (request: FastifyRequest): string =>
    crypto.createHash('sha256').update(`${salt}:${request.ip}`).digest('hex').slice(0, 32);
}
