// What the running processes share: rate-limit counters, the geocoder's and the translator's
// caches, and small settings.
import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

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
