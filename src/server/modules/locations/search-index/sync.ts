// Keeps each process's in-process search index (place-index.ts) in step with the database, the
// truth: triggers log changes under a version and a search replays them first (decision 0504);
// which names a typo matches is asked of the database and kept for one version (decision 0513).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { PlaceIndex } from './place-index.js';
import { IndexTurns } from './turns.js';
import { loadPlaces, rows, toPlace } from './load-places.js';
import type { TypoMatches } from './query.js';
import { scrubText } from '../../../lib/scrub-log-text.js';
import { isPublicPlace } from '../visibility.js';

/** Places loaded per statement while building, so the embedded database's thread is never held
 * for long (decision 0503). */
const BUILD_CHUNK = 1_000;
/** More changed places than this since the last search: rebuild instead of replaying. */
const REPLAY_LIMIT = 2_000;
/** Words whose lexeme is remembered (to_tsquery asked once per word). */
const MAX_WORDS_REMEMBERED = 20_000;
/** Place ids held in the typo answers (a stop word such as 'the' may match many names); more, and
 * they are all dropped. */
const MAX_TYPO_IDS_REMEMBERED = 200_000;
/** How long the change log keeps its rows; an index further behind rebuilds. */
const CHANGE_LOG_KEEP = '1 hour';

const readVersion = async (db: Db) =>
  Number(
    (await rows<{ v: string | number }>(db, sql`select version as v from search_index_state where id = 1`))[0]?.v ?? 0,
  );

/** A process's search index and what keeps it in step; the app's composition makes the one
 * instance (app.ts) and hands it on as `ctx.searchIndex`. */
export class SearchIndex {
  index: PlaceIndex | null = null;
  version = 0;
  /** Searches take turns with the rest of the server's work (turns.ts). */
  readonly turns = new IndexTurns();
  private building: Promise<void> | null = null;
  private catching: Promise<boolean> | null = null;
  private readonly lexemes = new Map<string, string | null>();
  /** The typo answers of the index's version `typoVersion`, by word. */
  private readonly typos = new Map<string, TypoMatches>();
  private typoVersion = -1;
  private typoIdsHeld = 0;

  /** SEARCH_INDEX (env.ts), as the app's composition says; tests switch it. */
  enabled: boolean;
  /** Where a failed build is reported (the app's logger). */
  private readonly warn: (msg: string) => void;

  constructor(
    private readonly db: Db,
    opts: { enabled?: boolean; warn?: (msg: string) => void } = {},
  ) {
    this.enabled = opts.enabled ?? true;
    this.warn = opts.warn ?? (() => undefined);
  }

