// History of every change to a location or tag (docs/architecture.md, Security baseline: anonymous edits are recorded so
// an administrator can see and revert them). Always called with the transaction of the change, so
// the change and its revision commit or roll back together.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_ID_MAX } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { locationTags, locations, revisions, tags } from '../../db/schema.js';

export type RevisionEntity = 'location' | 'tag';
export type RevisionAction = 'create' | 'update' | 'delete' | 'revert' | 'hide' | 'show';

/** Who made a change: the browser session (X-Session-Id) and a salted hash of the address. */
export interface RevisionAuthor {
  sessionId: string | null;
  clientHash: string | null;
  /** Administrator username for admin actions. */
  actor?: string | null;
}

export interface RevisionInput extends RevisionAuthor {
  entityType: RevisionEntity;
  entityId: number;
  action: RevisionAction;
  before: unknown;
  after: unknown;
  revertOf?: number | null;
}

/** The editable fields of a location (what a revert restores), with its tag ids. */
export interface LocationSnapshot {
  name: string;
  category: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  operatingHours: string | null;
  status: string;
  deadline: string | null;
  registrationLink: string | null;
  faqLink: string | null;
  tagIds: number[];
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

export function authorFromRequest(request: FastifyRequest, clientHash: (r: FastifyRequest) => string): RevisionAuthor {
  return { sessionId: sessionIdFromRequest(request), clientHash: clientHash(request) };
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
    })
    .returning({ id: revisions.id });
  return row!.id;
}

/** The current editable state of a location, or null when there is no such row. */
export async function snapshotLocation(tx: Db, id: number): Promise<LocationSnapshot | null> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, id));
  if (!row) return null;
  const links = await tx
    .select({ tagId: locationTags.tagId })
    .from(locationTags)
    .where(eq(locationTags.locationId, id))
    .orderBy(asc(locationTags.tagId));
  return {
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    operatingHours: row.operatingHours,
    status: row.status,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    registrationLink: row.registrationLink,
    faqLink: row.faqLink,
    tagIds: links.map((l) => l.tagId),
  };
}

export async function snapshotTag(tx: Db, id: number): Promise<TagSnapshot | null> {
  const [row] = await tx.select({ name: tags.name, category: tags.category }).from(tags).where(eq(tags.id, id));
  return row ?? null;
}

/** Revisions of one entity, newest first (for tests and the admin desk). */
export async function listRevisions(db: Db, entityType: RevisionEntity, entityId: number) {
  return db
    .select()
    .from(revisions)
    .where(and(eq(revisions.entityType, entityType), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.id));
}
