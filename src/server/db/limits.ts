// How much database work one request may cause to wait, on either database (decision 0503).
// Past these bounds a request is answered 503 with Retry-After (plugins/errors.ts) instead of
// letting every wait grow without limit.

/** The longest one statement may run; past it the statement ends with SQLSTATE 57014, answered 503
 * (plugins/errors.ts). PostgreSQL: statement_timeout on every pooled connection, and the server
 * cancels it. Embedded database on a folder: PGlite ignores statement_timeout and nothing can
 * interrupt its WebAssembly but ending its process, so the process is killed and started again on
 * the same folder (pglite-process.ts, decision 0507); the other calls in flight fail with it. */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** PostgreSQL: the longest a request waits for a free pooled connection. */
export const POOL_WAIT_MS = 5_000;
/** Embedded database: queries queued for its process beyond which new ones are refused. PGlite runs
 * one statement at a time, so a request's wait is the queue ahead of it: the bound keeps that short,
 * and STATEMENT_TIMEOUT_MS ends a statement that would hold the queue (decisions 0503, 0507). */
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

/** A call in flight on the embedded database when its process was ended (another statement ran past
 * STATEMENT_TIMEOUT_MS) or stopped on its own (pglite-process.ts): it was not answered and the
 * process is starting again, so the request is refused as a busy one (503, Retry-After). Not
 * SQLSTATE 57014: that would name this call as the statement that ran too long, in logs too. */
export class DatabaseRestartedError extends DatabaseBusyError {
  constructor(reason: string) {
    super();
    this.message = `The database process was restarted before this call was answered (${reason})`;
  }
}
