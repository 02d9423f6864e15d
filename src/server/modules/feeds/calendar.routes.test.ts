// Calendars of a place and of a search (decision 1001), read with ical.js: right instants across
// the clock change, season edges and holidays; deadlines as all-day events with a reminder; stable
// UIDs; 304 when unchanged; hidden places nowhere; the Discover query checked field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntervals } from '../../../shared/opening-hours.js';
import { setClock } from '../../lib/clock.js';
import { readCalendar } from '../../test/ical.js';
import { injectJson, jsonHeaders, signInAdmin, useTestApp } from '../../test/test-app.js';
import { calendarWindow } from './calendar-events.js';
import { searchCalendarPlaces } from './feed-places.js';

const ADMIN = { username: 'calendar-admin', password: 'correct horse battery' };
// Tuesday 20 October 2026, 10:00 in Kansas City (CDT): the window runs to 15 December, across the
// change to CST on 1 November, Veterans Day (11 November) and Thanksgiving (26 November).
const NOW = new Date('2026-10-20T15:00:00Z');
const { from, to } = calendarWindow(NOW);
/** The geocoder's service knows nothing: addresses fall back to their ZIP's centroid. */
const noService = (async () => new Response('[]', { headers: { 'content-type': 'application/json' } })) as typeof fetch;

// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN, deps: { fetch: noService } });
const ids: Record<string, { id: number; slug: string }> = {};
let cookie = '';

const add = async (name: string, body: Record<string, unknown>) => {
  const res = await injectJson(t.app, 'POST', '/api/locations', {
    name,
    category: 'farmers-market',
    address: '6321 Wornall Rd, Kansas City, MO 64113',
    latitude: 39.0135,
    longitude: -94.5937,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = { id: res.json().id, slug: res.json().slug };
  return ids[name]!;
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  cookie = await signInAdmin(t, ADMIN);
  setClock(NOW);
  await add('Calfeed Weekday Market', { openingHours: 'Mo-Fr 09:00-17:00; PH off' });
  await add('Calfeed Holiday Market', { openingHours: 'Mo-Fr 09:00-17:00; PH 10:00-14:00' });
  await add('Calfeed Season Market', {
    openingHours: 'Apr-Oct Sa 07:00-12:00',
    attributes: { snap: true, wheelchair: 'yes' },
  });
  await add('Calfeed Grant', {
    category: 'resource',
    address: '',
    latitude: null,
    longitude: null,
    deadline: '2026-11-15',
    openingHours: null,
  });
  await add('Calfeed Hidden Market', { openingHours: 'Sa 08:00-13:00' });
  await add('Calfeed Park Far Away', {
    category: 'park',
    address: '1 Main St, Kearney, MO 64060',
    latitude: 39.3676,
    longitude: -94.3622,
    openingHours: 'Mo-Su 06:00-22:00',
  });
  const hide = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/locations/${ids['Calfeed Hidden Market']!.id}`,
    headers: { cookie, ...jsonHeaders },
    payload: JSON.stringify({ hidden: true }),
  });
  expect(hide.statusCode, hide.body).toBe(200);
}, 180_000);
afterAll(() => setClock(null));

const calendarOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { res, cal: readCalendar(res.body, to) };
};
const spans = (list: Array<{ start: Date; end: Date }>) =>
  list.map((o) => `${o.start.toISOString()}/${o.end.toISOString()}`);

describe('calendar feeds of a place', () => {
  it("holds a place's opening times as the hours say, across the change of clocks and public holidays", async () => {
    const { res, cal } = await calendarOf(`/discover/${ids['Calfeed Weekday Market']!.slug}/calendar.ics`);
    expect(res.body).toContain('BEGIN:VTIMEZONE');
    expect(res.body).toContain('TZID:America/Chicago');
    expect(res.body).toMatch(/RRULE:FREQ=WEEKLY/);
    expect(cal.name).toBe('Calfeed Weekday Market | KC Green Directory');
    // Exactly the intervals the opening-hours engine computes (the same the filters use).
    expect(spans(cal.occurrences)).toEqual(spans(openIntervals('Mo-Fr 09:00-17:00; PH off', from, to)));
    const starts = cal.occurrences.map((o) => o.start.toISOString());
    // 09:00 CDT on Friday 30 October, 09:00 CST on Monday 2 November.
    expect(starts).toContain('2026-10-30T14:00:00.000Z');
    expect(starts).toContain('2026-11-02T15:00:00.000Z');
    // Veterans Day and Thanksgiving: closed.
    expect(starts).not.toContain('2026-11-11T15:00:00.000Z');
    expect(starts).not.toContain('2026-11-26T15:00:00.000Z');
    expect(starts).toContain('2026-11-27T15:00:00.000Z');
    expect(cal.occurrences.every((o) => o.summary === 'Calfeed Weekday Market: open')).toBe(true);
  });

  it("gives a holiday's own hours as an event of its own", async () => {
    const { cal } = await calendarOf(`/discover/${ids['Calfeed Holiday Market']!.slug}/calendar.ics`);
    expect(spans(cal.occurrences)).toEqual(spans(openIntervals('Mo-Fr 09:00-17:00; PH 10:00-14:00', from, to)));
    const thanksgiving = cal.occurrences.filter((o) => o.start.toISOString().startsWith('2026-11-26'));
    expect(spans(thanksgiving)).toEqual(['2026-11-26T16:00:00.000Z/2026-11-26T20:00:00.000Z']);
  });

  it("stops at the season's edge", async () => {
    const { cal } = await calendarOf(`/discover/${ids['Calfeed Season Market']!.slug}/calendar.ics`);
    expect(spans(cal.occurrences)).toEqual([
      '2026-10-24T12:00:00.000Z/2026-10-24T17:00:00.000Z',
      '2026-10-31T12:00:00.000Z/2026-10-31T17:00:00.000Z',
    ]);
  });

  it("gives a resource's deadline as an all-day event with a reminder the day before, in Spanish on request", async () => {
    const { cal } = await calendarOf(`/discover/${ids['Calfeed Grant']!.slug}/calendar.ics?lang=es`);
    expect(cal.occurrences).toHaveLength(1);
    const [deadline] = cal.occurrences;
    expect(deadline).toMatchObject({ allDay: true, summary: 'Fecha límite: Calfeed Grant', alarms: [-86_400] });
    const ics = (await get(`/discover/${ids['Calfeed Grant']!.slug}/calendar.ics`)).body;
    expect(ics).toContain('DTSTART;VALUE=DATE:20261115');
    expect(ics).toContain('SUMMARY:Deadline: Calfeed Grant');
  });

  it('keeps its UIDs from one fetch to the next, one per event', async () => {
    const url = `/discover/${ids['Calfeed Weekday Market']!.slug}/calendar.ics`;
    const first = readCalendar((await get(url)).body, to).uids;
    // Another place changes: the data version moves, the calendar is made again.
    const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Season Market']!.id}`, {
      phone: '816-555-0100',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const second = readCalendar((await get(url)).body, to).uids;
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((uid) => /^[0-9a-f-]{36}-[a-z0-9-]+@/.test(uid))).toBe(true);
  });

  it('answers 304 to a conditional request while nothing changed, and 200 once the place changes', async () => {
    const url = `/discover/${ids['Calfeed Weekday Market']!.slug}/calendar.ics`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    // A write elsewhere changes nothing in this calendar: still 304.
    await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Season Market']!.id}`, { phone: '816-555-0101' });
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Weekday Market']!.id}`, {
      openingHours: 'Mo-Fr 08:00-17:00; PH off',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(readCalendar(changed.body, to).occurrences[0]!.start.toISOString()).toBe('2026-10-20T13:00:00.000Z');
    // Put back for the other tests.
    await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Weekday Market']!.id}`, {
      openingHours: 'Mo-Fr 09:00-17:00; PH off',
    });
  });
});

