// `npm run backup` on the embedded database (decision 0511): the command asks the server holding
// the data folder for a snapshot over the owner-only socket DATA_DIR/control.sock, or, when no
// server holds the folder, takes the lock and the snapshot itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ensureBackupDir,
  linkIntoPlace,
  partialName,
  refuseExisting,
  type SnapshotResult,
  writeSnapshot,
} from './backup.js';
import { BackupError } from './backup-error.js';
import { type Database, openDatabase } from './connect.js';
import { DataDirLockedError, type LockOwner, ownerIsLive } from './lock.js';

const CONTROL_SOCKET_NAME = 'control.sock';
/** Linux keeps a socket's path in 108 bytes, its closing NUL included. */
const MAX_SOCKET_PATH_BYTES = 107;
/** The request is one short line; anything longer is not ours. */
const MAX_REQUEST_BYTES = 1024;
/** Temporary snapshots the server writes in DATA_DIR before streaming them, and the copies of the
 * data folder the database process writes them from (pglite-snapshot.mjs). */
const TEMP_SNAPSHOT = /^snapshot-\d+-[0-9a-f]+\.(tar\.gz\.partial|staging)$/;

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET_NAME);
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Reads the first line a client sends (at most MAX_REQUEST_BYTES). */
function readRequest(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve(text.slice(0, end));
      } else if (text.length > MAX_REQUEST_BYTES) {
        socket.off('data', onData);
        reject(new Error('request too long'));
      }
    };
    socket.on('data', onData);
    socket.once('end', () => reject(new Error('no request')));
    socket.once('error', reject);
  });
}

/** Serves one connection: a snapshot streamed back, or an answer saying why not. */
async function serve(socket: net.Socket, dataDir: string, database: Database, log: Log): Promise<void> {
  let temp: string | undefined;
  try {
    const line = await readRequest(socket);
    let op: unknown;
    try {
      op = (JSON.parse(line) as { op?: unknown }).op;
    } catch {
      op = undefined;
    }
    if (op !== 'snapshot') {
      socket.end(`${JSON.stringify({ ok: false, message: 'Unknown request: send {"op":"snapshot"}' })}\n`);
      return;
    }
    temp = path.join(dataDir, `snapshot-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar.gz.partial`);
    const { bytes, heldMs } = await database.snapshot!(temp);
    log.info(`Backup: snapshot of ${bytes} bytes sent to npm run backup (the database was held ${heldMs} ms)`);
    if (socket.destroyed) return; // the command went away meanwhile
    socket.write(`${JSON.stringify({ ok: true, bytes, heldMs })}\n`);
    await pipeline(fs.createReadStream(temp), socket);
  } catch (err) {
    const message = (err as Error).message;
    log.warn(`Backup requested over ${CONTROL_SOCKET_NAME} failed: ${message}`);
    if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, message })}\n`);
  } finally {
    if (temp) fs.rmSync(temp, { force: true });
  }
}

export interface ControlChannel {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/control.sock (owner-only) for `npm run backup`. Call it while holding the
 * data folder's lock: a socket or temporary snapshot left there by a server that was killed is
 * removed first. Answers null (with a warning) when the socket cannot be made, for example when
 * the folder's path is too long for a socket's: the server runs on, and the command says so.
 */
export async function openControlChannel(
  dataDir: string,
  database: Database,
  log: Log,
): Promise<ControlChannel | null> {
  const dir = path.resolve(dataDir);
  const socketPath = controlSocketPath(dir);
  for (const name of fs.readdirSync(dir))
    if (TEMP_SNAPSHOT.test(name)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      `Backup channel not opened: ${socketPath} is longer than a socket's path may be (${MAX_SOCKET_PATH_BYTES} bytes); ` +
        'npm run backup cannot reach this server (use a shorter DATA_DIR)',
    );
    return null;
  }
  fs.rmSync(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  /** Requests being answered: closing waits for them, so that no temporary snapshot is left. */
  const serving = new Set<Promise<void>>();
  const server = net.createServer((socket) => {
    // A client that goes away mid-answer must not take the server with it (an unheard 'error').
    socket.on('error', () => undefined);
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    const served = serve(socket, dir, database, log).finally(() => serving.delete(served));
    serving.add(served);
  });
  // The socket is created by bind(), within listen(): with this umask it is owner-only from the
  // start, not only after the chmod below (which covers a platform where umask cannot be set here).
  let previous: number | undefined;
  try {
    previous = process.umask(0o177);
  } catch {
    previous = undefined;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
      if (previous !== undefined) process.umask(previous);
      previous = undefined;
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    log.warn(`Backup channel not opened on ${socketPath}: ${(err as Error).message}`);
    server.close();
    return null;
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
  return {
    path: socketPath,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
      await Promise.allSettled([...serving]);
    },
  };
}

