/**
 * One VEVENT (an ical.js component) as a CalendarEvent. Times come from ical.js (TZIDs resolve
 * through the document's VTIMEZONEs or the Intl zones registered for them, see zones-of-document.ts);
 * DATE values are whole days in the event's zone. Essential dates are checked strictly;
 * decorative properties that do not parse (GEO, SEQUENCE, LAST-MODIFIED) are skipped with a warning.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { icalParseError } from './errors';
import type { CalendarEvent, CalendarLocation, CalendarOrganizer, EventStatus, EventTime } from './types';
import { formatLocal, isValidWall, msToWall, wallToMs, type Wall } from './wall';
import { instantToZonedWall, zonedWallToInstant } from './zones';

export interface EventContext {
  /** The zone events with this TZID are shown in. */
  zoneOfTzid: (tzid: string) => string;
  /** Zone of UTC times and of DATE values without X-EVENT-TIMEZONE. */
  fallback: string;
  /** The line of a property of this VEVENT (else of its BEGIN), for messages. */
  lineOf: (property?: string) => number;
  warn: (message: string, property?: string) => void;
}

const DAY = 86_400_000;
const END_OF_DAY = { hour: 23, minute: 59, second: 59 };
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z?$/;

/** An EventTime for an instant shown in a zone. */
export function eventTime(utc: Date, zone: string): EventTime {
  return { local: formatLocal(instantToZonedWall(zone, utc)), timezone: zone, utc };
}

const wallOf = (time: ICAL.Time): Wall => ({ year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second });

/** The instant of an ical.js time: DATE values at midnight in `dateZone`, date-times as ical.js reads their zone. */
export function instantOf(time: ICAL.Time, dateZone: string): Date {
  return time.isDate ? zonedWallToInstant(dateZone, wallOf(time)) : new Date(time.toUnixTime() * 1000);
}

/** The zone a date-time is shown in: its TZID's, else (UTC) the fallback. */
function zoneOfProperty(property: ICAL.Property, context: EventContext): string {
  const tzid = property.getParameter('tzid');
  return typeof tzid === 'string' ? context.zoneOfTzid(tzid) : context.fallback;
}

/** The values of a date property, checked (ical.js reads "20261301" as next January); a PERIOD gives its start. */
export function timesOf(property: ICAL.Property, context: EventContext): ICAL.Time[] {
  const raw = property.toJSON().slice(3).map((value: unknown) => String(Array.isArray(value) ? value[0] : value).split('/')[0]);
  for (const value of raw) {
    const m = DATE_TIME.exec(value) ?? DATE.exec(value);
    const wall = m && { year: +m[1], month: +m[2], day: +m[3], hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: Math.min(+(m[6] ?? 0), 59) };
    if (!wall || !isValidWall(wall)) throw icalParseError(context.lineOf(property.name.toUpperCase()), `${property.name.toUpperCase()} has an invalid date "${value}" (expected YYYYMMDD or YYYYMMDDTHHMMSS[Z])`);
  }
  return property.getValues().map((value) => (value instanceof ICAL.Period ? value.start : value) as ICAL.Time);
}

interface ReadTime {
  time: EventTime;
  isDate: boolean;
  wall: Wall;
}

function readTime(property: ICAL.Property, context: EventContext, dateZone: string): ReadTime {
  const [value] = timesOf(property, context);
  const zone = value.isDate ? dateZone : zoneOfProperty(property, context);
  return { time: eventTime(instantOf(value, dateZone), zone), isDate: value.isDate, wall: wallOf(value) };
}

const text = (component: ICAL.Component, name: string): string | undefined => {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? undefined : String(value);
};

