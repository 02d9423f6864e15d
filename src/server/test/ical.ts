// Reads a calendar the way a calendar program does, with Mozilla's ical.js (an independent parser,
// not the library that wrote it): its VTIMEZONE registered, every event expanded through its
// RRULE and EXDATE, each occurrence as real instants.
import ICAL from 'ical.js';

export interface Occurrence {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  allDay: boolean;
  /** The reminders' triggers in seconds relative to the start (negative: before). */
  alarms: number[];
}

export function readCalendar(ics: string, until: Date): { name: string; occurrences: Occurrence[]; uids: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const occurrences: Occurrence[] = [];
  const uids: string[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    uids.push(event.uid);
    const alarms = component.getAllSubcomponents('valarm').map((a) => {
      const trigger = a.getFirstPropertyValue('trigger') as ICAL.Duration;
      return trigger.toSeconds();
    });
    const push = (start: ICAL.Time, end: ICAL.Time) =>
      occurrences.push({
        uid: event.uid,
        summary: event.summary,
        start: start.toJSDate(),
        end: end.toJSDate(),
        allDay: start.isDate,
        alarms,
      });
    if (!event.isRecurring()) {
      push(event.startDate, event.endDate);
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && next.toJSDate() < until; next = it.next()) {
      const d = event.getOccurrenceDetails(next);
      push(d.startDate, d.endDate);
    }
  }
  occurrences.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { name: String(calendar.getFirstPropertyValue('name') ?? ''), occurrences, uids };
}
