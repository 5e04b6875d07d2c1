/**
 * Writing CalendarEvents as an iCalendar feed (RFC 5545) that calendar applications can subscribe
 * to: one VTIMEZONE per zone used, times with TZID, all-day events as DATE values with an exclusive
 * DTEND. Our own X- properties keep what the standard has no room for, so parseIcal gives the same
 * events back.
 */
import { escapeText, fold, formatContentLine } from './lines';
import { htmlToText, looksLikeHtml } from './html-text';
import type { CalendarEvent, EventTime } from './types';
import { eventTime } from './tzid';
import { buildVtimezone } from './vtimezone';
import type { Wall } from './wall';
import { formatIcalDate, formatIcalDateTime, formatIcalUtc, msToWall, parseLocal, wallToMs } from './wall';
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

function wallOf(time: EventTime): Wall {
  return instantToZonedWall(zoneOf(time), time.utc);
}

/** A whole day of an all-day event: the date part of `local` (falling back to the instant). */
function dateOf(time: EventTime): Wall {
  const local = parseLocal(time.local);
  return local ? { ...local, hour: 0, minute: 0, second: 0 } : { ...wallOf(time), hour: 0, minute: 0, second: 0 };
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

function timeLine(name: string, time: EventTime, allDay: boolean): string {
  if (allDay) return formatContentLine(name, { VALUE: 'DATE' }, formatIcalDate(dateOf(time)));
  return formatContentLine(name, { TZID: zoneOf(time) }, formatIcalDateTime(wallOf(time)));
}

/** Plain text for DESCRIPTION, plus the HTML itself when the description has markup. */
function descriptionLines(description: string): string[] {
  if (!description) return [];
  if (!looksLikeHtml(description)) return [formatContentLine('DESCRIPTION', {}, escapeText(description))];
  return [formatContentLine('DESCRIPTION', {}, escapeText(htmlToText(description))), formatContentLine('X-ALT-DESC', { FMTTYPE: 'text/html' }, escapeText(description))];
}

const singleLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', formatContentLine('UID', {}, escapeText(event.uid)), `DTSTAMP:${stamp}`];
  lines.push(timeLine('DTSTART', event.start, event.allDay));
  if (event.allDay) {
    lines.push(formatContentLine('DTEND', { VALUE: 'DATE' }, formatIcalDate(exclusiveEndDate(event))));
    lines.push(formatContentLine('X-EVENT-TIMEZONE', {}, escapeText(zoneOf(event.start))));
  } else lines.push(timeLine('DTEND', event.end, false));
  if (event.recurrenceId) lines.push(timeLine('RECURRENCE-ID', eventTime(event.recurrenceId, zoneOf(event.start)), event.allDay));
  if (event.recurrence) lines.push(`RRULE:${event.recurrence.text}`);
  if (event.exceptionDates?.length) {
    const values = event.exceptionDates.map((utc) => (event.allDay ? formatIcalDate(instantToZonedWall(zoneOf(event.start), utc)) : formatIcalDateTime(instantToZonedWall(zoneOf(event.start), utc))));
    lines.push(formatContentLine('EXDATE', event.allDay ? { VALUE: 'DATE' } : { TZID: zoneOf(event.start) }, values.join(',')));
  }
  lines.push(formatContentLine('SUMMARY', {}, escapeText(event.title)));
  lines.push(...descriptionLines(event.description));
  if (event.url) lines.push(formatContentLine('URL', {}, singleLine(event.url)));
  const location = event.location;
  if (location) {
    const text = [location.name, location.address, location.city, location.country].filter((part) => part && part.trim()).join(', ');
    if (text) lines.push(formatContentLine('LOCATION', {}, escapeText(text)));
    if (location.name) lines.push(formatContentLine('X-VENUE-NAME', {}, escapeText(location.name)));
    if (location.address) lines.push(formatContentLine('X-VENUE-ADDRESS', {}, escapeText(location.address)));
    if (location.city) lines.push(formatContentLine('X-VENUE-CITY', {}, escapeText(location.city)));
    if (location.country) lines.push(formatContentLine('X-VENUE-COUNTRY', {}, escapeText(location.country)));
    if (Number.isFinite(location.lat) && Number.isFinite(location.lng)) lines.push(`GEO:${location.lat};${location.lng}`);
  }
  if (event.categories.length) lines.push(formatContentLine('CATEGORIES', {}, event.categories.map(escapeText).join(',')));
  // RFC 5545 allows one ORGANIZER: the first, when it has an address; the others go in X-ORGANIZER, in order.
  event.organizers.forEach((organizer, index) => {
    const standard = index === 0 && !!organizer.email;
    const address = organizer.email ? `mailto:${singleLine(organizer.email)}` : '';
    lines.push(formatContentLine(standard ? 'ORGANIZER' : 'X-ORGANIZER', { CN: organizer.name || undefined }, address));
  });
  if (event.lastModified) lines.push(`LAST-MODIFIED:${formatIcalUtc(event.lastModified)}`);
  lines.push(`SEQUENCE:${Math.max(0, Math.trunc(event.sequence || 0))}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The years each TZID needs VTIMEZONE data for (recurring events: until UNTIL, at most 20 years on). */
function zoneYears(events: CalendarEvent[]): Map<string, { from: number; to: number }> {
  const years = new Map<string, { from: number; to: number }>();
  const note = (zone: string, ...dates: Date[]) => {
    for (const date of dates) {
      const year = date.getUTCFullYear();
      const span = years.get(zone);
      years.set(zone, span ? { from: Math.min(span.from, year), to: Math.max(span.to, year) } : { from: year, to: year });
    }
  };
  for (const event of events) {
    if (event.allDay) continue;
    note(zoneOf(event.start), event.start.utc);
    note(zoneOf(event.end), event.end.utc);
    if (event.recurrence) {
      const startYear = event.start.utc.getUTCFullYear();
      const untilYear = event.recurrence.until?.getUTCFullYear() ?? startYear + 5;
      note(zoneOf(event.start), new Date(Date.UTC(Math.min(untilYear, startYear + 20), 6, 1)));
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
  const stamp = formatIcalUtc(options.now ?? new Date());
  const timezone = (options.timezone && ianaZoneName(options.timezone)) || mostUsedZone(events);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', formatContentLine('PRODID', {}, escapeText(options.prodId ?? PRODID)), 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.name !== undefined) lines.push(formatContentLine('X-WR-CALNAME', {}, escapeText(options.name)));
  if (options.description) lines.push(formatContentLine('X-WR-CALDESC', {}, escapeText(options.description)));
  lines.push(formatContentLine('X-WR-TIMEZONE', {}, timezone));
  if (options.refreshInterval) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${options.refreshInterval}`, `X-PUBLISHED-TTL:${options.refreshInterval}`);
  for (const [zone, span] of [...zoneYears(events)].sort((a, b) => a[0].localeCompare(b[0]))) lines.push(...buildVtimezone(zone, span.from, span.to));
  for (const event of events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
