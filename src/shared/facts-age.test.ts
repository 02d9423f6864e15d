// Decision 0805: the facts date of a place with and without a source, with and without a
// confirmation, and where "older than two years" starts.
import { describe, expect, it } from 'vitest';
import { FACTS_STALE_YEARS, factsAge, factsStaleBefore } from './facts-age.js';

const NOW = new Date('2026-06-13T15:00:00Z');
const source = (publishedAt: string | null) => ({ name: 'USDA', ref: null, license: null, publishedAt });

describe('factsAge', () => {
  it('is two calendar years before now', () => {
    expect(FACTS_STALE_YEARS).toBe(2);
    expect(factsStaleBefore(NOW).toISOString()).toBe('2024-06-13T15:00:00.000Z');
  });

  it("takes the source's date, or the confirmation when it is later", () => {
    const old = { source: source('2018-05-01T00:00:00.000Z'), createdAt: '2026-01-01T00:00:00.000Z' };
    expect(factsAge({ ...old, lastVerifiedAt: null }, NOW)).toEqual({ date: '2018-05-01T00:00:00.000Z', stale: true });
    expect(factsAge({ ...old, lastVerifiedAt: '2025-09-01T00:00:00.000Z' }, NOW)).toEqual({
      date: '2025-09-01T00:00:00.000Z',
      stale: false,
    });
    // A place imported last month from an old source is as old as the source, not the import.
    expect(factsAge({ ...old, lastVerifiedAt: '2017-01-01T00:00:00.000Z' }, NOW).date).toBe('2018-05-01T00:00:00.000Z');
  });

  it('takes when a place without a source was added, or its later confirmation', () => {
    const added = { source: null, createdAt: '2023-02-01T00:00:00.000Z' };
    expect(factsAge({ ...added, lastVerifiedAt: null }, NOW)).toEqual({ date: added.createdAt, stale: true });
    expect(factsAge({ ...added, lastVerifiedAt: '2026-06-01T00:00:00.000Z' }, NOW).stale).toBe(false);
  });

  it('is fresh exactly two years on and stale a moment before; an unknown date is stale', () => {
    const at = (publishedAt: string) =>
      factsAge({ source: source(publishedAt), createdAt: '', lastVerifiedAt: null }, NOW);
    expect(at('2024-06-13T15:00:00.000Z').stale).toBe(false);
    expect(at('2024-06-13T14:59:59.999Z').stale).toBe(true);
    expect(
      factsAge({ source: source(null), createdAt: '2010-01-01T00:00:00.000Z', lastVerifiedAt: null }, NOW),
    ).toEqual({ date: null, stale: true });
  });

  it('holds a sourced place without a date stale unless confirmed within two years', () => {
    const undated = { source: source(null), createdAt: '2026-06-01T00:00:00.000Z' };
    expect(factsAge({ ...undated, lastVerifiedAt: '2025-06-01T00:00:00.000Z' }, NOW)).toEqual({
      date: '2025-06-01T00:00:00.000Z',
      stale: false,
    });
    expect(factsAge({ ...undated, lastVerifiedAt: '2023-06-01T00:00:00.000Z' }, NOW).stale).toBe(true);
  });
});
