// The app's data version (decisions 0500 and 0204): bumped after every write that can change what
// a search, a page, a feed or the sitemap shows, so the caches of those answers know when to drop them.
import crypto from 'node:crypto';

/** The kinds of kept answers, each of which the benchmark can switch off on its own. */
export type CacheKind = 'search' | 'page' | 'feed' | 'widget' | 'sitemap';

export class DataVersion {
  /** This process among others sharing a PostgreSQL database (ETags, NOTIFY payloads): differs at
   * every start, so an ETag of an earlier run never matches. */
  readonly boot = crypto.randomBytes(4).toString('hex');
  private version = 0;
  private readonly off = new Set<CacheKind>();
  private trust: () => boolean = () => true;

  current(): number {
    return this.version;
  }

  /** After anything that can change an answer (places, tags, links, flags, hiding). */
  bump(): void {
    this.version++;
  }

  /** Whether answers of `kind` may be kept: yes, unless the benchmark switched them off to time the
   * work itself, and only while the version can be trusted (on PostgreSQL, while LISTEN is up). */
  cachingEnabled(kind: CacheKind): boolean {
    return !this.off.has(kind) && this.trust();
  }

  /** Switches keeping answers of these kinds (all of them by default) on or off. */
  setCaching(on: boolean, kinds: readonly CacheKind[] = ['search', 'page', 'feed', 'widget', 'sitemap']): void {
    for (const k of kinds) {
      if (on) this.off.delete(k);
      else this.off.add(k);
    }
  }

  /** How the search cache plugin tells whether other processes' writes still reach this one. */
  trustWhile(up: () => boolean): void {
    this.trust = up;
  }
}
