// The embedded database's own thread (decision 0503). PGlite runs every query on the thread that
// calls it; here that is this worker, so the thread serving HTTP never waits on SQL. Plain
// JavaScript so that Node loads it as it is under every runner (tsx, Vitest, the bench).
// Protocol (see pglite-thread.ts): {id, op: 'query'|'begin'|'end'|'close', ...} → {id, ok, value|error}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { StatementCache } from './pglite-statements.mjs';

const identity = (value) => value;
/** Drizzle asks for some types (dates, intervals, numeric arrays) as the server's text; functions
 * cannot cross threads, so the caller sends the type ids and they are read as text here. */
function optionsFor(msg) {
  const options = { rowMode: msg.rowMode };
  if (msg.rawTypes?.length) options.parsers = Object.fromEntries(msg.rawTypes.map((oid) => [oid, identity]));
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

const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, unaccent } });
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

const ops = {
  query,
  begin: (msg) => begin(msg.id),
  end,
  close: async () => {
    await db.close();
  },
};

parentPort.postMessage({ ready: true });
parentPort.on('message', async (msg) => {
  try {
    const value = await ops[msg.op](msg);
    parentPort.postMessage({ id: msg.id, ok: true, value });
    if (msg.op === 'close') parentPort.close();
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: serialiseError(err) });
  }
});
