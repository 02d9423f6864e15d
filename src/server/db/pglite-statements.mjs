// Named statements for the embedded database (decision 0505): a statement text seen before runs as
// a named prepared statement, one call into WebAssembly instead of six. Only for statements marked
// KEEP_PREPARED (pglite-process.ts), outside a transaction. Plain JavaScript, as pglite-worker.mjs.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
/** Statements kept prepared (least recently used dropped first): each holds its plan in the
 * database's memory, which WebAssembly never gives back, so the set stays small. */
const STATEMENT_CACHE_SIZE = 64;
/** PostgreSQL's answer when a kept plan's result would change shape (a table changed under it). */
const PLAN_CHANGED = '0A000';

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export class StatementCache {
  /** @param {import('@electric-sql/pglite').PGlite} db */
  constructor(db, size = STATEMENT_CACHE_SIZE) {
    this.db = db;
    this.size = size;
    /** @type {Map<string, { name: string, types: number[] }>} text → prepared statement, oldest first */
    this.statements = new Map();
    this.nextName = 1;
    /** @type {WeakMap<object, object>} a caller's parsers → PGlite's with them over */
    this.merged = new WeakMap();
  }

  /** As PGlite's query(): the same rows, fields and errors, and the same queueing behind an open
   * transaction (its transaction lock, then its query lock). */
  query(text, params = [], options = {}) {
    const db = this.db;
    return db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        try {
          return await this.#run(text, params, options);
        } catch (err) {
          if (err?.code !== PLAN_CHANGED) throw err;
          // Prepared before a table changed: prepare it again, once.
          await this.#forget(text);
          return this.#run(text, params, options);
        } finally {
          await db.syncToFs();
        }
      }),
    );
  }

  async #run(text, params, options) {
    const statement = await this.#prepared(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options.serializers?.[statement.types[i]] ?? this.db.serializers[statement.types[i]];
      return serializer ? serializer(param) : param.toString();
    });
    const { messages } = await this.db.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const { parsers, ...rest } = options;
    return parse.parseResults(messages, this.#parsersWith(parsers), rest)[0];
  }

  /** PGlite's parsers with the caller's over them, made once per parsers object: handed the
   * caller's, PGlite copies its 318 parsers for every query (~80 µs, most of a page read's time in
   * this process's JavaScript). PGlite fills its own parsers when it opens; refreshArrayTypes(),
   * which would add to them later, is never called here. */
  #parsersWith(own) {
    if (!own) return this.db.parsers;
    let merged = this.merged.get(own);
    if (!merged) {
      merged = { ...this.db.parsers, ...own };
      this.merged.set(own, merged);
    }
    return merged;
  }

  async #prepared(text) {
    const known = this.statements.get(text);
    if (known) {
      // Most recently used last.
      this.statements.delete(text);
      this.statements.set(text, known);
      return known;
    }
    if (this.statements.size >= this.size) await this.#forget(this.statements.keys().next().value);
    const name = `kc_s${this.nextName++}`;
    const { messages } = await this.db.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.statements.set(text, statement);
    return statement;
  }

  async #forget(text) {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    await this.db.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}
