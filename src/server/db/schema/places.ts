// The places and what hangs on them: slugs, open intervals, the search index's change log,
// verifications and confirmations, tags and their links.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PlaceAttributes } from '../../../shared/place-attributes.js';
import { ts, tsvector } from './columns.js';

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
