// The app's data version (decisions 0500 and 0204): bumped after every write that can change what
// a search, a page, a feed or the sitemap shows, so the caches of those answers know when to drop them.
import crypto from 'node:crypto';

export class DataVersion {
  /** This process among others sharing a PostgreSQL database (ETags, NOTIFY payloads): differs at
   * every start, so an ETag of an earlier run never matches. */
  readonly boot = crypto.randomBytes(4).toString('hex');
  private version = 0;
  private caching = true;
  private trust: () => boolean = () => true;

  current(): number {
    return this.version;
  }

  /** After anything that can change an answer (places, tags, links, flags, hiding). */
  bump(): void {
    this.version++;
  }

  /** Whether answers may be kept: on, unless the benchmark turns it off to time the work itself,
   * and only while the version can be trusted (on PostgreSQL, while its LISTEN connection is up). */
  get cachingEnabled(): boolean {
    return this.caching && this.trust();
  }

  setCaching(on: boolean): void {
    this.caching = on;
  }

  /** How the search cache plugin tells whether other processes' writes still reach this one. */
  trustWhile(up: () => boolean): void {
    this.trust = up;
  }
}
