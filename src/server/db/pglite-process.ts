// The embedded database in a process of its own (decisions 0503 and 0507): starts pglite-worker.mjs
// and gives Drizzle's PGlite driver its calls (query, transaction, close). A call past the time
// limit (limits.ts) kills the process, which starts again on the same folder.
import { type ChildProcess, fork } from 'node:child_process';
import { fromRoot } from '../paths.js';
import { DatabaseBusyError, DatabaseRestartedError, PGLITE_QUEUE_LIMIT, STATEMENT_TIMEOUT_MS } from './limits.js';

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

type Op = 'query' | 'begin' | 'end' | 'memory' | 'close' | 'dump' | 'dumpWritten';
type Message = { op: Op; tx?: number } & Record<string, unknown>;
/** A call sent to the current process and not answered yet. */
interface Call {
  op: Op;
  tx: number | undefined;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };
type Ready = { ready: true } | { ready: false; error: Record<string, string> };

export interface PgliteProcessOptions {
  /** Calls waiting for the process beyond which new ones are refused (DatabaseBusyError). */
  queueLimit?: number;
  /** The longest one SQL call ('query', 'begin', 'end') may run, from when the database starts it;
   * past it the process is killed and started again. STATEMENT_TIMEOUT_MS by default, none
   * (Infinity) for 'memory://': an in-memory database cannot be started again without losing every
   * row, so there a limit (when given) ends the process for good. */
  statementTimeoutMs?: number;
  /** Told each database process's id before it opens anything (the first and every restarted one),
   * so that the data folder's lock can name it (lock.ts). */
  started?: (pid: number) => void;
  /** Told why, each time the process is about to be started again. */
  restarting?: (reason: Error) => void;
}

/** The longest a snapshot may hold the database (its CHECKPOINT and the copy of the folder) before
 * the process is ended and started again, as a statement past its limit is: long enough for a
 * large folder on a slow disk, short enough that a stuck read does not hold requests for good. */
const SNAPSHOT_TIME_LIMIT_MS = 120_000;

/** A snapshot written by snapshot(): its file's size, and how long it held the database. */
export interface SnapshotWritten {
  bytes: number;
  heldMs: number;
}

/** Calls that do not run SQL (nor wait for it), so are never the one timed. */
const UNTIMED: ReadonlySet<Op> = new Set(['memory', 'close', 'dumpWritten']);

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

/** Starts a database process on `dataDir`; resolves with it once its database is open. */
function startProcess(dataDir: string, started: (pid: number) => void): Promise<ChildProcess> {
  // The folder is the worker's one argument (process.argv[2]): no environment variable to read.
  const child = fork(fromRoot('src/server/db/pglite-worker.mjs'), [dataDir], {
    // Structured clone over the channel, as between threads: Dates, typed arrays and BigInts arrive
    // as they left. No loader flags: the worker is plain JavaScript.
    serialization: 'advanced',
    execArgv: [],
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
      if (m.ready) resolve(child);
      else {
        child.kill('SIGKILL');
        reject(reviveError(m.error));
      }
    });
  });
}

