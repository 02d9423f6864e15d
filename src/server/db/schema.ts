// The whole data model (docs/product.md section 3 plus what the server needs to run it) as one Drizzle
// pg-core schema, one file per job under schema/. The same schema and migrations run on PGlite and
// on PostgreSQL 15.
export * from './schema/community.js';
export * from './schema/operations.js';
export * from './schema/places.js';
