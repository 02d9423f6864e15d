// @vitest-environment jsdom
// useMediaQuery answers the screen at once in a page the browser renders, and the server's answer
// while a server-rendered page hydrates (the markup must match), then the screen's.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markLive, startHydrating } from '../../lib/live';
import { useMediaQuery } from './use-media-query';

let matches = true;
const listeners = new Set<() => void>();

beforeEach(() => {
  matches = true;
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      get matches() {
        return matches;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })),
  );
});
afterEach(() => {
  cleanup();
  markLive();
  vi.unstubAllGlobals();
  listeners.clear();
});

describe('useMediaQuery', () => {
  it('answers the screen in its first render when nothing is hydrating', () => {
    const seen: boolean[] = [];
    renderHook(() => seen.push(useMediaQuery('(max-width: 767px)')));
    expect(seen[0]).toBe(true);
  });

  it("hydrates with the server's answer, then takes the screen's", async () => {
    startHydrating();
    const seen: boolean[] = [];
    const { result } = renderHook(() => {
      const value = useMediaQuery('(max-width: 767px)');
      seen.push(value);
      return value;
    });
    expect(seen[0]).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('follows a change of the screen', async () => {
    const { result } = renderHook(() => useMediaQuery('(max-width: 767px)'));
    expect(result.current).toBe(true);
    matches = false;
    act(() => {
      for (const l of listeners) l();
    });
    await waitFor(() => expect(result.current).toBe(false));
  });
});
