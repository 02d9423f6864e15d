// Administrator passwords (docs/architecture.md, Security baseline): scrypt with N=2^17, r=8, p=1, a random 16-byte
// salt, stored as 'scrypt$N$r$p$saltB64$hashB64', compared in constant time. The parameters are
// read back from the stored string, so raising N later keeps old hashes verifiable.
import crypto from 'node:crypto';
import { BusyError } from '../../db/limits.js';
import type { Env } from '../../env.js';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Only under NODE_ENV=test, so the API tests stay fast; every real start uses N=2^17. */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export const scryptParamsFor = (env: Pick<Env, 'NODE_ENV'>): ScryptParams =>
  env.NODE_ENV === 'test' ? TEST_SCRYPT : PRODUCTION_SCRYPT;

const KEY_LENGTH = 32;
// 128 * N * r bytes = 128 MiB at N=2^17; Node's default maxmem (32 MiB) would refuse it.
const MAX_MEM = 256 * 1024 * 1024;

/** At most this many scrypt runs at once in this process: each takes 128 MiB and a core for about
 * 0.3 s, so a burst of sign-ins must not run them all together (decision 0704). */
export const SCRYPT_MAX_RUNNING = 2;
/** Runs that may wait for a free slot; past them a sign-in is refused at once (503). */
export const SCRYPT_MAX_WAITING = 8;

/** Every slot is taken and the queue is full. */
export class ScryptBusyError extends BusyError {
  constructor() {
    super('SCRYPT_BUSY', 'Too many password checks are already waiting');
  }
}

/** A counting semaphore with a bounded queue. */
export function createGate(maxRunning: number, maxWaiting: number) {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    /** Resolves with a release function once a slot is free; throws ScryptBusyError when the
     * queue is full. */
    async acquire(): Promise<() => void> {
      if (running < maxRunning) running++;
      else if (waiting.length >= maxWaiting) throw new ScryptBusyError();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peak = Math.max(peak, running);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    /** Most runs seen at once since the last resetPeak() (for tests). */
    get peak() {
      return peak;
    },
    resetPeak() {
      peak = running;
    },
  };
}

export const scryptGate = createGate(SCRYPT_MAX_RUNNING, SCRYPT_MAX_WAITING);

async function scrypt(password: string, salt: Buffer, params: ScryptParams, keylen: number): Promise<Buffer> {
  const release = await scryptGate.acquire();
  try {
    return await new Promise((resolve, reject) => {
      crypto.scrypt(password.normalize('NFKC'), salt, keylen, { ...params, maxmem: MAX_MEM }, (err, key) =>
        err ? reject(err) : resolve(key),
      );
    });
  } finally {
    release();
  }
}

export async function hashPassword(password: string, params: ScryptParams = PRODUCTION_SCRYPT): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, params, KEY_LENGTH);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params, parsed.key.length);
  return crypto.timingSafeEqual(key, parsed.key);
}

const dummyHashes = new Map<number, Promise<string>>();
/** A hash of a random password with the same cost, so that a sign-in with an unknown username
 * does the same scrypt work as one with a wrong password (no timing oracle for usernames). */
export function dummyHash(params: ScryptParams): Promise<string> {
  let h = dummyHashes.get(params.N);
  if (!h) {
    h = hashPassword(crypto.randomBytes(16).toString('hex'), params).catch((err: unknown) => {
      dummyHashes.delete(params.N); // a busy refusal must not be kept as the answer
      throw err;
    });
    dummyHashes.set(params.N, h);
  }
  return h;
}
