// The openNow and inSeason filters (decision 0801): combined with the other filters, counted and
// paged like them, on the list, the map and the exports; kept right by every write of the hours
// (create, update, revert, import) and by the horizon's refresh.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, locationOpenIntervals, revisions } from '../../db/schema.js';
import { setClock } from '../../lib/clock.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { revertRevision } from '../admin/review.repository.js';
import {
  importLocations,
  openIntervalsHorizon,
  refreshOpenIntervals,
  scheduleOpenIntervalRefresh,
} from './writes/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Saturday 13 June 2026, 10:00 in Kansas City (CDT, UTC-5).
const SAT_10AM = new Date('2026-06-13T15:00:00Z');

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp();
const ids: Record<string, number> = {};
beforeAll(async () => {
  // Answers are computed afresh each time: the clock moves between requests here.
  t.app.dataVersion.setCaching(false);
  setClock(SAT_10AM);
  const places: Array<[string, string, string | null]> = [
    ['Hoursfilter Alpha', 'park', 'Sa 08:00-13:00'], // open now
    ['Hoursfilter Bravo', 'park', 'Su 08:00-13:00'], // opens tomorrow: in season
    ['Hoursfilter Charlie', 'park', 'Dec Sa 08:00-13:00'], // out of season
    ['Hoursfilter Delta', 'park', null], // no structured hours
    ['Hoursfilter Echo', 'farmers-market', 'Mo-Su 09:00-17:00'], // open now
  ];
  for (const [i, [name, category, openingHours]] of places.entries()) {
    const res = await send('POST', '/api/locations', {
      name,
      category,
      address: `${i + 1} Main St, Kansas City, MO 64105`,
      latitude: 39.1 + i / 100,
      longitude: -94.58,
      openingHours,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  }
}, 180_000);
afterAll(() => {
  setClock(null);
  t.app.dataVersion.setCaching(true);
});

const send = (method: 'POST' | 'PATCH', url: string, body: unknown) => injectJson(t.app, method, url, body);
const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/locations?search=hoursfilter&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return {
    names: (res.json() as { name: string }[]).map((l) => l.name.slice(12)),
    total: res.headers['x-total-count'],
  };
};

describe('openNow and inSeason filters: lists, map, exports and writes', () => {
  it('filters the list by open now and in season, with paging and counts, combined with a category', async () => {
    expect(await list('openNow=true')).toEqual({ names: ['Alpha', 'Echo'], total: '2' });
    expect(await list('openNow=true&limit=1&offset=1')).toEqual({ names: ['Echo'], total: '2' });
    expect(await list('inSeason=true')).toEqual({ names: ['Alpha', 'Bravo', 'Echo'], total: '3' });
    expect(await list('inSeason=true&limit=2')).toEqual({ names: ['Alpha', 'Bravo'], total: '3' });
    expect(await list('openNow=true&category=farmers-market')).toEqual({ names: ['Echo'], total: '1' });
    expect(await list('openNow=false')).toMatchObject({ total: '5' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/locations?openNow=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.openNow).toBe('openNow must be true or false');
  });

  it('filters the map points, the map answer and the exports the same way', async () => {
    const points = await t.app.inject({ method: 'GET', url: '/api/locations/points?search=hoursfilter&openNow=true' });
    expect((points.json() as { id: number }[]).map((p) => p.id).sort()).toEqual(
      [ids['Hoursfilter Alpha'], ids['Hoursfilter Echo']].sort(),
    );
    const map = await t.app.inject({ method: 'GET', url: '/api/locations/map?search=hoursfilter&inSeason=true' });
    expect(map.json()).toMatchObject({ total: 3, complete: true });
    const csv = await t.app.inject({ method: 'GET', url: '/api/export/locations.csv?search=hoursfilter&openNow=true' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3); // the header and two places
    const geo = await t.app.inject({ method: 'GET', url: '/api/export/locations.geojson?inSeason=true' });
    const names = (geo.json().features as { properties: { name: string } }[]).map((f) => f.properties.name);
    expect(names.sort()).toEqual(['Hoursfilter Alpha', 'Hoursfilter Bravo', 'Hoursfilter Echo']);
  });

  it('follows every write of the hours: update, revert and import', async () => {
    const alpha = ids['Hoursfilter Alpha']!;
    expect((await send('PATCH', `/api/locations/${alpha}`, { openingHours: 'Su 08:00-13:00' })).statusCode).toBe(200);
    expect((await list('openNow=true')).names).toEqual(['Echo']);
    const [change] = await t.database.db
      .select()
      .from(revisions)
      .where(eq(revisions.entityId, alpha))
      .orderBy(revisions.id)
      .then((r) => r.filter((x) => x.entityType === 'location' && x.action === 'update'));
    await revertRevision(t.database.db, change!.id, 'desk-admin');
    expect((await list('openNow=true')).names).toEqual(['Alpha', 'Echo']);

    await importLocations(
      t.database.db,
      [
        {
          name: 'Hoursfilter Foxtrot',
          category: 'park',
          description: 'Imported.',
          address: '9 Main St, Kansas City, MO 64105',
          website: '',
          tags: [],
          openingHours: 'Sa 09:00-11:00',
        },
      ],
      new Map(),
      'desk-admin',
    );
    expect((await list('openNow=true')).names).toEqual(['Alpha', 'Echo', 'Foxtrot']);
  });
});

describe('openNow and inSeason filters: refreshing the intervals', () => {
  it('refresh: builds every place’s intervals, moves the horizon daily, rebuilds once it has passed', async () => {
    const db = t.database.db;
    const overlaps = async () => {
      const r = (await db.execute(sql`
        select count(*)::int as n from location_open_intervals a join location_open_intervals b
          on a.location_id = b.location_id and a.ctid <> b.ctid
         and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`)) as unknown as {
        rows: { n: number }[];
      };
      return Number(r.rows[0]!.n);
    };

    // No horizon yet: everything rebuilt from now to 9 days ahead.
    const first = await refreshOpenIntervals(db, SAT_10AM);
    expect(first).toMatchObject({ extended: true, full: true });
    expect(first.until.toISOString()).toBe(new Date(SAT_10AM.getTime() + 9 * DAY).toISOString());
    expect(await overlaps()).toBe(0);
    // Still 9 days ahead: nothing to do.
    expect(await refreshOpenIntervals(db, new Date(SAT_10AM.getTime() + HOUR))).toMatchObject({ extended: false });

    // A day and a half later less than 8 days remain: one more day and a half is added.
    const later = new Date(SAT_10AM.getTime() + 1.5 * DAY);
    const moved = await refreshOpenIntervals(db, later);
    expect(moved).toMatchObject({ extended: true, full: false });
    expect((await openIntervalsHorizon(db))!.toISOString()).toBe(new Date(later.getTime() + 9 * DAY).toISOString());
    expect(await overlaps()).toBe(0);
    const ended = await db
      .select()
      .from(locationOpenIntervals)
      .where(sql`${locationOpenIntervals.endsAt} <= ${later.toISOString()}::timestamptz`);
    expect(ended).toEqual([]);

    // Saturday two weeks on: past the horizon, so nobody is found open until the refresh runs.
    const twoWeeks = new Date(SAT_10AM.getTime() + 14 * DAY);
    setClock(twoWeeks);
    expect((await list('openNow=true')).names).toEqual([]);
    expect(await refreshOpenIntervals(db)).toMatchObject({ extended: true, full: true });
    expect((await list('openNow=true')).names).toEqual(['Alpha', 'Echo', 'Foxtrot']);
    expect(await overlaps()).toBe(0);
    setClock(SAT_10AM);
  });

  it('resumes an extension stopped half-way; writes meanwhile reach its end; no interval twice', async () => {
    const db = t.database.db;
    const h = (await openIntervalsHorizon(db))!;
    const at = new Date(h.getTime() - 7.5 * DAY);
    const to = new Date(at.getTime() + 9 * DAY);
    setClock(at);
    // As a process leaves it when it stops between two pages, an hour ago.
    const pending = {
      from: h.toISOString(),
      to: to.toISOString(),
      startedAt: new Date(at.getTime() - HOUR).toISOString(),
    };
    await db.insert(appSettings).values({ key: 'open_intervals_pending', value: JSON.stringify(pending) });
    // A write now fills its place up to the extension's end, past the old horizon.
    const echo = ids['Hoursfilter Echo']!;
    expect((await send('PATCH', `/api/locations/${echo}`, { openingHours: 'Mo-Su 08:00-18:00' })).statusCode).toBe(200);
    const [last] = await db
      .select({ end: sql<string>`max(${locationOpenIntervals.endsAt})` })
      .from(locationOpenIntervals)
      .where(eq(locationOpenIntervals.locationId, echo));
    expect(new Date(last!.end).getTime()).toBeGreaterThan(h.getTime());
    // The hour-old extension is taken up again; a fresh one (another process at work) would not be.
    const resumed = await refreshOpenIntervals(db, at);
    expect(resumed).toMatchObject({ extended: true, full: false });
    expect(resumed.until.toISOString()).toBe(to.toISOString());
    expect(await db.select().from(appSettings).where(eq(appSettings.key, 'open_intervals_pending'))).toEqual([]);
    const r = (await db.execute(sql`
      select count(*)::int as n from location_open_intervals a join location_open_intervals b
        on a.location_id = b.location_id and a.ctid <> b.ctid
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(r.rows[0]!.n)).toBe(0);
    await db.insert(appSettings).values({
      key: 'open_intervals_pending',
      value: JSON.stringify({ ...pending, startedAt: at.toISOString() }),
    });
    expect(await refreshOpenIntervals(db, at)).toMatchObject({ extended: false });
    expect(await refreshOpenIntervals(db, at, { resume: true })).toMatchObject({ extended: true });
    setClock(SAT_10AM);
  });

  it('the hourly check runs on its own and stops when told', async () => {
    const db = t.database.db;
    await db.delete(appSettings).where(eq(appSettings.key, 'open_intervals_until'));
    const at = new Date(SAT_10AM.getTime() + 7 * DAY);
    setClock(at);
    const messages: string[] = [];
    const stop = scheduleOpenIntervalRefresh(db, { info: (m) => messages.push(m), warn: (m) => messages.push(m) }, 20);
    try {
      await expect
        .poll(() => openIntervalsHorizon(db).then((h) => h?.toISOString()), { timeout: 5_000 })
        .toBe(new Date(at.getTime() + 9 * DAY).toISOString());
      expect(messages[0]).toMatch(/^Open intervals written up to /);
    } finally {
      stop();
      setClock(SAT_10AM);
    }
  });
});
