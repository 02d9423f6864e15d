// How much database work one request may cause to wait, on either database (decision 0503).
// Past these bounds a request is answered 503 with Retry-After (plugins/errors.ts) instead of
// letting every wait grow without limit.

/** PostgreSQL: the longest one statement may run before the server cancels it (SQLSTATE 57014). */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** PostgreSQL: the longest a request waits for a free pooled connection. */
export const POOL_WAIT_MS = 5_000;
/** Embedded database: queries queued for its process beyond which new ones are refused. PGlite
 * cannot cancel a running statement (it ignores statement_timeout), so the queue is the bound. */
export const PGLITE_QUEUE_LIMIT = 128;
/** Seconds a refused client is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_S = 2;

/** Work refused because a bounded queue is full; the request is answered 503 with Retry-After
 * BUSY_RETRY_AFTER_S (the database's here and in plugins/errors.ts, the password checks' in
 * modules/admin/password.ts). */
export class BusyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Too much database work is already waiting: the request is refused before it queues. */
export class DatabaseBusyError extends BusyError {
  constructor() {
    super('DB_BUSY', 'The database has too much work queued');
  }
}
