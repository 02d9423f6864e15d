// The whole data model (docs/product.md section 3 plus what the server needs to run it) as one Drizzle
// pg-core schema. The same schema and migrations run on PGlite and on PostgreSQL 15.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PlaceAttributes } from '../../shared/place-attributes.js';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    category: text('category').notNull(),
    description: text('description'),
    address: varchar('address', { length: 500 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    website: text('website'),
    slug: text('slug').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    uniqueId: text('unique_id').notNull().default(''),
    phone: text('phone'),
    /** Free text kept as a note beside the structured hours (decision 0800). */
    operatingHours: text('operating_hours'),
    /** OpenStreetMap `opening_hours` text in the library's tidy spelling, or null (decision 0800). */
    openingHours: text('opening_hours'),
    notionId: text('notion_id'),
    status: text('status').notNull().default('active'),
    deadline: ts('deadline'),
    registrationLink: text('registration_link'),
    faqLink: text('faq_link'),
    /** The point is a stand-in (the ZIP/town centroid) because the geocoder was busy or failing
     * when the place was saved: it is asked again later (writes/geocode-later.ts). */
    geocodePending: boolean('geocode_pending').notNull().default(false),
    /** Not public: hidden by an administrator, or waiting for review, or rejected (`review`). */
    hidden: boolean('hidden').notNull().default(false),
    /** 'accepted', 'pending' (a new place held for review: also hidden) or 'rejected' (decision 0403). */
    review: text('review').notNull().default('accepted'),
    /** Payments, access, cost, eligibility and languages (src/shared/place-attributes.ts, decision
     * 0803): only the known answers; an absent key is "unknown". */
    attributes: jsonb('attributes').$type<PlaceAttributes>().notNull().default({}),
    /** Where the place's facts came from (decision 0804): the source's name, a reference (a URL or
     * a repository path), its licence and when it last published them. Null for places added
     * through the site: their provenance is the visitor and the date they added it. */
    sourceName: text('source_name'),
    sourceRef: text('source_ref'),
    sourceLicense: text('source_license'),
    sourcePublishedAt: ts('source_published_at'),
    /** The point stands for an area (a ZIP or town centroid), not the place's own spot: the page
     * says so and the map does not draw it as a precise pin. */
    pointApproximate: boolean('point_approximate').notNull().default(false),
    /** The latest location_verifications.at of the place, kept by a trigger on that table
     * (drizzle/0012), so that facts_at needs no join. */
    lastVerifiedAt: ts('last_verified_at'),
    /** When the facts were last published or confirmed (src/shared/facts-age.ts, decision 0805):
     * the source's date, or for a place added through the site its creation, or the later
     * confirmation; null when a source gave no date and nobody confirmed it. Stale places sort
     * after fresh ones. */
    factsAt: ts('facts_at').generatedAlwaysAs(
      sql`greatest(case when "source_name" is null then "created_at" else "source_published_at" end, "last_verified_at")`,
    ),
    /** The name's Unicode confusable skeleton (UTS #39), to find look-alike names (decision 0404). */
    nameSkeleton: text('name_skeleton'),
    /** Tag names joined by spaces, kept in step with location_tags by the repository, so the
     * generated search vector can weigh tags without a join. */
    tagText: text('tag_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("tag_text", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C') || setweight(to_tsvector('english', coalesce("address", '')), 'D')`,
    ),
  },
  (t) => [
    uniqueIndex('locations_slug_idx').on(t.slug),
    index('locations_category_idx').on(t.category),
    index('locations_lat_lng_idx').on(t.latitude, t.longitude),
    // Radius search: the bounding box narrows both axes at once (the btree above only latitude).
    index('locations_point_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('locations_search_idx').using('gin', t.searchVector),
    index('locations_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // 'Most Relevant' without text or point is name order: pages come straight off this index.
    index('locations_name_order_idx').on(sql`lower(${t.name})`, t.name, t.id).where(sql`not ${t.hidden}`),
    index('locations_name_skeleton_idx').on(t.nameSkeleton),
    index('locations_review_idx').on(t.review).where(sql`${t.review} <> 'accepted'`),
    // The Discover facets are one containment test: `attributes @> '{"snap":true,...}'`.
    index('locations_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`),
  ],
);

