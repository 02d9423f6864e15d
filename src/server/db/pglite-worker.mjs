// The embedded database's own process (decisions 0503 and 0507), started by pglite-process.ts, so
// the thread serving HTTP never waits on SQL and the database's memory is its own. Plain JavaScript
// so that Node loads it as it is under every runner (tsx, Vitest, the bench).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { copyDataDir, writeTarGz } from './pglite-snapshot.mjs';
import { StatementCache } from './pglite-statements.mjs';

const identity = (value) => value;
/** The parsers of each set of raw types, made once: the statement cache keeps PGlite's parsers
 * merged with each of them by this object (pglite-statements.mjs). */
const rawParsers = new Map();
/** Drizzle asks for some types (dates, intervals, numeric arrays) as the server's text; functions
 * cannot cross to this process, so the caller sends the type ids and they are read as text here. */
function optionsFor(msg) {
  const options = { rowMode: msg.rowMode };
  if (msg.rawTypes?.length) {
    const key = msg.rawTypes.join(',');
    let parsers = rawParsers.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(msg.rawTypes.map((oid) => [oid, identity]));
      rawParsers.set(key, parsers);
    }
    options.parsers = parsers;
  }
  return options;
}

/** A PostgreSQL error's fields (code, constraint, detail…) do not survive structured cloning of an
 * Error, so they travel as a plain object. */
function serialiseError(err) {
  const out = { message: String(err?.message ?? err) };
  for (const key of ['name', 'code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity']) {
    if (err?.[key] !== undefined) out[key] = String(err[key]);
  }
  return out;
}

// The app is gone (it exited, or was killed): nothing may keep its data folder open, or a
// restarted app and this process would both write to it. PGlite's committed rows survive an
// abrupt exit as they survive kill -9 (docs/reliability.md).
process.on('disconnect', () => process.exit(0));
// The server decides when the database closes. A signal sent to the whole process group (Ctrl-C in
// a terminal, a service manager stopping the group) reaches this process too; the server then
// closes it cleanly, or this process ends when the server's channel closes.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

/** Starts a new high-water mark of this process's resident set (Linux; elsewhere nothing). */
function resetHighWaterMark() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

/** The data folder (or memory://), the one argument pglite-process.ts starts this process with. */
const dataDir = process.argv[2];

const send = (message, then) => process.send(message, undefined, undefined, then);

let db;
try {
  db = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    // A 32 MB buffer cache instead of PostgreSQL's 128 MB (decision 0506): the searches and the map
    // are answered by the app's index and read a few rows by id, and the WebAssembly memory that the
    // larger cache fills never shrinks.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
} catch (err) {
  // The app reports why the folder could not be opened, with PostgreSQL's own message.
  send({ ready: false, error: serialiseError(err) }, () => process.exit(1));
  await new Promise(() => {});
}
/** Marked queries outside a transaction run as named statements (decision 0505). */
const statements = new StatementCache(db);
/** Open transactions by id: the transaction object and the function that ends it. */
const open = new Map();

