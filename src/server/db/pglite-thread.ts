// The embedded database on a thread of its own (decision 0503): the PGlite instance lives in
// pglite-worker.mjs, and this client gives Drizzle's PGlite driver the three calls it makes
// (query, transaction, and close for us), so a search no longer holds up the thread that serves
// static files, cached answers and health checks.
import { Worker } from 'node:worker_threads';
import { DatabaseBusyError, PGLITE_QUEUE_LIMIT } from './limits.js';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What Drizzle's PGlite session calls on its client (drizzle-orm/pglite/session.js). */
export interface PgliteLikeClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T>;
}

/** Written into a statement's SQL (as a comment) to have the database thread keep it prepared
 * (decision 0505): for the few hot statements whose text never changes. Others run as PGlite runs
 * them, planned afresh with their values. */
export const KEEP_PREPARED = '/* keep prepared */';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };

/** An Error carrying the PostgreSQL fields (code, constraint…) the worker sent, as PGlite's own. */
function reviveError(fields: Record<string, string>): Error {
  const err = new Error(fields.message) as Error & Record<string, string>;
  for (const [key, value] of Object.entries(fields)) if (key !== 'message') err[key] = value;
  return err;
}

export class PgliteThread implements PgliteLikeClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stopped: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly queueLimit: number,
  ) {
    worker.on('message', (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(reviveError(reply.error));
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and resolves once the database in `dataDir` is open ('memory://' too). */
  static open(dataDir: string, queueLimit = PGLITE_QUEUE_LIMIT): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      const exited = (code: number) =>
        reject(new Error(`The database thread stopped while opening (exit code ${code})`));
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve(new PgliteThread(worker, queueLimit));
      });
    });
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    // New work is refused past the bound; work inside an open transaction never is, so that a
    // transaction always finishes.
    const starts = message.op === 'begin' || (message.op === 'query' && message.tx === undefined);
    if (starts && this.pending.size >= this.queueLimit) return Promise.reject(new DatabaseBusyError());
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private run(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    // Drizzle's parsers only ever keep a type's text as it is; the worker does that for these ids.
    const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const prepared = tx === undefined && sql.includes(KEEP_PREPARED);
    return this.call<QueryResult>({ op: 'query', tx, sql, params, rowMode: options.rowMode, rawTypes, prepared });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.run(undefined, sql, params, options);
  }

  async transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    const txId = this.nextId; // the 'begin' call's own id names the transaction in the worker
    await this.call({ op: 'begin' });
    const tx: PgliteLikeClient = {
      query: (sql, params, options) => this.run(txId, sql, params, options),
      transaction: () => Promise.reject(new Error('Nested transactions go through savepoints')),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.call({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /** Closes the database (its files are consistent afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
