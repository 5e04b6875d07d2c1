/**
 * Writing CalendarEvents as an iCalendar feed (RFC 5545) that calendar applications can subscribe
 * to, with ical.js's component model (escaping, parameter quoting, folding): one VTIMEZONE per zone
 * used, times with TZID, all-day events as DATE values with an exclusive DTEND. Our own X-
 * properties keep what the standard has no room for, so parseIcal gives the same events back.
 */
import ICAL from 'ical.js';
import './design';
import { htmlToText, looksLikeHtml } from './html-text';
import type { CalendarEvent, EventTime } from './types';
import { buildVtimezone } from './vtimezone';
import type { Wall } from './wall';
import { msToWall, parseLocal, wallToMs } from './wall';
import { ianaZoneName, instantToZonedWall } from './zones';

export interface SerializeOptions {
  /** X-WR-CALNAME, the name calendar apps show for a subscription. */
  name?: string;
  /** X-WR-CALDESC. */
  description?: string;
  /** X-WR-TIMEZONE; defaults to the zone most events use, else UTC. */
  timezone?: string;
  /** PRODID; defaults to `-//Content Site//Events//EN`. */
  prodId?: string;
  /** DTSTAMP of every event (default: now). */
  now?: Date;
  /** Suggested refresh interval for subscribers as an iCalendar DURATION, e.g. `PT1H` (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshInterval?: string;
}

const DAY = 86_400_000;
const PRODID = '-//Content Site//Events//EN';

/** The stable UID of one of our events: `<id>@<host>`. */
export function eventUid(id: number | string, host: string): string {
  return `${id}@${host}`;
}

const zoneOf = (time: EventTime) => ianaZoneName(time.timezone) ?? 'UTC';
const midnight = (wall: Wall): Wall => ({ ...wall, hour: 0, minute: 0, second: 0 });
const singleLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** A whole day of an all-day event: the date part of `local` (falling back to the instant). */
function dateOf(time: EventTime): Wall {
  return midnight(parseLocal(time.local) ?? instantToZonedWall(zoneOf(time), time.utc));
}

/** DTEND of an all-day event is exclusive: the day after the last day (an end already at midnight is taken as exclusive). */
function exclusiveEndDate(event: CalendarEvent): Wall {
  const start = dateOf(event.start);
  const local = parseLocal(event.end.local);
  const last = dateOf(event.end);
  const atMidnight = local && local.hour === 0 && local.minute === 0 && local.second === 0;
  const exclusive = atMidnight && wallToMs(last) > wallToMs(start) ? wallToMs(last) : wallToMs(last) + DAY;
  return msToWall(Math.max(exclusive, wallToMs(start) + DAY));
}

const dateValue = (wall: Wall) => ICAL.Time.fromData({ year: wall.year, month: wall.month, day: wall.day, isDate: true });
const wallValue = (wall: Wall) => ICAL.Time.fromData({ ...wall, isDate: false });

function add(component: ICAL.Component, name: string, value: unknown, params: Record<string, string | undefined> = {}): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setValue(value as string);
  for (const [key, param] of Object.entries(params)) if (param !== undefined) property.setParameter(key, param);
  component.addProperty(property);
  return property;
}

/** A time as DTSTART, DTEND or RECURRENCE-ID: a DATE for all-day events, else the wall time with its TZID. */
function addTime(component: ICAL.Component, name: string, time: EventTime, allDay: boolean): void {
  if (allDay) add(component, name, dateValue(dateOf(time)));
  else add(component, name, wallValue(instantToZonedWall(zoneOf(time), time.utc)), { tzid: zoneOf(time) });
}

function addDescription(component: ICAL.Component, description: string): void {
  if (!description) return;
  if (!looksLikeHtml(description)) {
    add(component, 'description', description);
    return;
  }
  add(component, 'description', htmlToText(description));
  add(component, 'x-alt-desc', description, { fmttype: 'text/html' });
}

function addLocation(component: ICAL.Component, event: CalendarEvent): void {
  const location = event.location;
  if (!location) return;
  const text = [location.name, location.address, location.city, location.country].filter((part) => part && part.trim()).join(', ');
  if (text) add(component, 'location', text);
  if (location.name) add(component, 'x-venue-name', location.name);
  if (location.address) add(component, 'x-venue-address', location.address);
  if (location.city) add(component, 'x-venue-city', location.city);
  if (location.country) add(component, 'x-venue-country', location.country);
  if (Number.isFinite(location.lat) && Number.isFinite(location.lng)) add(component, 'geo', [location.lat, location.lng]);
}