/** The live process holding `dataDir`'s lock, or null when none does. */
export function liveOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(path.resolve(dataDir), 'app.lock'), 'utf8')) as LockOwner;
    return Number.isInteger(owner?.pid) && ownerIsLive(owner) ? owner : null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connects to the server's socket, waiting (up to `withinMs`) for a server that is still starting. */
async function connect(dataDir: string, owner: LockOwner, withinMs: number): Promise<net.Socket> {
  const socketPath = controlSocketPath(dataDir);
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(socketPath);
        socket.once('connect', () => {
          socket.off('error', reject);
          resolve(socket);
        });
        socket.once('error', reject);
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') {
        throw new BackupError(
          `${socketPath} belongs to another user: run npm run backup as the user that runs the server (pid ${owner.pid}), or as root`,
        );
      }
      if (!liveOwner(dataDir)) throw new ServerGoneError();
      if (Date.now() > deadline) {
        throw new BackupError(
          `The server (pid ${owner.pid}) holds ${path.resolve(dataDir)} but does not answer on ${socketPath} (${code ?? (err as Error).message}). ` +
            'A server started before backups existed has no backup channel: restart it, or stop it and run npm run backup again.',
        );
      }
      await pause(250);
    }
  }
}

/** The server that held the folder stopped while we waited for it: the command takes the folder. */
class ServerGoneError extends Error {}

/** Asks the running server for a snapshot and writes it to `file` (a new file). */
export async function requestSnapshot(
  dataDir: string,
  owner: LockOwner,
  file: string,
  { connectWithinMs = 30_000 } = {},
): Promise<SnapshotResult> {
  const started = Date.now();
  const target = path.resolve(file);
  ensureBackupDir(path.dirname(target));
  refuseExisting(target);
  const socket = await connect(dataDir, owner, connectWithinMs);
  const partial = partialName(target);
  const handle = await fs.promises.open(partial, 'wx', 0o600);
  try {
    socket.write(`${JSON.stringify({ op: 'snapshot' })}\n`);
    let header: { ok: boolean; bytes?: number; heldMs?: number; message?: string } | undefined;
    let pending = Buffer.alloc(0);
    let received = 0;
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      let data = chunk;
      if (!header) {
        pending = Buffer.concat([pending, chunk]);
        const end = pending.indexOf(10);
        if (end < 0) {
          if (pending.length > 64 * 1024) throw new BackupError('The server answered something that is not a snapshot');
          continue;
        }
        try {
          header = JSON.parse(pending.subarray(0, end).toString('utf8'));
        } catch {
          throw new BackupError('The server answered something that is not a snapshot');
        }
        if (!header!.ok) throw new BackupError(`The server could not take the snapshot: ${header!.message}`);
        data = pending.subarray(end + 1);
      }
      received += data.length;
      if (data.length) await handle.write(data);
    }
    if (!header) throw new BackupError('The server closed the backup channel without answering');
    if (received !== header.bytes) {
      throw new BackupError(
        `The snapshot arrived incomplete (${received} of ${header.bytes} bytes): nothing was written`,
      );
    }
    await handle.sync();
    await handle.close();
    linkIntoPlace(partial, target);
    return { file: target, bytes: received, ms: Date.now() - started, heldMs: header.heldMs };
  } finally {
    socket.destroy();
    await handle.close().catch(() => undefined);
    fs.rmSync(partial, { force: true });
  }
}

/**
 * `npm run backup` on the embedded database in `dataDir`: through the server that holds the
 * folder, or, when none does, by taking the folder's lock and the snapshot itself.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<SnapshotResult> {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dir} (no pgdata folder): nothing to back up. Is DATA_DIR right?`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = liveOwner(dir);
    if (owner) {
      try {
        return await requestSnapshot(dir, owner, file);
      } catch (err) {
        if (err instanceof ServerGoneError) continue;
        throw err;
      }
    }
    let database: Database;
    try {
      database = await openDatabase({ dataDir: dir });
    } catch (err) {
      // A server started between our look at the lock and our taking it: ask it instead.
      if (err instanceof DataDirLockedError) continue;
      throw err;
    }
    try {
      return await writeSnapshot({ kind: 'pglite', database }, file);
    } finally {
      await database.close();
    }
  }
  throw new BackupError(`${dir} changed hands several times while the backup started: try again`);
}
