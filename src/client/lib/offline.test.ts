// @vitest-environment jsdom
// What the offline note is told (decision 0910): saved copies from the service worker's page mark and
// answer header, the oldest of them, the network coming back, and writes that never left.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_COPY_HEADER, SAVED_COPY_META } from '../pwa/cache-rules';
import { fetchOrOffline, noteNewScreen, noteResponse, OfflineError, offlineState, watchNetwork } from './offline';

const answer = (savedAt?: string) =>
  new Response('{}', { headers: savedAt === undefined ? {} : { [SAVED_COPY_HEADER]: savedAt } });

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
  noteNewScreen();
});

describe('offline state', () => {
  it('starts from the saved page mark and keeps the oldest saved copy it is shown', () => {
    document.head.innerHTML = `<meta name="${SAVED_COPY_META}" content="2026-11-20T10:00:00.000Z">`;
    const stop = watchNetwork();
    expect(offlineState.get()).toEqual({ offline: true, savedAt: '2026-11-20T10:00:00.000Z' });
    noteResponse(answer('2026-11-19T09:00:00.000Z'));
    noteResponse(answer('2026-11-21T09:00:00.000Z'));
    expect(offlineState.get().savedAt).toBe('2026-11-19T09:00:00.000Z');
    stop();
  });

  it('takes the time of a saved read over the bare shell, whose mark is empty', () => {
    document.head.innerHTML = `<meta name="${SAVED_COPY_META}" content="">`;
    const stop = watchNetwork();
    expect(offlineState.get()).toEqual({ offline: true, savedAt: '' });
    noteResponse(answer('2026-11-22T08:00:00.000Z'));
    expect(offlineState.get().savedAt).toBe('2026-11-22T08:00:00.000Z');
    stop();
  });

  it('a fresh answer while the browser is online ends "offline" but the screen stays a saved copy', () => {
    noteResponse(answer('2026-11-22T08:00:00.000Z'));
    expect(offlineState.get().offline).toBe(true);
    noteResponse(answer());
    expect(offlineState.get()).toEqual({ offline: false, savedAt: '2026-11-22T08:00:00.000Z' });
    noteNewScreen();
    expect(offlineState.get()).toEqual({ offline: false, savedAt: null });
  });

  it("follows the browser's offline and online events", () => {
    const stop = watchNetwork();
    window.dispatchEvent(new Event('offline'));
    expect(offlineState.get().offline).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(offlineState.get().offline).toBe(false);
    stop();
  });

  it('turns a request that never reached the server into OfflineError, and lets an abort through', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await fetchOrOffline('/api/locations', { method: 'POST' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OfflineError);
    expect((err as Error).message).toMatch(/^You are offline: this needs a connection\./);
    expect(offlineState.get().offline).toBe(true);

    const abort = new DOMException('aborted', 'AbortError');
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(abort);
    await expect(fetchOrOffline('/api/locations')).rejects.toBe(abort);
  });
});