function vevent(event: CalendarEvent, stamp: ICAL.Time): ICAL.Component {
  const component = new ICAL.Component('vevent');
  add(component, 'uid', event.uid);
  add(component, 'dtstamp', stamp);
  addTime(component, 'dtstart', event.start, event.allDay);
  if (event.allDay) {
    add(component, 'dtend', dateValue(exclusiveEndDate(event)));
    add(component, 'x-event-timezone', zoneOf(event.start));
  } else addTime(component, 'dtend', event.end, false);
  const zone = zoneOf(event.start);
  if (event.recurrenceId) addTime(component, 'recurrence-id', { local: '', timezone: zone, utc: event.recurrenceId }, event.allDay);
  if (event.recurrence) add(component, 'rrule', ICAL.Recur.fromString(event.recurrence.text));
  for (const [name, dates] of [['rdate', event.recurrenceDates], ['exdate', event.exceptionDates]] as const) {
    if (!dates?.length) continue;
    const property = new ICAL.Property(name);
    property.setValues(dates.map((utc) => (event.allDay ? dateValue(instantToZonedWall(zone, utc)) : wallValue(instantToZonedWall(zone, utc)))));
    if (!event.allDay) property.setParameter('tzid', zone);
    component.addProperty(property);
  }
  add(component, 'summary', event.title);
  addDescription(component, event.description);
  if (event.url) add(component, 'url', singleLine(event.url));
  addLocation(component, event);
  if (event.categories.length) {
    const categories = new ICAL.Property('categories');
    categories.setValues(event.categories);
    component.addProperty(categories);
  }
  // RFC 5545 allows one ORGANIZER: the first, when it has an address; the others go in X-ORGANIZER, in order.
  event.organizers.forEach((organizer, index) => {
    const standard = index === 0 && !!organizer.email;
    add(component, standard ? 'organizer' : 'x-organizer', organizer.email ? `mailto:${singleLine(organizer.email)}` : '', { cn: organizer.name || undefined });
  });
  if (event.lastModified) add(component, 'last-modified', ICAL.Time.fromJSDate(event.lastModified, true));
  add(component, 'sequence', Math.max(0, Math.trunc(event.sequence || 0)));
  if (event.status) add(component, 'status', event.status);
  return component;
}

/** The years each zone needs VTIMEZONE data for (recurring events: until UNTIL, at most 20 years on). */
function zoneYears(events: CalendarEvent[]): Map<string, { from: number; to: number }> {
  const years = new Map<string, { from: number; to: number }>();
  const note = (zone: string, ...years_: number[]) => {
    for (const year of years_) {
      const span = years.get(zone);
      years.set(zone, span ? { from: Math.min(span.from, year), to: Math.max(span.to, year) } : { from: year, to: year });
    }
  };
  for (const event of events) {
    if (event.allDay) continue;
    note(zoneOf(event.start), event.start.utc.getUTCFullYear());
    note(zoneOf(event.end), event.end.utc.getUTCFullYear());
    if (event.recurrence) {
      const startYear = event.start.utc.getUTCFullYear();
      const until = ICAL.Recur.fromString(event.recurrence.text).until;
      note(zoneOf(event.start), Math.min(until ? until.year : startYear + 5, startYear + 20));
    }
  }
  return years;
}

function mostUsedZone(events: CalendarEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(zoneOf(event.start), (counts.get(zoneOf(event.start)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'UTC';
}

/** The whole feed, folded, with CRLF line ends. */
export function serializeCalendar(events: CalendarEvent[], options: SerializeOptions = {}): string {
  const calendar = new ICAL.Component('vcalendar');
  add(calendar, 'version', '2.0');
  add(calendar, 'prodid', options.prodId ?? PRODID);
  add(calendar, 'calscale', 'GREGORIAN');
  add(calendar, 'method', 'PUBLISH');
  if (options.name !== undefined) add(calendar, 'x-wr-calname', options.name);
  if (options.description) add(calendar, 'x-wr-caldesc', options.description);
  add(calendar, 'x-wr-timezone', (options.timezone && ianaZoneName(options.timezone)) || mostUsedZone(events));
  if (options.refreshInterval) {
    const refresh = new ICAL.Property('refresh-interval');
    refresh.resetType('duration');
    refresh.setValue(ICAL.Duration.fromString(options.refreshInterval));
    calendar.addProperty(refresh);
    add(calendar, 'x-published-ttl', options.refreshInterval);
  }
  for (const [zone, span] of [...zoneYears(events)].sort((a, b) => a[0].localeCompare(b[0]))) calendar.addSubcomponent(buildVtimezone(zone, span.from, span.to));
  const stamp = ICAL.Time.fromJSDate(options.now ?? new Date(), true);
  for (const event of events) calendar.addSubcomponent(vevent(event, stamp));
  return calendar.toString() + '\r\n';
}