  /** Starts a build unless one runs; the current index is dropped (searches use SQL meanwhile). */
  rebuild(): Promise<void> {
    if (!this.building) {
      this.index = null;
      this.building = this.build()
        .catch((err) => {
          // The database closed or failed: searches keep using SQL and the next one retries.
          this.index = null;
          this.warn(`search index not built: ${scrubText((err as Error).message)}`);
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }

  private async build() {
    const db = this.db;
    // Changes after this version are replayed by the first catch-up, so chunks read at later
    // snapshots still end up exact.
    const version = await readVersion(db);
    const order = await rows<{ id: number }>(
      db,
      sql`select id from locations where not hidden order by lower(name), name, id`,
    );
    const keyOf = new Map<number, number>();
    for (const [i, r] of order.entries()) keyOf.set(Number(r.id), i + 1);
    const index = new PlaceIndex();
    index.reserveInOrder(order.map((r) => Number(r.id)));
    let after = 0;
    for (;;) {
      const chunk = await loadPlaces(
        db,
        sql`l.id > ${after} and not l.hidden`,
        sql`order by l.id limit ${BUILD_CHUNK}`,
      );
      for (const r of chunk) index.upsert(toPlace(r, keyOf.get(Number(r.id)) ?? Number.POSITIVE_INFINITY));
      if (chunk.length < BUILD_CHUNK) break;
      after = Number(chunk[chunk.length - 1]!.id);
    }
    index.trim();
    this.version = version;
    this.index = index;
  }

  /**
   * Replays the changes since the index's version; false when it cannot (a rebuild started, or the
   * database failed: SQL answers). Each call queues a replay of its own behind the one running,
   * which may have read the version before this search began.
   */
  catchUp(): Promise<boolean> {
    const next = (this.catching ?? Promise.resolve(true)).then(() => this.replay().catch(() => false));
    this.catching = next;
    const clear = () => {
      if (this.catching === next) this.catching = null;
    };
    next.then(clear, clear);
    return next;
  }

  private async replay(): Promise<boolean> {
    const db = this.db;
    const index = this.index;
    if (!index) return false;
    const version = await readVersion(db);
    if (version === this.version) return true;
    const changes = await rows<{ version: string | number; location_id: number; kind: string }>(
      db,
      sql`select version, location_id, kind from search_changes
           where version > ${this.version} and version <= ${version} order by version`,
    );
    const ids = new Map<number, boolean>(); // id -> only its hours changed
    const contiguous = changes.length > 0 && Number(changes[0]!.version) === this.version + 1;
    for (const c of changes) {
      const id = Number(c.location_id);
      if (c.kind === 'all') ids.set(-1, false);
      ids.set(id, (ids.get(id) ?? true) && c.kind === 'hours');
    }
    if (!contiguous || ids.has(-1) || ids.size > REPLAY_LIMIT || index.dead > Math.max(10_000, index.size / 4)) {
      void this.rebuild();
      return false;
    }
    const list = [...ids.keys()];
    const loaded = await loadPlaces(db, sql`l.id = any(${`{${list.join(',')}}`}::int[])`);
    const byId = new Map(loaded.map((r) => [Number(r.id), r]));
    const placesToKey: number[] = [];
    for (const id of list) {
      const r = byId.get(id);
      if (!r || r.hidden) index.remove(id);
      else if (ids.get(id) && index.has(id)) index.setIntervals(id, toPlace(r, 0).intervals);
      else {
        index.upsert(toPlace(r, Number.POSITIVE_INFINITY));
        placesToKey.push(id);
      }
    }
    if (placesToKey.length && !(await this.placeInNameOrder(index, placesToKey))) {
      void this.rebuild();
      return false;
    }
    // A rebuild may have replaced the index meanwhile: its version is its own.
    if (this.index !== index) return false;
    this.version = version;
    return true;
  }

  /**
   * Gives changed places a key between those of their neighbours in the database's name order
   * (its collation decides, so the index never compares names itself). False when the keys have
   * run out of room (a rebuild renumbers them).
   */
  private async placeInNameOrder(index: PlaceIndex, ids: number[]): Promise<boolean> {
    const set = sql`${`{${ids.join(',')}}`}::int[]`;
    const found = await rows<{ id: number; prev: number | null; next: number | null }>(
      this.db,
      sql`select b.id,
            (select o.id from locations o
              where not o.hidden and o.id <> all(${set})
                and (lower(o.name), o.name, o.id) < (lower(b.name), b.name, b.id)
              order by lower(o.name) desc, o.name desc, o.id desc limit 1) as prev,
            (select o.id from locations o
              where not o.hidden and o.id <> all(${set})
                and (lower(o.name), o.name, o.id) > (lower(b.name), b.name, b.id)
              order by lower(o.name), o.name, o.id limit 1) as next
          from locations b where b.id = any(${set}) and not b.hidden
          order by lower(b.name), b.name, b.id`,
    );
    // Consecutive changed places between the same two neighbours share the gap evenly.
    for (let i = 0; i < found.length; ) {
      let j = i;
      while (j + 1 < found.length && found[j + 1]!.prev === found[i]!.prev && found[j + 1]!.next === found[i]!.next)
        j++;
      const lo = found[i]!.prev === null ? undefined : index.nameKeyOf(Number(found[i]!.prev));
      const hi = found[i]!.next === null ? undefined : index.nameKeyOf(Number(found[i]!.next));
      const a = lo ?? (hi ?? 1) - (j - i + 2);
      const b = hi ?? a + (j - i + 2);
      const step = (b - a) / (j - i + 2);
      for (let k = i; k <= j; k++) {
        const key = a + step * (k - i + 1);
        if (!(key > a && key < b)) return false;
        index.setNameKey(Number(found[k]!.id), key);
      }
      i = j + 1;
    }
    return true;
  }

  /** The lexeme each word becomes in to_tsquery('english', 'word:*'): '' for a stop word (an
   * empty query), null when the parser splits the word (the SQL search answers those). */
  async lexemesOf(words: string[]): Promise<Array<string | null>> {
    const unknown = words.filter((w) => !this.lexemes.has(w));
    if (unknown.length) {
      const found = await rows<{ w: string; q: string }>(
        this.db,
        sql`select w, to_tsquery('english', w || ':*')::text as q
              from unnest(array[${sql.join(
                unknown.map((w) => sql`${w}::text`),
                sql`, `,
              )}]) as w`,
      );
      if (this.lexemes.size + found.length > MAX_WORDS_REMEMBERED) this.lexemes.clear();
      for (const r of found) {
        const m = /^'((?:[^'\\]|'')+)':\*$/.exec(r.q);
        this.lexemes.set(r.w, r.q === '' ? '' : m ? m[1]!.replaceAll("''", "'") : null);
      }
    }
    return words.map((w) => this.lexemes.get(w) ?? null);
  }