export function readEvent(component: ICAL.Component, context: EventContext): CalendarEvent {
  const dtstart = component.getFirstProperty('dtstart');
  if (!dtstart) throw icalParseError(context.lineOf(), 'VEVENT without DTSTART');
  // All-day events carry their zone in X-EVENT-TIMEZONE (ours) since a DATE cannot have a TZID.
  const ownZone = text(component, 'x-event-timezone');
  const dateZone = (ownZone && context.zoneOfTzid(ownZone)) || context.fallback;
  const start = readTime(dtstart, context, dateZone);
  const end = readEnd(component, start, context, dateZone);
  const summary = text(component, 'summary') ?? '';
  const event: CalendarEvent = {
    uid: text(component, 'uid')?.trim() || syntheticUid(dtstart.toJSON().slice(3).join(',').replace(/[-:]/g, ''), summary),
    title: summary,
    description: readDescription(component),
    start: start.time,
    end,
    allDay: start.isDate,
    organizers: readOrganizers(component),
    categories: readCategories(component),
    sequence: 0,
  };
  const url = text(component, 'url')?.trim();
  if (url) event.url = url;
  const location = readLocation(component, context);
  if (location) event.location = location;
  const lastModified = component.getFirstProperty('last-modified');
  if (lastModified) {
    try {
      event.lastModified = new Date((timesOf(lastModified, context)[0]).toUnixTime() * 1000);
    } catch {
      context.warn(`LAST-MODIFIED "${lastModified.toJSON().slice(3).join(',')}" ignored`, 'LAST-MODIFIED');
    }
  }
  // ical.js reads a SEQUENCE that is no number as 0.
  const sequence = component.getFirstPropertyValue('sequence');
  if (typeof sequence === 'number' && Number.isInteger(sequence) && sequence > 0) event.sequence = sequence;
  const status = text(component, 'status')?.trim().toUpperCase();
  if (status === 'TENTATIVE' || status === 'CONFIRMED' || status === 'CANCELLED') event.status = status as EventStatus;
  const rrule = component.getFirstProperty('rrule');
  if (rrule) event.recurrence = { text: (rrule.getFirstValue() as ICAL.Recur).toString() };
  const exdates = component.getAllProperties('exdate').flatMap((property) => timesOf(property, context).map((time) => instantOf(time, dateZone)));
  if (exdates.length) event.exceptionDates = exdates;
  const rdates = component.getAllProperties('rdate').flatMap((property) => timesOf(property, context).map((time) => instantOf(time, dateZone)));
  if (rdates.length) event.recurrenceDates = rdates;
  const recurrenceId = component.getFirstProperty('recurrence-id');
  if (recurrenceId) event.recurrenceId = readTime(recurrenceId, context, dateZone).time.utc;
  return event;
}