/** Resolves once `child` has ended (its files closed by the kernel). */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export class PgliteProcess implements PgliteLikeClient {
  private nextId = 1;
  /** Calls sent to the current process and not answered yet, in the order they were sent. */
  private readonly pending = new Map<number, Call>();
  /** The current process; null while it is being replaced. */
  private child: ChildProcess | null = null;
  private latestPid = 0;
  /** Set while a new process starts after the last one was ended or stopped: calls wait for it. */
  private restarting: Promise<void> | null = null;
  /** Calls waiting for that restart: they count against the queue bound like those sent. */
  private waiting = 0;
  /** Why every later call fails: the process stopped (closed, or could not be started again). */
  private stopped: Error | null = null;
  private closing = false;
  /** The transaction open in the database: its 'begin' answered, its 'end' not yet. */
  private openTx: number | undefined;
  /** Calls with smaller ids went to an earlier process: a transaction they opened ended with it. */
  private firstIdOfProcess = 1;
  /** The call whose run time is being measured, and the timer that ends it. */
  private timed: { id: number; timer: NodeJS.Timeout } | null = null;
  private readonly queueLimit: number;
  private readonly limitMs: number;
  private readonly restartable: boolean;

  private constructor(
    child: ChildProcess,
    private readonly dataDir: string,
    private readonly options: PgliteProcessOptions,
  ) {
    this.restartable = !dataDir.startsWith('memory://');
    this.queueLimit = options.queueLimit ?? PGLITE_QUEUE_LIMIT;
    this.limitMs = options.statementTimeoutMs ?? (this.restartable ? STATEMENT_TIMEOUT_MS : Number.POSITIVE_INFINITY);
    this.adopt(child);
  }

  private adopt(child: ChildProcess): void {
    this.child = child;
    this.latestPid = child.pid!;
    child.on('message', (reply: Reply) => {
      if (child === this.child) this.replied(reply);
    });
    // A process that was replaced reports its end too: only the current one's counts.
    const lost = (err: Error) => {
      if (child === this.child) this.replace(err);
    };
    child.on('error', lost);
    child.on('exit', (code, signal) =>
      lost(new Error(`The database process stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`)),
    );
  }

  /** The current database process's id (the data folder's lock names it, lock.ts). */
  get pid(): number {
    return this.latestPid;
  }

  /**
   * Starts the database process and resolves once the database in `dataDir` is open ('memory://'
   * too). `started` is told the process's id before it opens anything, so that the data folder's
   * lock can name it (lock.ts); it is told again for every process started in its place.
   */
  static async open(dataDir: string, options: PgliteProcessOptions = {}): Promise<PgliteProcess> {
    const child = await startProcess(dataDir, options.started ?? (() => {}));
    return new PgliteProcess(child, dataDir, options);
  }

  private replied(reply: Reply): void {
    const call = this.pending.get(reply.id);
    if (!call) return;
    this.pending.delete(reply.id);
    if (call.op === 'begin' && reply.ok) this.openTx = reply.id;
    if (call.op === 'end' && call.tx === this.openTx) this.openTx = undefined;
    this.retime();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(reviveError(reply.error));
  }

  /**
   * The SQL call the database is running now. It runs them one at a time in the order they came
   * (the worker hands calls outside a transaction to PGlite in turn), and an open transaction holds
   * everything else back, as one PostgreSQL connection would: so while a transaction is open it is
   * the oldest call of that transaction (none while the app works between two of them), otherwise
   * the oldest call outside any transaction. Only that call's time counts, from when the one
   * before it was answered: a call waiting in the queue is not running yet, and PostgreSQL's
   * statement_timeout counts a statement's own run too. No message more per call than before.
   */
  private running(): number | undefined {
    for (const [id, call] of this.pending) {
      if (UNTIMED.has(call.op)) continue;
      if (call.tx === this.openTx) return id;
    }
    return undefined;
  }

  /** Times the running call (once, from when it started running), after every send and answer. */
  private retime(): void {
    if (!Number.isFinite(this.limitMs)) return;
    const id = this.running();
    if (id === this.timed?.id) return;
    if (this.timed) clearTimeout(this.timed.timer);
    this.timed = null;
    if (id === undefined) return;
    // A timer that fires late, because this thread was busy, could find the answer already waiting
    // in the channel: setImmediate runs after the channel is read, and the answer clears `timed`.
    const limit = this.pending.get(id)?.op === 'dump' ? Math.max(this.limitMs, SNAPSHOT_TIME_LIMIT_MS) : this.limitMs;
    const timer = setTimeout(() => setImmediate(() => this.expired(id, limit)), limit);
    timer.unref();
    this.timed = { id, timer };
  }

  private expired(id: number, limitMs: number): void {
    if (this.timed?.id !== id) return;
    this.timed = null;
    const limit = `the time limit of ${limitMs} ms`;
    // SQLSTATE 57014 as PostgreSQL's own cancelled statement: answered 503 with Retry-After.
    const err = Object.assign(
      new Error(
        `canceling statement due to statement timeout: it ran past ${limit}, so the database process was ended` +
          (this.restartable ? ' and is starting again' : ''),
      ),
      { code: '57014', severity: 'ERROR' },
    );
    this.replace(new Error(`a statement ran past ${limit}`), id, err);
  }

  /**
   * Kills the current process (a no-op if it stopped already) and fails every call it had: the
   * call that ran too long with 57014, the others with DatabaseRestartedError. Then, unless it is
   * closing or in memory, starts a new process on the same folder, which later calls wait for.
   * PGlite's committed rows survive SIGKILL (docs/reliability.md); an open transaction is gone, as
   * a PostgreSQL connection's is when its backend ends.
   */
  private replace(reason: Error, culprit?: number, culpritError?: Error): void {
    const old = this.child!;
    this.child = null;
    old.kill('SIGKILL');
    if (this.timed) clearTimeout(this.timed.timer);
    this.timed = null;
    this.openTx = undefined;
    this.firstIdOfProcess = this.nextId;
    const restart = !this.closing && this.restartable;
    let others: Error;
    if (restart) others = new DatabaseRestartedError(reason.message);
    else {
      const why = reason.message.startsWith('The database process stopped')
        ? reason.message
        : `The database process stopped (${reason.message}${this.closing ? '' : '; an in-memory database is not started again'})`;
      others = this.stopped ??= new Error(why);
    }
    const calls = [...this.pending];
    this.pending.clear();
    for (const [id, call] of calls) call.reject(id === culprit && culpritError ? culpritError : others);
    if (!restart) return;
    const restarted = (async () => {
      // Two PGlite instances on one folder lose rows: the old process must be gone first.
      await ended(old);
      const child = await startProcess(this.dataDir, this.options.started ?? (() => {}));
      this.adopt(child);
    })()
      .catch((err: Error) => {
        this.stopped ??= err;
      })
      .then(() => {
        this.restarting = null;
      });
    this.restarting = restarted;
    try {
      this.options.restarting?.(reason);
    } catch {
      /* a report that fails does not stop the restart */
    }
  }

  private call<T>(message: Message): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const { op, tx } = message;
    if (tx !== undefined && tx < this.firstIdOfProcess)
      return Promise.reject(new Error('The transaction has already ended: the database process was restarted'));
    // New work is refused past the bound; work inside an open transaction never is, so that a
    // transaction always finishes.
    const starts = op === 'begin' || (op === 'query' && tx === undefined);
    if (starts && this.pending.size + this.waiting >= this.queueLimit) return Promise.reject(new DatabaseBusyError());
    if (this.restarting) {
      this.waiting++;
      return this.restarting.then(() => {
        this.waiting--;
        return this.call<T>(message);
      });
    }
    const child = this.child!;
    if (!child.connected) return Promise.reject(new Error('The database process is closing'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // 'begin' answers with its own id, which names the transaction in the worker.
      const done = op === 'begin' ? () => resolve(id as T) : (resolve as (v: unknown) => void);
      this.pending.set(id, { op, tx, resolve: done, reject });
      // A process that is ending cannot take the message (EPIPE): the call fails, the app goes on.
      child.send({ ...message, id }, (err) => {
        if (!err || !this.pending.delete(id)) return;
        this.retime();
        reject(this.stopped ?? new Error(`The database process could not be reached (${err.message})`));
      });
      this.retime();
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
    const txId = await this.call<number>({ op: 'begin' });
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

  /**
   * Writes a consistent snapshot of the database to `file` (created; it must not exist): a gzipped
   * tarball of its folder, copied while no transaction is open (pglite-worker.mjs, decision 0509).
   * The copy holds every other call back, as one statement would, and is timed like one (with
   * SNAPSHOT_TIME_LIMIT_MS); the tarball is written while the database serves calls again.
   */
  async snapshot(file: string): Promise<SnapshotWritten> {
    const taken = await this.call<{ heldMs: number }>({ op: 'dump', file });
    const { bytes } = await this.call<{ bytes: number }>({ op: 'dumpWritten', file });
    return { bytes, heldMs: taken.heldMs };
  }

  /** Closes the database (its files are consistent afterwards) and waits for its process to end.
   * A process is never started again once this is called. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.restarting) await this.restarting;
    if (this.stopped || !this.child) return;
    const gone = ended(this.child);
    const failure = await this.call({ op: 'close' }).then(
      () => undefined,
      (err: Error) => err,
    );
    // Ended under it (a statement in front of it ran past the limit): it is closed all the same.
    if (failure && !this.stopped) throw failure;
    await gone;
  }
}
