/**
 * Parsing an iCalendar document (RFC 5545) into ParsedCalendars of CalendarEvents. Structure and the
 * essential dates are checked strictly (a DomainError `ical_parse_error` naming the line); decorative
 * properties that do not parse (GEO, SEQUENCE, LAST-MODIFIED...) are skipped with a warning.
 */
import { createHash } from 'node:crypto';
import { isDomainError } from '../../errors';
import type { Component } from './components';
import { properties, property, readComponents } from './components';
import { icalParseError } from './errors';
import type { ContentLine } from './lines';
import { param, splitTextList, unescapeText } from './lines';
import type { ExpandOptions } from './recurrence';
import { expandRecurrences, parseRrule } from './recurrence';
import type { CalendarEvent, CalendarLocation, CalendarOrganizer, EventStatus, EventTime, ParsedCalendar } from './types';
import { eventTime, ianaZoneFromTzid, TzidResolver } from './tzid';
import type { TimezoneDefinition } from './vtimezone';
import { readVtimezone } from './vtimezone';
import type { IcalDateValue, Wall } from './wall';
import { msToWall, parseIcalDateValue, parseDuration, wallToMs } from './wall';
import { zonedWallToInstant } from './zones';

export interface ParseOptions {
  /** Zone for floating times and DATE values when the calendar has no usable X-WR-TIMEZONE (default UTC). */
  defaultTimezone?: string;
  /** Expand recurring events into occurrences (off by default: the RRULE is kept on the event). */
  expand?: boolean | ExpandOptions;
}

const DAY = 86_400_000;
const END_OF_DAY = { hour: 23, minute: 59, second: 59 };

