// How old a place's facts are (decision 0804): the source's date or the visitor's, and a check.
import { describe, expect, it } from 'vitest';
import { factsAge } from './facts-age';

const now = new Date('2026-11-26T12:00:00Z');

describe('factsAge', () => {
  it('dates a sourced place by its source, stale after two years', () => {
    expect(
      factsAge(
        { source: { publishedAt: '2013-06-26T00:00:00Z' }, createdAt: '2026-11-01T00:00:00Z', lastVerifiedAt: null },
        now,
      ),
    ).toEqual({
      date: new Date('2013-06-26T00:00:00Z'),
      stale: true,
    });
    expect(
      factsAge(
        { source: { publishedAt: '2025-01-01T00:00:00Z' }, createdAt: '2026-11-01T00:00:00Z', lastVerifiedAt: null },
        now,
      ).stale,
    ).toBe(false);
    // Just over and just under two years.
    expect(
      factsAge(
        { source: { publishedAt: '2024-11-26T11:59:59Z' }, createdAt: now.toISOString(), lastVerifiedAt: null },
        now,
      ).stale,
    ).toBe(true);
    expect(
      factsAge(
        { source: { publishedAt: '2024-11-26T12:00:01Z' }, createdAt: now.toISOString(), lastVerifiedAt: null },
        now,
      ).stale,
    ).toBe(false);
  });

  it('takes a later check over the source', () => {
    expect(
      factsAge(
        {
          source: { publishedAt: '2013-06-26T00:00:00Z' },
          createdAt: '2026-01-01T00:00:00Z',
          lastVerifiedAt: '2026-03-02T00:00:00Z',
        },
        now,
      ),
    ).toEqual({ date: new Date('2026-03-02T00:00:00Z'), stale: false });
  });

  it('holds a sourced place without a date stale unless checked within two years', () => {
    const undated = { source: { publishedAt: null }, createdAt: '2026-11-01T00:00:00Z' };
    expect(factsAge({ ...undated, lastVerifiedAt: null }, now)).toEqual({
      date: new Date('2026-11-01T00:00:00Z'),
      stale: true,
    });
    expect(factsAge({ ...undated, lastVerifiedAt: '2025-06-01T00:00:00Z' }, now).stale).toBe(false);
    expect(factsAge({ ...undated, lastVerifiedAt: '2023-06-01T00:00:00Z' }, now).stale).toBe(true);
  });

  it("dates a visitor's place by when it was added or last checked", () => {
    expect(factsAge({ source: null, createdAt: '2026-10-01T00:00:00Z', lastVerifiedAt: null }, now)).toEqual({
      date: new Date('2026-10-01T00:00:00Z'),
      stale: false,
    });
    expect(factsAge({ source: null, createdAt: '2023-10-01T00:00:00Z', lastVerifiedAt: null }, now).stale).toBe(true);
    expect(
      factsAge({ source: null, createdAt: '2023-10-01T00:00:00Z', lastVerifiedAt: '2026-01-01T00:00:00Z' }, now).stale,
    ).toBe(false);
  });
});
