// A calendar (iCalendar, RFC 5545) of places' opening times and deadlines in Kansas City time,
// with UIDs and DTSTAMP fixed by the data, so fetching it again updates events (decision 1001).
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalCalendarMethod, type ICalEvent, ICalEventRepeatingFreq } from 'ical-generator';
import { DateTime } from 'luxon';
import { KC_TIME_ZONE } from '../../../shared/chicago-time.js';
import type { FeedLanguage } from '../../../shared/discover-params.js';
import { plainText } from '../../pages/location-head.js';
import { hsdsId } from '../hsds/hsds-ids.js';
import { openingEvents } from './calendar-events.js';
import { type FeedBody, sha1 } from './feed-answer.js';
import { latest } from './feed-answer.js';
import type { BriefPlace, StillHeld } from './feed-places.js';
import { WORDS } from './feed-words.js';

const MS_DAY = 86_400_000;

/** An instant in Kansas City time, which ical-generator writes as a local time with TZID (a plain
 * Date would be written in the server's own zone). */
const kc = (d: Date) => DateTime.fromJSDate(d, { zone: KC_TIME_ZONE });

/** What a place's events depend on besides the place: they are kept per context. */
export interface CalendarContext {
  /** The public origin (scheme://host) for links and UIDs. */
  origin: string;
  lang: FeedLanguage;
  window: { from: Date; to: Date };
  /** Deadlines after the window too (a place's own calendar), or only those inside it (a search's). */
  allDeadlines: boolean;
}

export interface CalendarInput extends CalendarContext {
  name: string;
  description: string;
  /** The calendar's own address, as calendars show it. */
  url: string;
  /** The places, or those whose kept events (heldEvents) the read found unchanged. */
  places: Array<BriefPlace | StillHeld<HeldEvents>>;
}

export function placeUrl(origin: string, slug: string): string {
  return `${origin}/discover/${encodeURIComponent(slug)}`;
}

/** The deadline's calendar day: the date as it was entered (stored at midnight UTC, shown in UTC,
 * docs/product.md section 2). */
function deadlineDay(deadline: Date): Date {
  return new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth(), deadline.getUTCDate()));
}

/** RFC 5545 line folding (at most 75 octets a line, continued after CRLF and a space), never inside
 * a UTF-8 character. ical-generator folds by encoding every character of the whole calendar, which
 * cost most of a search calendar's time; lines here are checked whole and split only when long. */
export function foldLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\r\n')) {
    if (Buffer.byteLength(line) <= 75) {
      out.push(line);
      continue;
    }
    let chunk = '';
    let bytes = 0;
    let limit = 75;
    for (const ch of line) {
      const size = Buffer.byteLength(ch);
      if (bytes + size > limit) {
        out.push(chunk);
        chunk = ' ';
        bytes = 1;
        limit = 75;
      }
      chunk += ch;
      bytes += size;
    }
    out.push(chunk);
  }
  return out.join('\r\n');
}

/** A place's events as folded calendar text in UTF-8, made once per version of the place, day,
 * language and site: a search's calendar mostly repeats places other calendars already hold, and
 * its body is put together from these bytes without encoding 100 KB of text again. Kept per
 * calendar context (site, language, window, deadlines), then by place: a calendar looks its 50
 * places up by number, without making 50 string keys. */
export interface HeldEvents {
  /** The place's updated_at and last_verified_at (epoch ms, 0 for none) they were made from. */
  updated: number;
  verified: number;
  bytes: Buffer;
  /** sha1(bytes), for the calendar's ETag. */
  digest: Buffer;
}
const fragments = new Map<string, Map<number, HeldEvents>>();
/** Fragments kept in all, the oldest context's first out. */
const FRAGMENTS_MAX = 5000;
let fragmentCount = 0;

/** The key of a calendar's context, and the fragments kept for it (empty when none are). */
function placeFragments(input: CalendarContext): { context: string; kept: Map<number, HeldEvents> } {
  const context = [
    input.origin,
    input.lang,
    input.window.from.getTime(),
    input.window.to.getTime(),
    input.allDeadlines,
  ].join('|');
  return { context, kept: fragments.get(context) ?? new Map() };
}

/** The events kept for a calendar's context, by place: a search's calendar reads only the places
 * it lacks or that changed since (feed-places.ts), and uses these for the others even if they are
 * dropped meanwhile. */
export function heldEvents(context: CalendarContext): (id: number) => HeldEvents | undefined {
  const key = placeFragments(context).context;
  return (id) => fragments.get(key)?.get(id);
}

function keepFragment(context: string, id: number, fragment: HeldEvents): void {
  if (fragments.get(context)?.delete(id)) fragmentCount--;
  while (fragmentCount >= FRAGMENTS_MAX) {
    const [oldestKey, oldest] = fragments.entries().next().value as [string, Map<number, HeldEvents>];
    const first = oldest.keys().next();
    if (first.done) fragments.delete(oldestKey);
    else {
      oldest.delete(first.value);
      fragmentCount--;
    }
  }
  let kept = fragments.get(context);
  if (!kept) {
    kept = new Map();
    fragments.set(context, kept);
  }
  kept.set(id, fragment);
  fragmentCount++;
}

