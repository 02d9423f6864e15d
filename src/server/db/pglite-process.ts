// The embedded database in a process of its own (decisions 0503 and 0507): the PGlite instance
// lives in pglite-worker.mjs, started here as a child process, and this client gives Drizzle's
// PGlite driver the three calls it makes (query, transaction, and close for us), so a search never
// holds up the thread that serves static files, cached answers and health checks, and the
// database's memory (its WebAssembly heap and compiled code) is not the app server's.
import { type ChildProcess, fork } from 'node:child_process';
import { fromRoot } from '../paths.js';
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

/** Written into a statement's SQL (as a comment) to have the database process keep it prepared
 * (decision 0505): for the few hot statements whose text never changes. Others run as PGlite runs
 * them, planned afresh with their values. */
export const KEEP_PREPARED = '/* keep prepared */';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };
type Ready = { ready: true } | { ready: false; error: Record<string, string> };

/** The database process's resident memory, now and at its peak (bytes; the peak is Linux only). */
export interface DatabaseMemory {
  rss: number;
  peak: number;
}

/** An Error carrying the PostgreSQL fields (code, constraint…) the worker sent, as PGlite's own. */
function reviveError(fields: Record<string, string>): Error {
  const err = new Error(fields.message) as Error & Record<string, string>;
  for (const [key, value] of Object.entries(fields)) if (key !== 'message') err[key] = value;
  return err;
}

export class PgliteProcess implements PgliteLikeClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stopped: Error | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly queueLimit: number,
  ) {
    child.on('message', (reply: Reply) => {
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
    child.on('error', stop);
    child.on('exit', (code, signal) =>
      stop(new Error(`The database process stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`)),
    );
  }

  /** The database process's id (the data folder's lock names it, lock.ts). */
  get pid(): number {
    return this.child.pid!;
  }

  /**
   * Starts the database process and resolves once the database in `dataDir` is open ('memory://'
   * too). `started` is told the process's id before it opens anything, so that the data folder's
   * lock can name it (lock.ts).
   */
  static open(
    dataDir: string,
    {
      queueLimit = PGLITE_QUEUE_LIMIT,
      started = () => {},
    }: { queueLimit?: number; started?: (pid: number) => void } = {},
  ): Promise<PgliteProcess> {
    const child = fork(fromRoot('src/server/db/pglite-worker.mjs'), [], {
      // Structured clone over the channel, as between threads: Dates, typed arrays and BigInts arrive
      // as they left. No loader flags: the worker is plain JavaScript.
      serialization: 'advanced',
      execArgv: [],
      env: { ...process.env, KC_PGLITE_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid !== undefined) started(child.pid);
    } catch (err) {
      child.kill('SIGKILL');
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      const exited = (code: number | null, signal: string | null) =>
        reject(new Error(`The database process stopped while opening (${signal ?? `exit code ${code}`})`));
      child.once('error', failed);
      child.once('exit', exited);
      child.once('message', (m: Ready) => {
        child.off('error', failed);
        child.off('exit', exited);
        if (m.ready) resolve(new PgliteProcess(child, queueLimit));
        else {
          child.kill('SIGKILL');
          reject(reviveError(m.error));
        }
      });
    });
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (!this.child.connected) return Promise.reject(new Error('The database process is closing'));
    // New work is refused past the bound; work inside an open transaction never is, so that a
    // transaction always finishes.
    const starts = message.op === 'begin' || (message.op === 'query' && message.tx === undefined);
    if (starts && this.pending.size >= this.queueLimit) return Promise.reject(new DatabaseBusyError());
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // A process that is ending cannot take the message (EPIPE): the call fails, the app goes on.
      this.child.send({ ...message, id }, (err) => {
        if (!err || !this.pending.delete(id)) return;
        reject(this.stopped ?? new Error(`The database process could not be reached (${err.message})`));
      });
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

  /** The database process's memory (the benchmark reports it beside the app's); `resetPeak` then
   * starts a new high-water mark, so that the next call's peak is that stretch's alone (Linux). */
  memory(opts: { resetPeak?: boolean } = {}): Promise<DatabaseMemory> {
    return this.call<DatabaseMemory>({ op: 'memory', resetPeak: opts.resetPeak === true });
  }

  /** Closes the database (its files are consistent afterwards) and waits for its process to end. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const ended = new Promise((resolve) => this.child.once('exit', resolve));
    await this.call({ op: 'close' });
    await ended;
  }
}
