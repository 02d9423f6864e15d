// One process per embedded data folder (decision 0002): two on one folder silently lose committed
// rows. The lock file names its owner by pid, boot id and start time, and the owner's database
// process (decision 0507): a folder is taken over only once both are gone, by one process only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds a lock: the pid alone is not enough, as pids are reused. */
export interface LockOwner {
  pid: number;
  /** The kernel's boot id (Linux); another boot means the owner is gone. */
  boot?: string;
  /** The process's start time in clock ticks since boot (Linux /proc/<pid>/stat, field 22). */
  start?: string;
  /** The owner's embedded database process (pglite-process.ts), which holds the folder's files open. */
  database?: { pid: number; start?: string };
}

/** A held lock: its release, and the naming of the database process the owner starts. */
export interface DataDirLock {
  release(): void;
  addDatabaseProcess(pid: number): void;
}

/** How long a new owner waits for a dead owner's database process to end on its own (it exits
 * once its parent's channel closes) before stopping it. */
const ORPHAN_WAIT_MS = 5_000;

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** A process's /proc/<pid>/stat fields from the third (state) on, or undefined when unknown (not
 * Linux, or no such process). The command name (field 2) may hold spaces and parentheses: fields
 * are counted after the last ')'. */
function procStat(pid: number): string[] | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The start time of a live process (field 22), or undefined when unknown. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, boot: readProc('/proc/sys/kernel/random/boot_id'), start: processStartTime(process.pid) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file's owner; an older lock holding only a pid reads as that pid. */
function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text);
    if (Number.isInteger(o?.pid) && o.pid > 0) return o as LockOwner;
    if (Number.isInteger(o) && o > 0) return { pid: o };
  } catch {
    /* not JSON: neither kind */
  }
  return null;
}

/** Whether a process named by pid and start time (when known) still runs; a zombie (ended, not
 * yet reaped by its parent) does not. */
function runs(pid: number, start: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  const stat = procStat(pid);
  if (stat?.[0] === 'Z') return false;
  return start === undefined || stat?.[19] === start;
}

/** Whether the process that wrote the lock still runs. */
export function ownerIsLive(owner: LockOwner, now: LockOwner = currentOwner()): boolean {
  if (owner.boot && now.boot && owner.boot !== now.boot) return false;
  return runs(owner.pid, owner.start);
}

/** A dead owner's database process may still be writing for an instant (or longer, inside a long
 * statement): it is waited for, then killed, before anyone else opens the folder. PGlite's
 * committed rows survive SIGKILL (docs/reliability.md). */
function stopOrphanedDatabase(owner: LockOwner, now: LockOwner): void {
  const db = owner.database;
  if (!db || (owner.boot && now.boot && owner.boot !== now.boot)) return;
  const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const end = Date.now() + ORPHAN_WAIT_MS;
  while (runs(db.pid, db.start) && Date.now() < end) pause(50);
  if (!runs(db.pid, db.start)) return;
  try {
    process.kill(db.pid, 'SIGKILL');
  } catch {
    /* it ended in between */
  }
  const killed = Date.now() + ORPHAN_WAIT_MS;
  while (runs(db.pid, db.start) && Date.now() < killed) pause(20);
}

/** Takes the lock on dataDir. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  const me = currentOwner();
  let mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
        addDatabaseProcess(pid: number) {
          // Rewritten whole and renamed into place, so that a reader never sees half of it.
          mine = JSON.stringify({ ...me, database: { pid, start: processStartTime(pid) } });
          const next = `${lockPath}.next-${process.pid}`;
          fs.writeFileSync(next, mine);
          fs.renameSync(next, lockPath);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let seen: string;
    try {
      seen = fs.readFileSync(lockPath, 'utf8');
    } catch {
      continue; // released in between: try again
    }
    const owner = parseOwner(seen);
    // A lock still being written reads empty for an instant: look again before taking it.
    if (!owner && seen === '' && attempt < 2) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (owner && ownerIsLive(owner, me)) throw new DataDirLockedError(dataDir, owner.pid);
    if (owner) stopOrphanedDatabase(owner, me);
    takeOverStale(lockPath, seen);
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

/** Moves a stale lock aside so that exactly one of several starting processes replaces it: a
 * rename succeeds once per file, and a process that moved a lock other than the stale one it read
 * (another process's fresh lock) puts it back. */
function takeOverStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // someone else moved it first
  }
  if (fs.readFileSync(aside, 'utf8') === staleText) {
    fs.unlinkSync(aside);
    return;
  }
  try {
    fs.linkSync(aside, lockPath);
  } catch {
    /* a third process already holds the path: the loop reads its lock */
  }
  fs.unlinkSync(aside);
}
