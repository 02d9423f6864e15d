// PGlite is one process's database: two processes on one data folder silently lose committed
// rows. A lock file names its owner by pid, boot id and the process's start time, so that a pid
// reused after a crash or a reboot is not mistaken for the owner (decision 0002); the file is
// created atomically, and a stale one is taken over by one process only.
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
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The start time of a live process, or undefined when unknown (not Linux, or no such process). */
export function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
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

/** Whether the process that wrote the lock still runs. */
export function ownerIsLive(owner: LockOwner, now: LockOwner = currentOwner()): boolean {
  if (owner.boot && now.boot && owner.boot !== now.boot) return false;
  if (!isAlive(owner.pid)) return false;
  if (owner.start === undefined) return true;
  return processStartTime(owner.pid) === owner.start;
}

/** Takes the lock on dataDir; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  const me = currentOwner();
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
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