function duration(component: ICAL.Component, context: EventContext): { days: number; seconds: number } | undefined {
  const property = component.getFirstProperty('duration');
  if (!property) return undefined;
  let value: ICAL.Duration;
  try {
    value = property.getFirstValue() as ICAL.Duration;
  } catch {
    value = undefined as unknown as ICAL.Duration;
  }
  const raw = String(property.toJSON()[3]);
  if (!(value instanceof ICAL.Duration) || !/^[+-]?P(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/i.test(raw) || /^[+-]?PT?$/i.test(raw) || /T$/i.test(raw)) {
    throw icalParseError(context.lineOf('DURATION'), `invalid DURATION "${raw}"`);
  }
  const sign = value.isNegative ? -1 : 1;
  return { days: sign * (value.weeks * 7 + value.days), seconds: sign * (value.hours * 3600 + value.minutes * 60 + value.seconds) };
}

/** DTEND, or DTSTART + DURATION, or the RFC default (one day for DATE, no length for DATE-TIME). */
function readEnd(component: ICAL.Component, start: ReadTime, context: EventContext, dateZone: string): EventTime {
  const dtend = component.getFirstProperty('dtend');
  const length = dtend ? undefined : duration(component, context);
  const startMs = wallToMs(start.wall);
  if (start.isDate) {
    let exclusiveMs = startMs + DAY;
    if (dtend) {
      const [value] = timesOf(dtend, context);
      if (!value.isDate) throw icalParseError(context.lineOf('DTEND'), 'DTEND must be a DATE when DTSTART is a DATE (all-day event)');
      exclusiveMs = wallToMs(wallOf(value));
    } else if (length) exclusiveMs = startMs + length.days * DAY + Math.ceil(length.seconds / 86_400) * DAY;
    if (exclusiveMs < startMs) throw icalParseError(context.lineOf(dtend ? 'DTEND' : 'DURATION'), 'the event ends before it starts');
    // Inclusive last day at 23:59:59; an end equal to the start (seen in the wild) means one day.
    const last = msToWall(Math.max(exclusiveMs - DAY, startMs));
    return eventTime(zonedWallToInstant(dateZone, { ...last, ...END_OF_DAY }), dateZone);
  }
  let end = start.time;
  if (dtend) {
    const read = readTime(dtend, context, dateZone);
    if (read.isDate) throw icalParseError(context.lineOf('DTEND'), 'DTEND must be a DATE-TIME when DTSTART is a DATE-TIME');
    end = read.time;
  } else if (length) {
    // Days are nominal (wall-clock, across DST changes); hours, minutes and seconds are exact.
    const zone = start.time.timezone;
    const dayShifted = length.days ? zonedWallToInstant(zone, msToWall(startMs + length.days * DAY)) : start.time.utc;
    end = eventTime(new Date(dayShifted.getTime() + length.seconds * 1000), zone);
  }
  if (end.utc.getTime() < start.time.utc.getTime()) throw icalParseError(context.lineOf(dtend ? 'DTEND' : 'DURATION'), 'the event ends before it starts');
  return end;
}

function readDescription(component: ICAL.Component): string {
  const html = component.getAllProperties('x-alt-desc').find((p) => String(p.getParameter('fmttype') ?? '').toLowerCase() === 'text/html');
  if (html) return String(html.getFirstValue() ?? '');
  return text(component, 'description') ?? '';
}

function readOrganizers(component: ICAL.Component): CalendarOrganizer[] {
  return [...component.getAllProperties('organizer'), ...component.getAllProperties('x-organizer')].map((property) => {
    const address = String(property.getFirstValue() ?? '').trim();
    const email = /^mailto:/i.test(address) ? address.slice(7).trim() : '';
    const cn = property.getParameter('cn');
    const organizer: CalendarOrganizer = { name: typeof cn === 'string' ? cn : email };
    if (email) organizer.email = email;
    return organizer;
  });
}

function readCategories(component: ICAL.Component): string[] {
  const names = component.getAllProperties('categories').flatMap((property) => property.getValues().map((name) => String(name).trim()));
  return [...new Set(names.filter(Boolean))];
}

function readLocation(component: ICAL.Component, context: EventContext): CalendarLocation | undefined {
  const name = text(component, 'x-venue-name') ?? text(component, 'location');
  const location: CalendarLocation = { name: name?.trim() ?? '' };
  for (const [key, property] of [['address', 'x-venue-address'], ['city', 'x-venue-city'], ['country', 'x-venue-country']] as const) {
    const value = text(component, property);
    if (value) location[key] = value;
  }
  const geo = component.getFirstProperty('geo');
  if (geo) {
    const raw = geo.toJSON().slice(3).flat().map(String).join(';');
    const m = /^\s*([+-]?\d+(?:\.\d+)?)\s*[;,]\s*([+-]?\d+(?:\.\d+)?)\s*$/.exec(raw);
    if (m && Math.abs(+m[1]) <= 90 && Math.abs(+m[2]) <= 180) {
      location.lat = Number(m[1]);
      location.lng = Number(m[2]);
    } else context.warn(`GEO "${raw}" ignored (expected latitude;longitude)`, 'GEO');
  }
  return location.name || location.lat !== undefined ? location : undefined;
}

/** A stable uid for an event that has none, so a re-import updates rather than duplicates it. */
function syntheticUid(dtstart: string, summary: string): string {
  return `${createHash('sha1').update(`${dtstart}\n${summary}`).digest('hex')}@ical.invalid`;
}
