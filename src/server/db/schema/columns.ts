// Column types every table file of the schema shares.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, which drizzle has no type for. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Every instant is stored with its time zone and read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
