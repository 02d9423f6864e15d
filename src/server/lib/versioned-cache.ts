// The one cache of answers that hold until the data changes (search answers, rendered pages,
// feeds, widgets, the sitemap): lru-cache bounded by count and bytes, each entry tagged with the
// data version it was computed at and dropped once a write moved it on or its time ran out.
import { LRUCache } from 'lru-cache';
import type { CacheKind, DataVersion } from './data-version.js';

interface Kept<V> {
  value: V;
  version: number;
}

export interface VersionedCacheOptions<V> {
  /** What it keeps (the caching switch of DataVersion is per kind). */
  kind: CacheKind;
  /** Entries kept at most. */
  max: number;
  /** How long an entry may be used, in ms (a default; `set` may give its own). */
  ttlMs: number;
  /** Bytes kept at most, with `sizeOf` (an entry over a quarter of it is not kept). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

export class VersionedCache<V extends object | string> {
  private readonly lru: LRUCache<string, Kept<V>>;
  private readonly maxEntryBytes: number;

  constructor(
    private readonly data: DataVersion,
    private readonly opts: VersionedCacheOptions<V>,
  ) {
    const { sizeOf, maxBytes } = opts;
    this.maxEntryBytes = maxBytes ? maxBytes / 4 : Number.POSITIVE_INFINITY;
    this.lru = new LRUCache<string, Kept<V>>({
      max: opts.max,
      ttl: opts.ttlMs,
      ...(maxBytes && sizeOf
        ? { maxSize: maxBytes, sizeCalculation: (k: Kept<V>) => Math.max(1, sizeOf(k.value)) }
        : {}),
    });
  }

  /** The value kept for `key` at the current data version, if any (none while caching is off). */
  get(key: string): V | undefined {
    if (!this.data.cachingEnabled(this.opts.kind)) {
      if (this.lru.size) this.lru.clear();
      return undefined;
    }
    const kept = this.lru.get(key);
    if (!kept) return undefined;
    if (kept.version !== this.data.current()) {
      this.lru.delete(key);
      return undefined;
    }
    return kept.value;
  }

  /** Keeps `value`, computed from the data at `version` (read before computing it): not when a
   * write finished meanwhile, nor while caching is off. */
  set(key: string, value: V, version: number, ttlMs = this.opts.ttlMs): void {
    if (!this.data.cachingEnabled(this.opts.kind) || version !== this.data.current()) return;
    if (this.opts.sizeOf && this.opts.sizeOf(value) > this.maxEntryBytes) return;
    this.lru.set(key, { value, version }, { ttl: ttlMs });
  }

  get size(): number {
    return this.lru.size;
  }

  /** Bytes held (with `sizeOf`), else 0. */
  get bytes(): number {
    return this.lru.calculatedSize ?? 0;
  }
}
