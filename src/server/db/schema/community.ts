// What people do with the places: reports, engagement, visitors, administrators and their
// sessions, revisions, changes held for review and contributors' standings.
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './places.js';

export const flagReports = pgTable(
  'flag_reports',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    flagType: text('flag_type').notNull(),
    description: text('description'),
    screenshot: text('screenshot'),
    reportedAt: ts('reported_at').notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    reviewedAt: ts('reviewed_at'),
    reviewNotes: text('review_notes'),
  },
  (t) => [
    index('flag_reports_location_status_idx').on(t.locationId, t.status),
    index('flag_reports_status_idx').on(t.status, t.reportedAt),
  ],
);

export const locationEngagement = pgTable(
  'location_engagement',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    lastViewed: ts('last_viewed'),
    lastClicked: ts('last_clicked'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('location_engagement_location_session_idx').on(t.locationId, t.sessionId)],
);

export const websiteVisitors = pgTable('website_visitors', {
  id: serial('id').primaryKey(),
  sessionId: text('session_id').notNull().unique(),
  firstVisit: ts('first_visit').notNull().defaultNow(),
  lastVisit: ts('last_visit').notNull().defaultNow(),
  visitCount: integer('visit_count').notNull().default(1),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** scrypt hash in the form scrypt$N$r$p$salt$hash (never the password itself). */
  password: text('password').notNull(),
});

/** Server-side administrator sessions: every app process sees the same ones. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    /** sha256 of the cookie's random id, so a database leak does not hand out live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
);

/** History of every create and update of a location or tag (who, what, when), for review. */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').notNull(), // 'location' | 'tag'
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(), // 'create' | 'update' | 'delete' | 'revert' | 'hide' | 'show'
    before: jsonb('before'),
    after: jsonb('after'),
    sessionId: text('session_id'),
    clientHash: text('client_hash'),
    actor: text('actor'), // administrator username for admin actions, else null
    revertOf: integer('revert_of'),
    /** Salted hash of the client's wider network group (an IPv6 /48; an IPv4 address itself). */
    network48: text('network48'),
    /** The administrator who approved this change after it was held (decision 0403). */
    approvedBy: text('approved_by'),
    /** The revert or undo revision that took this change back (history itself is never rewritten). */
    revertedBy: integer('reverted_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('revisions_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('revisions_created_idx').on(t.createdAt),
    index('revisions_session_idx').on(t.sessionId),
    index('revisions_client_idx').on(t.clientHash, t.createdAt),
    index('revisions_network48_idx').on(t.network48, t.createdAt),
  ],
);

/**
 * Changes held for review (decision 0403): an edit of a place, or a tag's rename or deletion, that
 * a rule held. The public keeps the accepted version; approving applies it as a normal revision.
 * New places and new tags are held in their own tables instead (`locations.review`, `tags.status`).
 */
export const pendingChanges = pgTable(
  'pending_changes',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').notNull(), // 'location' | 'tag'
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(), // 'update' | 'delete'
    /** What was asked: the validated patch (a place) or the tag's values. */
    patch: jsonb('patch').notNull(),
    /** The entity's snapshot when the change was made, and what it would be once applied. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why it was held: rule codes (hold-rules.ts). */
    reasons: jsonb('reasons').notNull(),
    sessionId: text('session_id'),
    clientHash: text('client_hash'),
    network48: text('network48'),
    status: text('status').notNull().default('pending'), // 'pending' | 'approved' | 'rejected'
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    /** The revision that applied it, once approved. */
    revisionId: integer('revision_id'),
  },
  (t) => [
    index('pending_changes_status_idx').on(t.status, t.createdAt),
    index('pending_changes_entity_idx').on(t.entityType, t.entityId),
    index('pending_changes_client_idx').on(t.clientHash, t.createdAt),
  ],
);

/**
 * What an administrator decided about a contributor (a browser session on one network), a network
 * group, or a wider /48 group: trusted or blocked, until a time or for good, with the reason
 * (decision 0405). Earned trust is not stored: it is read from the revisions.
 */
export const contributorStandings = pgTable(
  'contributor_standings',
  {
    id: serial('id').primaryKey(),
    /** 'contributor' (key: network hash + ':' + session id), 'network' or 'network48' (key: the hash). */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    standing: text('standing').notNull(), // 'trusted' | 'blocked'
    reason: text('reason').notNull(),
    until: ts('until'),
    setBy: text('set_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contributor_standings_subject_idx').on(t.kind, t.key)],
);
