// History of every change to a location or tag (docs/architecture.md, Security baseline: anonymous edits are recorded so
// an administrator can see and revert them). Always called with the transaction of the change, so
// the change and its revision commit or roll back together.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_ID_MAX } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { revisions, tags } from '../../db/schema.js';

type RevisionEntity = 'location' | 'tag';
export type RevisionAction = 'create' | 'update' | 'delete' | 'revert' | 'hide' | 'show' | 'approve' | 'reject';

/** Who made a change: the browser session (X-Session-Id) and a salted hash of the address. */
export interface RevisionAuthor {
  sessionId: string | null;
  clientHash: string | null;
  /** Administrator username for admin actions. */
  actor?: string | null;
  /** Salted hash of the client's /48 group (contributor.ts). */
  network48?: string | null;
  /** The administrator who approved a held change being applied now. */
  approvedBy?: string | null;
}

export interface RevisionInput extends RevisionAuthor {
  entityType: RevisionEntity;
  entityId: number;
  action: RevisionAction;
  before: unknown;
  after: unknown;
  revertOf?: number | null;
}

export interface TagSnapshot {
  name: string;
  category: string | null;
}

/** The session id a client sent in X-Session-Id: trimmed, at most 128 characters, else null. */
export function sessionIdFromRequest(request: FastifyRequest): string | null {
  const raw = request.headers['x-session-id'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value.slice(0, SESSION_ID_MAX) : null;
}

export async function writeRevision(tx: Db, input: RevisionInput): Promise<number> {
  const [row] = await tx
    .insert(revisions)
    .values({
      entityType: input.entityType,
      entityId: input.entityId,
      action: input.action,
      before: input.before ?? null,
      after: input.after ?? null,
      sessionId: input.sessionId,
      clientHash: input.clientHash,
      actor: input.actor ?? null,
      revertOf: input.revertOf ?? null,
      network48: input.network48 ?? null,
      approvedBy: input.approvedBy ?? null,
    })
    .returning({ id: revisions.id });
  return row!.id;
}

export async function snapshotTag(tx: Db, id: number): Promise<TagSnapshot | null> {
  const [row] = await tx.select({ name: tags.name, category: tags.category }).from(tags).where(eq(tags.id, id));
  return row ?? null;
}