  /**
   * What each typo word matches (decision 0513): the visible places whose lower-cased name it is
   * like by pg_trgm's `<%` (decision 0501), with their word similarity, as the database answers;
   * asked once per word and per version of the index. An answer may be newer than the index (a
   * write committed meanwhile): the search's version check then answers again, caught up, and a
   * new version drops every answer kept. `version` is the index's version the answers are for.
   */
  async typoMatchesOf(words: string[]): Promise<{ version: number; matches: Map<string, TypoMatches> }> {
    const version = this.version;
    if (this.typoVersion !== version) {
      this.typos.clear();
      this.typoIdsHeld = 0;
      this.typoVersion = version;
    }
    const matches = new Map<string, TypoMatches>();
    const unknown: string[] = [];
    for (const w of words) {
      const known = this.typos.get(w);
      if (known) matches.set(w, known);
      else unknown.push(w);
    }
    for (const w of unknown) {
      // One statement per word, the SQL search's own condition, which the trigram index on
      // lower(name) answers (a search rarely holds more than one typo).
      const found = await rows<{ id: number; sml: number | string }>(
        this.db,
        sql`select l.id, word_similarity(${w}::text, lower(l.name)) as sml
              from locations l where ${isPublicPlace('l')} and ${w}::text <% lower(l.name)`,
      );
      const answer: TypoMatches = {
        ids: Int32Array.from(found, (r) => Number(r.id)),
        similarity: Float64Array.from(found, (r) => Number(r.sml)),
      };
      matches.set(w, answer);
      // Kept only while the index is at the version it was asked for.
      if (this.typoVersion !== version) continue;
      if (this.typoIdsHeld + answer.ids.length > MAX_TYPO_IDS_REMEMBERED) {
        this.typos.clear();
        this.typoIdsHeld = 0;
      }
      this.typos.set(w, answer);
      this.typoIdsHeld += answer.ids.length;
    }
    return { version, matches };
  }
}

/** Drops the change log's rows older than CHANGE_LOG_KEEP (hourly, and at start): a process whose
 * index is older than what is left rebuilds it (replay checks that its versions follow on). */
export async function pruneSearchChanges(db: Db): Promise<number> {
  const res = (await db.execute(
    sql`delete from search_changes where at < now() - ${CHANGE_LOG_KEEP}::interval`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

/** Prunes the change log every hour in each process; answers the function that stops it. */
export function schedulePruneSearchChanges(db: Db, log: { warn(msg: string): void }, everyMs = 3_600_000) {
  const timer = setInterval(() => {
    pruneSearchChanges(db).catch((err: Error) => log.warn(`Search change log not pruned: ${err.message}`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The change log's version as a column, read with a search's page in the same statement. */
export const searchVersionSql = sql<number>`(select version from search_index_state where id = 1)`.mapWith(Number);

/** The change log's version alone (a page without places still needs it). */
export const readSearchVersion = readVersion;
