// Sign-in throttling (decision 0704): failures per client, per username and in all; successes do
// not count; at most SCRYPT_MAX_RUNNING password checks at once, a bounded queue, then 503.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureAdminFromEnv } from '../../startup.js';
import { leaveRoomInWindow } from '../../test/clock.js';
import { freshAddress, injectJson, useTestApp } from '../../test/test-app.js';
import { createGate, SCRYPT_MAX_RUNNING, SCRYPT_MAX_WAITING, ScryptBusyError, scryptGate } from './password.js';
import {
  SIGN_IN_FAILURES_PER_CLIENT,
  SIGN_IN_FAILURES_PER_MINUTE,
  SIGN_IN_FAILURES_PER_USERNAME,
  SIGN_IN_WINDOW_MS,
} from './sign-in-guard.js';

const ADMIN = { username: 'gate-admin', password: 'correct horse battery' };

describe('admin sign-in throttling', () => {
  const t = useTestApp({ admin: ADMIN });
  const login = (body: { username: string; password: string }, remoteAddress?: string) =>
    injectJson(t.app, 'POST', '/api/admin/login', body, { remoteAddress });
  let n = 0;
  const wrong = (remoteAddress?: string, username = `nobody-${++n}`) =>
    login({ username, password: 'wrong password' }, remoteAddress);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('successful sign-ins do not count: one client signs in 12 times in a row', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_CLIENT + 2; i++) codes.push((await login(ADMIN, '10.30.0.1')).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    // ...and they do not use up the failures either: 10 wrong ones still pass, the 11th is refused.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_CLIENT; i++) expect((await wrong('10.30.0.1')).statusCode).toBe(401);
    const refused = await wrong('10.30.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failures per username across clients, whatever its case', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const target = 'Locked-User';
    for (let i = 0; i < SIGN_IN_FAILURES_PER_USERNAME; i++) {
      const name = i % 2 ? target : target.toLowerCase();
      expect((await wrong(freshAddress(), name)).statusCode).toBe(401);
    }
    expect((await wrong(freshAddress(), target)).statusCode).toBe(429);
    // Another username from a fresh client is not held back by it.
    expect((await wrong(freshAddress())).statusCode).toBe(401);
  });

  it('holds back a sign-in for a locked username even with the right password, until the window ends', async () => {
    leaveRoomInWindow(SIGN_IN_WINDOW_MS, 60_000);
    const locked = { username: 'locked-admin', password: 'another good password' };
    await ensureAdminFromEnv(t.database.db, {
      ...t.env,
      ADMIN_USERNAME: locked.username,
      ADMIN_PASSWORD: locked.password,
    });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_USERNAME; i++) {
      expect((await wrong(freshAddress(), locked.username)).statusCode).toBe(401);
    }
    expect((await login(locked)).statusCode).toBe(429);
    // The lock is the username's only.
    expect((await login(ADMIN)).statusCode).toBe(200);
    vi.setSystemTime(Math.floor(Date.now() / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS + SIGN_IN_WINDOW_MS + 1);
    expect((await login(locked)).statusCode).toBe(200);
  });

  it('runs at most 2 password checks at once; the others wait', async () => {
    scryptGate.resetPeak();
    const codes = await Promise.all(Array.from({ length: 8 }, () => login(ADMIN).then((r) => r.statusCode)));
    expect(codes.every((c) => c === 200)).toBe(true);
    expect(scryptGate.peak).toBeLessThanOrEqual(SCRYPT_MAX_RUNNING);
    expect(scryptGate.running).toBe(0);
  });

  it('refuses with 503 and Retry-After when the queue of password checks is full, and counts no failure', async () => {
    const held = await Promise.all(Array.from({ length: SCRYPT_MAX_RUNNING }, () => scryptGate.acquire()));
    const queued = Array.from({ length: SCRYPT_MAX_WAITING }, () => scryptGate.acquire());
    expect(scryptGate.waiting).toBe(SCRYPT_MAX_WAITING);
    const client = freshAddress();
    const busy = await login(ADMIN, client);
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy.json().message).toMatch(/try again/i);
    for (const release of held) release();
    await Promise.all(queued.map((p) => p.then((release) => release())));
    expect(scryptGate.running).toBe(0);
    // Busy refusals were no failures: the same client still has all its tries.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_CLIENT; i++) expect((await wrong(client)).statusCode).toBe(401);
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('gate: a counting semaphore with a bounded queue', async () => {
    const gate = createGate(2, 1);
    const a = await gate.acquire();
    const b = await gate.acquire();
    let cGot = false;
    const c = gate.acquire().then((r) => {
      cGot = true;
      return r;
    });
    await expect(gate.acquire()).rejects.toBeInstanceOf(ScryptBusyError);
    expect([gate.running, gate.waiting, cGot]).toEqual([2, 1, false]);
    a();
    a(); // a second release of one slot changes nothing
    const release = await c;
    expect([gate.running, gate.waiting]).toEqual([2, 0]);
    b();
    release();
    expect(gate.running).toBe(0);
  });

  // Last: it holds every sign-in back for the rest of its minute.
  it('stops every sign-in for the minute once 100 failures came in it, from any clients', async () => {
    leaveRoomInWindow(60_000, 60_000); // always a fresh minute: earlier tests failed in this one
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE; i++) codes.push((await wrong()).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(SIGN_IN_FAILURES_PER_MINUTE);
    const next = await wrong();
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(ADMIN)).statusCode).toBe(429);
  });
});