async function query(msg) {
  const target = msg.tx === undefined ? (msg.prepared ? statements : db) : open.get(msg.tx)?.tx;
  if (!target) throw new Error('The transaction has already ended');
  const result = await target.query(msg.sql, msg.params, optionsFor(msg));
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** Opens a transaction that stays open until an 'end' message for it: PGlite queues every other
 * query behind it, as a PostgreSQL connection holding a transaction would. */
function begin(id) {
  return new Promise((opened, failed) => {
    const entry = {};
    entry.ended = new Promise((resolve) => {
      entry.finish = resolve;
    });
    open.set(id, entry);
    entry.done = db
      .transaction(async (tx) => {
        entry.tx = tx;
        opened(undefined);
        if (!(await entry.ended)) await tx.rollback();
      })
      .finally(() => open.delete(id));
    // Before it opened (BEGIN failed) this answers the 'begin'; afterwards end() reports it.
    entry.done.catch(failed);
  });
}

async function end(msg) {
  const entry = open.get(msg.tx);
  if (!entry) throw new Error('The transaction has already ended');
  entry.finish(msg.commit === true);
  await entry.done;
}

/** Calls outside a transaction (queries and 'begin') go to PGlite one at a time, in the order they
 * came, each once the one before has been answered (a 'begin' once its transaction is open). PGlite
 * would run them in that order too, except that a marked statement (decision 0505) takes its locks a
 * step sooner than a plain query and could pass one sent in the same instant; the app times the
 * oldest call it is waiting for as the one running (pglite-process.ts), so the order must hold. */
let outside = Promise.resolve();
function inTurn(run) {
  const result = outside.then(run);
  outside = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** Snapshots taken and being compressed, by their file's path (each file is a new one). */
const dumps = new Map();

/**
 * A consistent snapshot of the data folder (decision 0509), taken in turn with the other calls
 * outside a transaction: a CHECKPOINT writes the buffer cache out (so that a restored copy replays
 * almost no WAL), then, holding PGlite's transaction and query mutexes so that no transaction is
 * open and no statement runs, the folder's files are copied beside it (pglite-snapshot.mjs). Only
 * that holds other calls back; the tarball is written from the copy afterwards ('dumpWritten'
 * waits for it).
 */
function dump(msg) {
  return inTurn(async () => {
    if (dataDir.startsWith('memory://')) throw new Error('An in-memory database has no folder to snapshot');
    const started = performance.now();
    await db.query('CHECKPOINT');
    // Recovery reads from the checkpoint's redo point to the end of the WAL written. Nothing writes
    // between this and the copy: calls outside a transaction wait their turn, and none is open.
    const wal = await db.query(
      'select redo_wal_file as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()',
    );
    const staging = path.join(
      path.dirname(dataDir),
      `snapshot-${process.pid}-${crypto.randomBytes(4).toString('hex')}.staging`,
    );
    let entries;
    try {
      entries = await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => copyDataDir(dataDir, staging, wal.rows[0])),
      );
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw err;
    }
    const heldMs = Math.round(performance.now() - started);
    const written = writeTarGz(staging, entries, msg.file).finally(() =>
      fs.promises.rm(staging, { recursive: true, force: true }),
    );
    written.catch(() => undefined);
    dumps.set(msg.file, written);
    return { heldMs };
  });
}

async function dumpWritten(msg) {
  const written = dumps.get(msg.file);
  if (!written) throw new Error(`No snapshot is being written to ${msg.file}`);
  dumps.delete(msg.file);
  return { bytes: await written };
}

const ops = {
  dump,
  dumpWritten,
  query: (msg) => (msg.tx === undefined ? inTurn(() => query(msg)) : query(msg)),
  begin: (msg) => inTurn(() => begin(msg.id)),
  end,
  close: async () => {
    await db.close();
  },
  /** This process's resident memory now and at its peak, in bytes (the benchmark reports both);
   * with resetPeak the kernel starts a new high-water mark after reading it. */
  memory: async ({ resetPeak }) => {
    // VmHWM: the kernel's high-water mark of the resident set (Linux); NaN elsewhere.
    const status = fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '';
    const peakKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
    if (resetPeak) resetHighWaterMark();
    return { rss: process.memoryUsage().rss, peak: peakKb * 1024 };
  },
};

send({ ready: true });
// {id, op: 'query'|'begin'|'end'|'close'|'memory'|'dump'|'dumpWritten', ...} → {id, ok, value|error}.
process.on('message', async (msg) => {
  try {
    const value = await ops[msg.op](msg);
    // After 'close' the answer goes out, then the process ends.
    send({ id: msg.id, ok: true, value }, msg.op === 'close' ? () => process.exit(0) : undefined);
  } catch (err) {
    send({ id: msg.id, ok: false, error: serialiseError(err) });
  }
});