/** Every slug a location has had, so renaming a place never breaks a shared link. */
export const locationSlugs = pgTable(
  'location_slugs',
  {
    slug: text('slug').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('location_slugs_location_idx').on(t.locationId)],
);

/**
 * Each place's sure-open intervals from about now to the horizon kept in app_settings
 * ('open_intervals_until', at least 8 days ahead), so "open now" and "in season" are SQL filters
 * (decision 0801). Written only by the write path (modules/locations/writes/open-intervals.ts):
 * by every write of a place's opening hours and by the daily extension of the horizon.
 */
export const locationOpenIntervals = pgTable(
  'location_open_intervals',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [
    // One place's intervals (replacing them, and "is this place open" probes, index only).
    index('location_open_intervals_place_idx').on(t.locationId, t.startsAt, t.endsAt),
    // Which places are open at an instant or within a window: only the intervals that contain it.
    index('location_open_intervals_range_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
  ],
);

/**
 * The in-process search index's change log (decision 0504). Triggers (drizzle/0009) append the ids
 * of places whose searchable data changed, tagged with the writing transaction's version; a
 * process catches its index up to the version it reads before answering a search. Never written
 * by the application.
 */
export const searchIndexState = pgTable('search_index_state', {
  id: integer('id').primaryKey(),
  /** Bumped once per writing transaction, in commit order (the row lock orders writers). */
  version: bigint('version', { mode: 'number' }).notNull(),
  /** The transaction that bumped last, so its later statements reuse its version. */
  xid: bigint('xid', { mode: 'number' }),
});

export const searchChanges = pgTable(
  'search_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    locationId: integer('location_id').notNull(),
    /** 'place' (its row, tags or visibility) or 'hours' (only its open intervals). */
    kind: text('kind').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('search_changes_version_idx').on(t.version), index('search_changes_at_idx').on(t.at)],
);

/** Every time an administrator confirmed a place's details: a history, never
 * overwritten; a place's lastVerifiedAt is its latest `at`. */
export const locationVerifications = pgTable(
  'location_verifications',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The administrator's username. */
    verifiedBy: text('verified_by').notNull(),
    at: ts('at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('location_verifications_location_idx').on(t.locationId, t.at)],
);

/** A visitor's anonymous "Yes, this is still correct": counted apart from the
 * administrators' confirmations above, never moves lastVerifiedAt. The unique index keeps one per
 * client hash, place and UTC day, even when two answers race. */
export const locationConfirmations = pgTable(
  'location_confirmations',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** Salted hash of the client (client-identity.ts), never the address. */
    clientHash: text('client_hash').notNull(),
  },
  (t) => [
    index('location_confirmations_location_idx').on(t.locationId, t.at),
    uniqueIndex('location_confirmations_once_a_day_idx').on(
      t.locationId,
      t.clientHash,
      sql`((${t.at} at time zone 'UTC')::date)`,
    ),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    category: text('category'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** 'accepted' (public) or 'pending' (proposed by a contributor without trust, decision 0403). */
    status: text('status').notNull().default('accepted'),
  },
  // Unique regardless of case: 'Organic' and 'organic' are one tag.
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`), index('tags_status_idx').on(t.status)],
);

export const locationTags = pgTable(
  'location_tags',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.tagId] }), index('location_tags_tag_idx').on(t.tagId, t.locationId)],
);

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

/** Fixed-window request counters shared by every app process (rate limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Answers of the geocoder, so each address is asked once. lat/lng null = not found. Bounded by
 * age and count, oldest dropped first (decision 0706): hence the created_at index. */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    query: text('query').primaryKey(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    source: text('source').notNull(), // 'geocoder' | 'zip'
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('geocode_cache_created_idx').on(t.createdAt)],
);

/** Machine translations of the directory's stored texts, per text (sha256) and target language;
 * bounded by age and count, oldest dropped first (decision 0706). */
export const translationCache = pgTable(
  'translation_cache',
  {
    textHash: text('text_hash').notNull(),
    language: text('language').notNull(),
    translated: text('translated').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.textHash, t.language] }), index('translation_cache_created_idx').on(t.createdAt)],
);

/** Small key/value settings the processes must agree on (e.g. the generated hashing salt). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
