// Each place's sure-open intervals in location_open_intervals, so "open now" and "in season" are
// cheap SQL filters (decision 0801): written with the place's hours up to one horizon, which an
// hourly check moves on, in batches under an advisory lock.
import { type SQL, sql } from 'drizzle-orm';
import { openIntervals } from '../../../../shared/opening-hours.js';
import type { Db } from '../../../db/connect.js';
import { now as clockNow } from '../../../lib/clock.js';

const DAY_MS = 86_400_000;
/** How far ahead intervals are written when the horizon moves. */
const OPEN_INTERVALS_AHEAD_DAYS = 9;
/** The horizon moves once less than this remains: "in season" looks 7 days ahead, a day spare. */
const OPEN_INTERVALS_MIN_AHEAD_DAYS = 8;
/** How often each app process checks the horizon. */
const OPEN_INTERVALS_CHECK_MS = 3_600_000;
const HORIZON_KEY = 'open_intervals_until';
const PENDING_KEY = 'open_intervals_pending';
/** An extension started longer ago than this by a process that never finished it is resumed. */
const PENDING_STALE_MS = 10 * 60_000;
/** Any fixed 64-bit number: the advisory lock shared by writes and taken alone by the extension. */
const LOCK_KEY = 8_010_801;
/** Places read per statement while extending, and intervals inserted per statement. */
const PLACE_PAGE = 2_000;
const INSERT_BATCH = 10_000;

type Interval = { start: Date; end: Date };
type Place = { id: number; text: string };

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

async function readHorizon(tx: Db): Promise<Date | null> {
  const [row] = rowsOf<{ value: string }>(
    await tx.execute(sql`select value from app_settings where key = ${HORIZON_KEY}`),
  );
  const d = row ? new Date(row.value) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** The instant every place's intervals are written up to, or null before the first extension. */
export async function openIntervalsHorizon(db: Db): Promise<Date | null> {
  return readHorizon(db);
}

/** Inserts the intervals of `places` between `from` and `to`; the library runs once per distinct
 * text (`memo`), as many places share their hours. Answers the number of rows. */
async function insertIntervals(tx: Db, places: Place[], from: Date, to: Date, memo: Map<string, Interval[]>) {
  const out: Array<{ i: number; s: string; e: string }> = [];
  for (const p of places) {
    let found = memo.get(p.text);
    if (!found) {
      found = openIntervals(p.text, from, to);
      memo.set(p.text, found);
    }
    for (const iv of found) out.push({ i: p.id, s: iv.start.toISOString(), e: iv.end.toISOString() });
  }
  for (let k = 0; k < out.length; k += INSERT_BATCH) {
    await tx.execute(sql`
      insert into location_open_intervals (location_id, starts_at, ends_at)
      select x.i, x.s, x.e from jsonb_to_recordset(${JSON.stringify(out.slice(k, k + INSERT_BATCH))}::jsonb)
          as x(i int, s timestamptz, e timestamptz)`);
  }
  return out.length;
}

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** An extension under way: written first, so that writes meanwhile fill their place up to its end,
 * and a process that stopped half-way is resumed. `from` null: everything rebuilt from now. */
interface Pending {
  from: string | null;
  to: string;
  startedAt: string;
}

async function readPending(tx: Db): Promise<Pending | null> {
  const [row] = rowsOf<{ value: string }>(
    await tx.execute(sql`select value from app_settings where key = ${PENDING_KEY}`),
  );
  try {
    return row ? (JSON.parse(row.value) as Pending) : null;
  } catch {
    return null;
  }
}

async function setSetting(tx: Db, key: string, value: string | null): Promise<void> {
  if (value === null) await tx.execute(sql`delete from app_settings where key = ${key}`);
  else {
    await tx.execute(sql`
      insert into app_settings (key, value) values (${key}, ${value})
      on conflict (key) do update set value = excluded.value`);
  }
}

/** Where a write's intervals end: the extension's end while one is under way, else the horizon
 * (9 days ahead before the first extension, or when the horizon has passed). */
async function writeUntil(tx: Db, now: Date): Promise<Date> {
  const pending = await readPending(tx);
  if (pending) return new Date(pending.to);
  const horizon = await readHorizon(tx);
  return horizon && horizon > now ? horizon : new Date(now.getTime() + OPEN_INTERVALS_AHEAD_DAYS * DAY_MS);
}

/**
 * The write path's part: after the opening hours of `ids` were written in `tx` (create, update,
 * revert, import, seed), their intervals are replaced by those from now to where every place's end.
 */
export async function replaceOpenIntervals(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_KEY}::bigint)`);
  const now = clockNow();
  const to = await writeUntil(tx, now);
  await tx.execute(sql`delete from location_open_intervals where location_id in (${idList(ids)})`);
  const places = rowsOf<Place>(
    await tx.execute(sql`select id, opening_hours as text from locations
                          where id in (${idList(ids)}) and opening_hours is not null`),
  );
  await insertIntervals(tx, places, now, to, new Map());
}

export interface RefreshResult {
  /** False when the horizon was still far enough ahead, or another process is extending it. */
  extended: boolean;
  /** Every interval rebuilt from now (no horizon yet, or it had passed). */
  full: boolean;
  rows: number;
  until: Date;
}

/** One page of places extended (or rebuilt), in a transaction of its own; answers its places. */
async function extendPage(db: Db, plan: Pending, now: Date, after: number, memo: Map<string, Interval[]>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}::bigint)`);
    const page = rowsOf<Place>(
      await tx.execute(sql`select id, opening_hours as text from locations
                            where opening_hours is not null and id > ${after}::int
                            order by id limit ${PLACE_PAGE}::int`),
    );
    if (page.length === 0) return { page, rows: 0 };
    const these = sql`location_id in (${idList(page.map((p) => Number(p.id)))})`;
    const from = plan.from ? new Date(plan.from) : now;
    if (plan.from) {
      // Cut at the old horizon what a write made meanwhile, then write from it (again, when an
      // extension stopped half-way is resumed).
      const at = sql`${plan.from}::timestamptz`;
      await tx.execute(sql`update location_open_intervals set ends_at = ${at}
                            where ${these} and starts_at < ${at} and ends_at > ${at}`);
      await tx.execute(sql`delete from location_open_intervals where ${these} and starts_at >= ${at}`);
    } else {
      await tx.execute(sql`delete from location_open_intervals where ${these}`);
    }
    return { page, rows: await insertIntervals(tx, page, from, new Date(plan.to), memo) };
  });
}