/** Parses every VCALENDAR of a document. Throws DomainError `ical_parse_error` (400) on malformed input. */
export function parseIcal(text: string, options: ParseOptions = {}): ParsedCalendar[] {
  try {
    return parseDocument(text, options);
  } catch (error) {
    if (isDomainError(error)) throw error;
    // Never crash on input: anything unforeseen is still a parse error (events name their own line below).
    throw icalParseError(1, `could not read the document (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseDocument(text: string, options: ParseOptions): ParsedCalendar[] {
  if (typeof text !== 'string' || !text.trim()) throw icalParseError(1, 'the document is empty');
  // RFC 5545 allows no NUL in a document, and PostgreSQL stores none: dropped before anything reads it.
  const roots = readComponents(text.split('\u0000').join(''));
  const calendars = roots.filter((root) => root.name === 'VCALENDAR');
  if (!calendars.length) throw icalParseError(roots[0]?.line ?? 1, 'not an iCalendar document (no BEGIN:VCALENDAR)');
  const stray = roots.find((root) => root.name !== 'VCALENDAR');
  if (stray) throw icalParseError(stray.line, `BEGIN:${stray.name} outside of a VCALENDAR`);
  return calendars.map((calendar) => readCalendar(calendar, options));
}

/** All events of all calendars of a document. */
export function parseIcalEvents(text: string, options: ParseOptions = {}): CalendarEvent[] {
  return parseIcal(text, options).flatMap((calendar) => calendar.events);
}

function readCalendar(calendar: Component, options: ParseOptions): ParsedCalendar {
  const warnings: string[] = [];
  const warn = (line: number, message: string) => warnings.push(`line ${line}: ${message}`);
  const definitions = new Map<string, TimezoneDefinition>();
  for (const child of calendar.children.filter((c) => c.name === 'VTIMEZONE')) {
    const tzid = property(child, 'TZID');
    if (!tzid || !tzid.value.trim()) throw icalParseError(child.line, 'VTIMEZONE without a TZID');
    const observances = child.children
      .filter((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT')
      .map((c) => ({ kind: c.name, lines: c.properties, line: c.line }));
    if (!observances.length) throw icalParseError(child.line, `VTIMEZONE ${tzid.value} has no STANDARD or DAYLIGHT part`);
    definitions.set(unescapeText(tzid.value.trim()), readVtimezone(tzid.value.trim(), child.line, observances));
  }

  const result: ParsedCalendar = { events: [], warnings };
  const name = property(calendar, 'X-WR-CALNAME');
  if (name) result.name = unescapeText(name.value);
  const prodId = property(calendar, 'PRODID');
  if (prodId) result.prodId = unescapeText(prodId.value);
  const method = property(calendar, 'METHOD');
  if (method) result.method = method.value.trim().toUpperCase();
  const wrZone = property(calendar, 'X-WR-TIMEZONE');
  if (wrZone) {
    const zone = ianaZoneFromTzid(unescapeText(wrZone.value));
    if (zone) result.timezone = zone;
    else warn(wrZone.line, `X-WR-TIMEZONE "${wrZone.value}" is not a known time zone`);
  }
  const fallback = result.timezone ?? ianaZoneFromTzid(options.defaultTimezone ?? '') ?? 'UTC';
  const resolver = new TzidResolver(definitions, fallback, warn);

  for (const child of calendar.children.filter((c) => c.name === 'VEVENT')) {
    try {
      result.events.push(readEvent(child, { resolver, fallback, warn }));
    } catch (error) {
      if (isDomainError(error)) throw error;
      // Never crash on input: anything unforeseen is still a parse error of this event.
      throw icalParseError(child.line, `could not read this VEVENT (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (options.expand) result.events = expandRecurrences(result.events, options.expand === true ? {} : options.expand);
  return result;
}

interface EventContext {
  resolver: TzidResolver;
  fallback: string;
  warn: (line: number, message: string) => void;
}

interface ReadTime {
  time: EventTime;
  wall: Wall;
  isDate: boolean;
}

function readDateValue(line: ContentLine, text = line.value): IcalDateValue {
  const value = parseIcalDateValue(text);
  if (!value) throw icalParseError(line.line, `${line.name} has an invalid date "${text}" (expected YYYYMMDD or YYYYMMDDTHHMMSS[Z])`);
  if (param(line.params, 'VALUE')?.toUpperCase() === 'DATE' && !value.isDate) throw icalParseError(line.line, `${line.name} is marked VALUE=DATE but holds a date-time "${text}"`);
  return value;
}

/** A DATE / DATE-TIME property as an EventTime: TZID, UTC, floating (fallback zone) or DATE (in `dateZone`). */
function readTime(line: ContentLine, context: EventContext, dateZone: string, text = line.value): ReadTime {
  const value = readDateValue(line, text);
  const tzid = param(line.params, 'TZID');
  let time: EventTime;
  if (value.isDate) time = eventTime(zonedWallToInstant(dateZone, value.wall), dateZone);
  else if (value.isUtc) time = eventTime(new Date(wallToMs(value.wall)), context.fallback);
  else if (tzid) time = context.resolver.timeIn(value.wall, tzid, line.line);
  else time = eventTime(zonedWallToInstant(context.fallback, value.wall), context.fallback);
  return { time, wall: value.wall, isDate: value.isDate };
}

function text(component: Component, name: string): string | undefined {
  const line = property(component, name);
  return line ? unescapeText(line.value) : undefined;
}

function readEvent(component: Component, context: EventContext): CalendarEvent {
  const dtstart = property(component, 'DTSTART');
  if (!dtstart) throw icalParseError(component.line, 'VEVENT without DTSTART');
  // All-day events carry their zone in X-EVENT-TIMEZONE (ours) since a DATE cannot have a TZID.
  const ownZone = text(component, 'X-EVENT-TIMEZONE');
  const dateZone = (ownZone && ianaZoneFromTzid(ownZone)) || context.fallback;
  const start = readTime(dtstart, context, dateZone);
  const end = readEnd(component, start, context, dateZone);

  const summary = text(component, 'SUMMARY') ?? '';
  const uid = text(component, 'UID')?.trim() || syntheticUid(dtstart.value, summary);
  const event: CalendarEvent = {
    uid,
    title: summary,
    description: readDescription(component),
    start: start.time,
    end,
    allDay: start.isDate,
    organizers: readOrganizers(component),
    categories: readCategories(component),
    sequence: 0,
  };
  const url = property(component, 'URL')?.value.trim();
  if (url) event.url = url;
  const location = readLocation(component, context);
  if (location) event.location = location;
  const lastModified = property(component, 'LAST-MODIFIED');
  if (lastModified) {
    const value = parseIcalDateValue(lastModified.value);
    if (value && !value.isDate) event.lastModified = value.isUtc ? new Date(wallToMs(value.wall)) : zonedWallToInstant(context.fallback, value.wall);
    else context.warn(lastModified.line, `LAST-MODIFIED "${lastModified.value}" ignored`);
  }
  const sequence = property(component, 'SEQUENCE');
  if (sequence) {
    if (/^\s*\d+\s*$/.test(sequence.value)) event.sequence = Number(sequence.value);
    else context.warn(sequence.line, `SEQUENCE "${sequence.value}" ignored`);
  }
  const status = property(component, 'STATUS')?.value.trim().toUpperCase();
  if (status === 'TENTATIVE' || status === 'CONFIRMED' || status === 'CANCELLED') event.status = status as EventStatus;

  const rrule = property(component, 'RRULE');
  if (rrule) {
    const zone = start.time.timezone;
    event.recurrence = parseRrule(rrule.value.trim(), rrule.line, (value) => {
      if (value.isUtc) return new Date(wallToMs(value.wall));
      return zonedWallToInstant(zone, value.isDate ? { ...value.wall, ...END_OF_DAY } : value.wall);
    });
  }
  const exdates = properties(component, 'EXDATE').flatMap((line) =>
    line.value.split(',').filter((v) => v.trim()).map((value) => readTime(line, context, dateZone, value.trim()).time.utc),
  );
  if (exdates.length) event.exceptionDates = exdates;
  const recurrenceId = property(component, 'RECURRENCE-ID');
  if (recurrenceId) event.recurrenceId = readTime(recurrenceId, context, dateZone).time.utc;
  return event;
}

/** DTEND, or DTSTART + DURATION, or the RFC default (one day for DATE, no length for DATE-TIME). */
function readEnd(component: Component, start: ReadTime, context: EventContext, dateZone: string): EventTime {
  const dtend = property(component, 'DTEND');
  const durationLine = property(component, 'DURATION');
  if (start.isDate) {
    let exclusiveMs = wallToMs(start.wall) + DAY;
    if (dtend) {
      const value = readDateValue(dtend);
      if (!value.isDate) throw icalParseError(dtend.line, 'DTEND must be a DATE when DTSTART is a DATE (all-day event)');
      exclusiveMs = wallToMs(value.wall);
    } else if (durationLine) {
      const duration = parseDuration(durationLine.value);
      if (!duration) throw icalParseError(durationLine.line, `invalid DURATION "${durationLine.value}"`);
      exclusiveMs = wallToMs(start.wall) + duration.days * DAY + Math.ceil(duration.seconds / 86_400) * DAY;
    }
    const line = dtend?.line ?? durationLine?.line ?? component.line;
    if (exclusiveMs < wallToMs(start.wall)) throw icalParseError(line, 'the event ends before it starts');
    // Inclusive last day at 23:59:59; an end equal to the start (seen in the wild) means one day.
    const last = msToWall(Math.max(exclusiveMs - DAY, wallToMs(start.wall)));
    return eventTime(zonedWallToInstant(dateZone, { ...last, ...END_OF_DAY }), dateZone);
  }
  let end: EventTime = start.time;
  if (dtend) {
    const read = readTime(dtend, context, dateZone);
    if (read.isDate) throw icalParseError(dtend.line, 'DTEND must be a DATE-TIME when DTSTART is a DATE-TIME');
    end = read.time;
  } else if (durationLine) {
    const duration = parseDuration(durationLine.value);
    if (!duration) throw icalParseError(durationLine.line, `invalid DURATION "${durationLine.value}"`);
    // Days are nominal (wall-clock, across DST changes); hours, minutes and seconds are exact.
    const zone = start.time.timezone;
    const dayShifted = duration.days ? zonedWallToInstant(zone, msToWall(wallToMs(start.wall) + duration.days * DAY)) : start.time.utc;
    end = eventTime(new Date(dayShifted.getTime() + duration.seconds * 1000), zone);
  }
  if (end.utc.getTime() < start.time.utc.getTime()) throw icalParseError(dtend?.line ?? durationLine?.line ?? component.line, 'the event ends before it starts');
  return end;
}

function readDescription(component: Component): string {
  const html = properties(component, 'X-ALT-DESC').find((line) => (param(line.params, 'FMTTYPE') ?? '').toLowerCase() === 'text/html');
  if (html) return unescapeText(html.value);
  return text(component, 'DESCRIPTION') ?? '';
}

function readOrganizers(component: Component): CalendarOrganizer[] {
  return [...properties(component, 'ORGANIZER'), ...properties(component, 'X-ORGANIZER')].map((line) => {
    const address = line.value.trim();
    const email = /^mailto:/i.test(address) ? address.slice(7).trim() : '';
    const organizer: CalendarOrganizer = { name: param(line.params, 'CN') ?? email };
    if (email) organizer.email = email;
    return organizer;
  });
}

function readCategories(component: Component): string[] {
  const names = properties(component, 'CATEGORIES').flatMap((line) => splitTextList(line.value).map((name) => name.trim()));
  return [...new Set(names.filter(Boolean))];
}

function readLocation(component: Component, context: EventContext): CalendarLocation | undefined {
  const name = text(component, 'X-VENUE-NAME') ?? text(component, 'LOCATION');
  const location: CalendarLocation = { name: name?.trim() ?? '' };
  for (const [key, property] of [['address', 'X-VENUE-ADDRESS'], ['city', 'X-VENUE-CITY'], ['country', 'X-VENUE-COUNTRY']] as const) {
    const value = text(component, property);
    if (value) location[key] = value;
  }
  const geo = property(component, 'GEO');
  if (geo) {
    const m = /^\s*([+-]?\d+(?:\.\d+)?)\s*[;,]\s*([+-]?\d+(?:\.\d+)?)\s*$/.exec(geo.value);
    if (m && Math.abs(+m[1]) <= 90 && Math.abs(+m[2]) <= 180) {
      location.lat = Number(m[1]);
      location.lng = Number(m[2]);
    } else context.warn(geo.line, `GEO "${geo.value}" ignored (expected latitude;longitude)`);
  }
  return location.name || location.lat !== undefined ? location : undefined;
}

/** A stable uid for an event that has none, so a re-import updates rather than duplicates it. */
function syntheticUid(dtstart: string, summary: string): string {
  return `${createHash('sha1').update(`${dtstart}\n${summary}`).digest('hex')}@ical.invalid`;
}
