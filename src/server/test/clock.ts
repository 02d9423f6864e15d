// Fixed rate-limit windows (plugins/rate-limit.ts) start at multiples of their length: a test that
// counts requests against one must not straddle a boundary, or its count splits in two.
import { vi } from 'vitest';

/** Fakes Date only (timers stay real, the clock keeps running) and, when the current window of
 * `windowMs` has less than `roomMs` left, moves it to the start of the next one (never further;
 * roomMs = windowMs always moves it there). Undo with vi.useRealTimers(). */
export function leaveRoomInWindow(windowMs: number, roomMs: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now });
  const end = Math.floor(now / windowMs) * windowMs + windowMs;
  if (end - now < roomMs) vi.setSystemTime(end + 1);
}
