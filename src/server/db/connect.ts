// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through the same Drizzle pg-core API, so nothing else knows which one runs.
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { POOL_WAIT_MS, STATEMENT_TIMEOUT_MS } from './limits.js';
import { lockDataDir } from './lock.js';
import { type DatabaseMemory, PgliteProcess, type SnapshotWritten } from './pglite-process.js';
import * as schema from './schema.js';
import { scrubText } from '../lib/scrub-log-text.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Embedded database only: its process's resident memory (the benchmark reports it). */
  memory?(opts?: { resetPeak?: boolean }): Promise<DatabaseMemory>;
  /** Embedded database only: writes a consistent snapshot of it to a new file (backup.ts). */
  snapshot?(file: string): Promise<SnapshotWritten>;
  /**
   * PostgreSQL only: hears NOTIFY on `channel` from every process sharing the database, on a
   * connection of its own (a pooled one would be handed to queries). `onLost` is called once if
   * that connection fails. Resolves when listening, with the function that stops it.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: (err: Error) => void,
  ): Promise<() => Promise<void>>;
}

/** LISTEN on a dedicated client of `connectionString`. */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  let stopped = false;
  let lost = false;
  const fail = (err: Error) => {
    if (stopped || lost) return;
    lost = true;
    onLost(err);
  };
  client.on('notification', (m) => {
    if (m.channel === channel) onNotify(m.payload ?? '');
  });
  client.on('error', fail);
  client.on('end', () => fail(new Error('the LISTEN connection closed')));
  await client.connect();
  await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  return async () => {
    stopped = true;
    await client.end().catch(() => undefined);
  };
}

export interface ConnectOptions {
  /** postgres://… to use a PostgreSQL server. */
  databaseUrl?: string;
  /** Folder of the embedded database; 'memory://' for a throw-away one (tests). */
  dataDir?: string;
}

export async function openDatabase(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Bounded waits (decision 0503): a statement is cancelled after STATEMENT_TIMEOUT_MS, and a
    // request gives up waiting for a connection after POOL_WAIT_MS; both answer 503.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: POOL_WAIT_MS,
    });
    // An idle client can be cut off by the server (restart, failover, a dropped test database);
    // the pool replaces it. Without a listener the 'error' event would end the process.
    pool.on('error', (err) => {
      console.warn(`PostgreSQL connection lost: ${scrubText(err.message)}`);
    });
    // Fail at start, with the server's own message, rather than on the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, onNotify, onLost) => listenOn(url, channel, onNotify, onLost),
    };
  }

  const dataDir = opts.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? null : lockDataDir(path.resolve(dataDir));
  const release = () => lock?.release();
  try {
    // In a process of its own, so SQL never holds up the thread serving requests and the
    // database's memory is not the server's (decisions 0503, 0507). The lock names that process
    // too, before it opens anything: it must not outlive this one on the folder. A statement past
    // STATEMENT_TIMEOUT_MS ends the process, which is started again on the folder (as is one that
    // stopped on its own); the lock then names the new one. In memory there is no limit and no
    // restart: the rows would be lost (pglite-process.ts).
    const client = await PgliteProcess.open(inMemory ? dataDir : path.resolve(dataDir, 'pgdata'), {
      started: (pid) => lock?.addDatabaseProcess(pid),
      restarting: (reason) =>
        console.warn(`Embedded database: ${scrubText(reason.message)}; starting its process again`),
    });
    const db = drizzlePglite({ client: client as any, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      memory: (opts) => client.memory(opts),
      snapshot: (file) => client.snapshot(file),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