/**
 * Moves the horizon to 9 days ahead once less than 8 remain, or rebuilds everything from now when
 * there is none or it has passed; a no-op otherwise, so every process may call it every hour.
 * Places go 2,000 to a transaction, so the embedded database is never held for long.
 */
export async function refreshOpenIntervals(
  db: Db,
  now: Date = clockNow(),
  opts: {
    /** Resume an unfinished extension however recent (at start on the embedded database, where
     * no other process can be working on it). */
    resume?: boolean;
  } = {},
): Promise<RefreshResult> {
  const start = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}::bigint)`);
    const horizon = await readHorizon(tx);
    const pending = await readPending(tx);
    if (pending) {
      // Another process is at it (or stopped half-way a while ago: resume).
      const busy = !opts.resume && now.getTime() - new Date(pending.startedAt).getTime() < PENDING_STALE_MS;
      return busy ? { plan: null, horizon } : { plan: { ...pending, startedAt: now.toISOString() }, horizon };
    }
    if (horizon && horizon.getTime() >= now.getTime() + OPEN_INTERVALS_MIN_AHEAD_DAYS * DAY_MS) {
      return { plan: null, horizon };
    }
    const full = !horizon || horizon.getTime() <= now.getTime();
    const plan: Pending = {
      from: full ? null : horizon.toISOString(),
      to: new Date(now.getTime() + OPEN_INTERVALS_AHEAD_DAYS * DAY_MS).toISOString(),
      startedAt: now.toISOString(),
    };
    await setSetting(tx, PENDING_KEY, JSON.stringify(plan));
    return { plan, horizon };
  });
  const { plan } = start;
  if (!plan) return { extended: false, full: false, rows: 0, until: start.horizon ?? now };

  const memo = new Map<string, Interval[]>();
  let rows = 0;
  for (let after = 0; ; ) {
    const { page, rows: n } = await extendPage(db, plan, now, after, memo);
    rows += n;
    if (page.length < PLACE_PAGE) break;
    after = Number(page.at(-1)!.id);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}::bigint)`);
    await tx.execute(sql`delete from location_open_intervals where ends_at <= ${now.toISOString()}::timestamptz`);
    if (!plan.from) {
      // A rebuild also drops what no longer belongs to a place with hours.
      await tx.execute(sql`delete from location_open_intervals oi using locations l
                            where l.id = oi.location_id and l.opening_hours is null`);
    }
    await setSetting(tx, HORIZON_KEY, plan.to);
    await setSetting(tx, PENDING_KEY, null);
  });
  return { extended: true, full: !plan.from, rows, until: new Date(plan.to) };
}

/** Checks the horizon every `everyMs` (one check at a time); answers the function that stops it. */
export function scheduleOpenIntervalRefresh(
  db: Db,
  log: { info(msg: string): void; warn(msg: string): void },
  everyMs = OPEN_INTERVALS_CHECK_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshOpenIntervals(db)
      .then((r) => {
        if (r.extended) log.info(`Open intervals written up to ${r.until.toISOString()} (${r.rows} rows)`);
      })
      .catch((err: Error) => log.warn(`Open intervals not refreshed: ${err.message}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