describe('calendar feeds of a search', () => {
  it("holds a search's places and only those, with the Discover URL's own query", async () => {
    const { cal } = await calendarOf(
      '/calendar.ics?q=calfeed&category=farmers-market&address=64113&radius=10&view=map',
    );
    const names = new Set(cal.occurrences.map((o) => o.summary));
    expect([...names].sort()).toEqual([
      'Calfeed Holiday Market: open',
      'Calfeed Season Market: open',
      'Calfeed Weekday Market: open',
    ]);
    expect(cal.name).toBe('Farmers markets matching “calfeed” within 10 mi of 64113 | KC Green Directory');
    const all = await calendarOf('/calendar.ics?q=calfeed');
    const summaries = new Set(all.cal.occurrences.map((o) => o.summary));
    expect(summaries.has('Calfeed Park Far Away: open')).toBe(true);
    // A deadline inside the 8 weeks is in a search's calendar too.
    expect(summaries.has('Deadline: Calfeed Grant')).toBe(true);
    // Far from 64113: not within 10 miles.
    const near = await calendarOf('/calendar.ics?q=calfeed&address=64113&radius=10');
    expect(new Set(near.cal.occurrences.map((o) => o.summary)).has('Calfeed Park Far Away: open')).toBe(false);
  });

  it('takes the days and window of "open when" as the Discover URL writes them', async () => {
    const { cal } = await calendarOf('/calendar.ics?q=calfeed&days=sat&from=07:00&to=12:00');
    expect([...new Set(cal.occurrences.map((o) => o.summary))].sort()).toEqual([
      'Calfeed Park Far Away: open',
      'Calfeed Season Market: open',
    ]);
    expect(cal.name).toBe('All places matching “calfeed”, open Sat 07:00–12:00 | KC Green Directory');
  });

  it('takes the pay and access facets as the Discover URL writes them', async () => {
    const { cal } = await calendarOf('/calendar.ics?q=calfeed&pay=snap&access=wheelchair');
    expect([...new Set(cal.occurrences.map((o) => o.summary))]).toEqual(['Calfeed Season Market: open']);
    expect(cal.name).toBe(
      'All places matching “calfeed”, accepting SNAP/EBT, wheelchair accessible | KC Green Directory',
    );
    const es = await calendarOf('/calendar.ics?q=calfeed&pay=snap&lang=es');
    expect(es.cal.name).toBe(
      'Todos los lugares que coinciden con «calfeed», que aceptan SNAP/EBT | Directorio Verde de KC',
    );
  });

  it('never shows a hidden place', async () => {
    expect((await get(`/discover/${ids['Calfeed Hidden Market']!.slug}/calendar.ics`)).statusCode).toBe(404);
    const { res } = await calendarOf('/calendar.ics?q=calfeed');
    expect(res.body).not.toContain('Hidden');
  });

  it('refuses a bad query naming the field, and an address nothing is known of', async () => {
    const cases: Array<[string, string]> = [
      ['category=bakery', 'category'],
      ['radius=abc', 'radius'],
      ['radius=900', 'radius'],
      ['open=yes', 'open'],
      ['tags=1,x', 'tags'],
      ['lang=fr', 'lang'],
      [`q=${'a'.repeat(201)}`, 'q'],
      ['days=funday', 'days'],
      ['days=sat&from=9:00&to=12:00', 'from'],
      ['from=09:00&to=12:00', 'days'],
      ['pay=bitcoin', 'pay'],
      ['access=ramp', 'access'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/calendar.ics?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
    const nowhere = await get('/calendar.ics?address=Nowhere%20at%20all');
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual({ message: 'Address not found', errors: { address: 'Address not found' } });
    expect((await get('/discover/no-such-place/calendar.ics')).statusCode).toBe(404);
  });
});

describe("a search calendar's kept events", () => {
  const reads = () => ({ db: t.database.db, searchIndex: t.app.searchIndex });
  const calfeed = { search: 'calfeed', radius: 10 };
  const setHidden = async (name: string, hidden: boolean) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/locations/${ids[name]!.id}`,
      headers: { cookie, ...jsonHeaders },
      payload: JSON.stringify({ hidden }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('reads again only the places it lacks or that changed, and never one hidden since', async () => {
    await t.app.searchIndex.rebuild();
    const first = await searchCalendarPlaces(reads(), calfeed, 50, () => undefined);
    const brief = first.places.flatMap((p) => ('held' in p ? [] : [p]));
    expect(brief.length).toBe(first.places.length);
    const weekday = brief.find((p) => p.name === 'Calfeed Weekday Market')!;
    const season = brief.find((p) => p.name === 'Calfeed Season Market')!;
    const versions = (p: typeof weekday) => ({
      updated: p.updatedAt.getTime(),
      verified: p.lastVerifiedAt?.getTime() ?? 0,
      tag: p.name,
    });
    // Held as read: named by id only, in the search's order; held from an older version: read whole.
    const heldBy = (list: Array<ReturnType<typeof versions>>) => (id: number) =>
      list.find((v) => brief.find((p) => p.id === id)?.name === v.tag);
    const again = await searchCalendarPlaces(
      reads(),
      calfeed,
      50,
      heldBy([versions(weekday), { ...versions(season), updated: 1 }]),
    );
    expect(again.places.map((p) => p.id)).toEqual(first.places.map((p) => p.id));
    const held = again.places.find((p) => p.id === weekday.id)!;
    expect(held).toEqual({ id: weekday.id, held: versions(weekday) });
    expect(again.places.find((p) => p.id === season.id)).toMatchObject({ name: 'Calfeed Season Market' });
    // Hidden since it was held: gone, held or not.
    await setHidden('Calfeed Weekday Market', true);
    const hidden = await searchCalendarPlaces(reads(), calfeed, 50, heldBy([versions(weekday)]));
    expect(hidden.places.map((p) => p.id)).not.toContain(weekday.id);
    await setHidden('Calfeed Weekday Market', false);
  });

  it('shows a change to a place and the unchanged places as before', async () => {
    const url = '/calendar.ics?q=calfeed';
    const before = (await calendarOf(url)).cal.occurrences;
    const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Weekday Market']!.id}`, {
      openingHours: 'Mo-Fr 08:00-17:00; PH off',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await calendarOf(url)).cal.occurrences;
    const of = (list: typeof before, name: string) => spans(list.filter((o) => o.summary === `${name}: open`));
    expect(of(after, 'Calfeed Weekday Market')[0]).toBe('2026-10-20T13:00:00.000Z/2026-10-20T22:00:00.000Z');
    expect(of(after, 'Calfeed Season Market')).toEqual(of(before, 'Calfeed Season Market'));
    expect(of(after, 'Calfeed Holiday Market')).toEqual(of(before, 'Calfeed Holiday Market'));
    await injectJson(t.app, 'PATCH', `/api/locations/${ids['Calfeed Weekday Market']!.id}`, {
      openingHours: 'Mo-Fr 09:00-17:00; PH off',
    });
  });
});