function placeEvents(
  place: BriefPlace,
  input: CalendarInput,
  host: string,
  { context, kept }: ReturnType<typeof placeFragments>,
): HeldEvents {
  const updated = place.updatedAt.getTime();
  const verified = place.lastVerifiedAt?.getTime() ?? 0;
  const hit = kept.get(place.id);
  if (hit !== undefined && hit.updated === updated && hit.verified === verified) return hit;
  const w = WORDS[input.lang];
  // A scratch calendar: ical-generator makes each event, its text is kept.
  const cal = ical();
  const uid = (what: string) => `${hsdsId('service', place.id)}-${what}@${host}`;
  const url = placeUrl(input.origin, place.slug);
  const changed = latest(place.updatedAt, place.lastVerifiedAt);
  const common = {
    summary: w.open(place.name),
    location: place.address ?? undefined,
    url,
    description: [place.openingHours ? w.hoursAre(place.openingHours) : '', `${w.details}: ${url}`]
      .filter(Boolean)
      .join('\n'),
    stamp: changed,
    lastModified: changed,
    timezone: KC_TIME_ZONE,
  };
  const events: ICalEvent[] = [];
  if (place.openingHours) {
    for (const ev of openingEvents(place.openingHours, input.window.from, input.window.to)) {
      if (ev.kind === 'weekly') {
        events.push(
          cal.createEvent({
            ...common,
            id: uid(`weekly-${ev.key}`),
            start: kc(ev.start),
            end: kc(ev.end),
            repeating: {
              freq: ICalEventRepeatingFreq.WEEKLY,
              count: ev.count,
              ...(ev.exdates.length ? { exclude: ev.exdates.map(kc) } : {}),
            },
          }),
        );
      } else {
        events.push(cal.createEvent({ ...common, id: uid(`open-${ev.key}`), start: kc(ev.start), end: kc(ev.end) }));
      }
    }
  }
  if (place.deadline) {
    const day = deadlineDay(place.deadline);
    const inWindow = day.getTime() + MS_DAY > input.window.from.getTime() && day.getTime() < input.window.to.getTime();
    const ahead = day.getTime() + MS_DAY > input.window.from.getTime();
    if (input.allDeadlines ? ahead : inWindow) {
      events.push(
        cal.createEvent({
          ...common,
          id: uid('deadline'),
          summary: w.deadline(place.name),
          description: [plainText(place.description, 500), `${w.details}: ${url}`].filter(Boolean).join('\n'),
          allDay: true,
          start: day,
          end: new Date(day.getTime() + MS_DAY),
          timezone: null,
          alarms: [
            { type: ICalAlarmType.display, trigger: MS_DAY / 1000, description: w.deadlineReminder(place.name) },
          ],
        }),
      );
    }
  }
  const bytes = Buffer.from(foldLines(events.map((e) => e.toString()).join('')));
  const fragment = { updated, verified, bytes, digest: sha1(bytes) };
  keepFragment(context, place.id, fragment);
  return fragment;
}

let zone: { bytes: Buffer; digest: Buffer } | null = null;
/** Kansas City's VTIMEZONE, folded, once. */
function timeZone(): { bytes: Buffer; digest: Buffer } {
  if (!zone) {
    const bytes = Buffer.from(
      foldLines(`${(getVtimezoneComponent(KC_TIME_ZONE) ?? '').trim().replace(/\r?\n/g, '\r\n')}\r\n`),
    );
    zone = { bytes, digest: sha1(bytes) };
  }
  return zone;
}

/** A calendar's own lines before its events and after them, folded, by its properties, kept: folding
 * (ical-generator's, a text encoder per character) was 7 % of the server's CPU on varied search
 * calendars, and a calendar polled every hour asks for the same head each time. */
const heads = new Map<string, { start: Buffer; end: Buffer }>();
const HEADS_MAX = 1000;

function calendarHead(input: CalendarInput): { start: Buffer; end: Buffer } {
  const key = [input.name, input.description, input.url, input.lang].join('\n');
  const hit = heads.get(key);
  if (hit) return hit;
  // The calendar's own properties from ical-generator; no calendar-wide zone, so that DTSTAMP and
  // LAST-MODIFIED stay in UTC as RFC 5545 wants; the events name the zone and the VTIMEZONE
  // (@touch4it/ical-timezones) is written once before them.
  const text = ical({
    name: input.name,
    description: input.description,
    prodId: { company: 'KC Green Directory', product: 'calendar', language: input.lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    url: input.url,
    // Calendars that honour it poll every hour.
    ttl: 3600,
  }).toString();
  const end = text.lastIndexOf('END:VCALENDAR');
  const head = { start: Buffer.from(text.slice(0, end)), end: Buffer.from(text.slice(end)) };
  if (heads.size >= HEADS_MAX) heads.delete(heads.keys().next().value as string);
  heads.set(key, head);
  return head;
}

export function calendarDocument(input: CalendarInput): FeedBody {
  const host = new URL(input.origin).host;
  const head = calendarHead(input);
  let lastModified = input.window.from;
  const events: HeldEvents[] = [];
  const kept = placeFragments(input);
  for (const place of input.places) {
    let fragment: HeldEvents;
    if ('held' in place) {
      fragment = place.held;
      lastModified = latest(lastModified, new Date(fragment.updated), new Date(fragment.verified));
    } else {
      lastModified = latest(lastModified, place.updatedAt, place.lastVerifiedAt);
      fragment = placeEvents(place, input, host, kept);
    }
    if (fragment.bytes.length) events.push(fragment);
  }
  const tz = events.length ? [timeZone()] : [];
  const parts = [...tz, ...events];
  return {
    body: Buffer.concat([head.start, ...parts.map((p) => p.bytes), head.end]),
    lastModified,
    // The head is a few hundred bytes: as it is.
    etagInput: Buffer.concat([head.start, ...parts.map((p) => p.digest), head.end]),
  };
}
