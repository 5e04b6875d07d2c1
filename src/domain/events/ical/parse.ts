/**
 * Parsing an iCalendar document (RFC 5545) with ical.js into ParsedCalendars of CalendarEvents.
 * A document ical.js cannot read, or an event without valid essential dates, is refused (a
 * DomainError `ical_parse_error` naming the line); what cannot be represented — other components
 * (VTODO, VJOURNAL...), invalid RRULEs, occurrences past the horizon — is listed in `notices`.
 */
import ICAL from 'ical.js';
import './design';
import { isDomainError } from '../../errors';
import { lineOfSnippet, prepareDocument, type EventLines } from './document';
import { icalParseError } from './errors';
import { readEvent } from './event';
import { expandSeries, type ExpandOptions } from './expand';
import type { CalendarEvent, ParsedCalendar } from './types';
import { zonesOfCalendar } from './zones-of-document';
import { ianaZoneFromTzid } from './tzid';
import { withRegisteredZones } from './intl-timezone';

export interface ParseOptions {
  /** Zone for floating times and DATE values when the calendar has no usable X-WR-TIMEZONE (default UTC). */
  defaultTimezone?: string;
  /** Expand recurring events into occurrences (off by default: the RRULE is kept on the event). */
  expand?: boolean | ExpandOptions;
}

/** Parses every VCALENDAR of a document. Throws DomainError `ical_parse_error` (400) on malformed input. */
export function parseIcal(text: string, options: ParseOptions = {}): ParsedCalendar[] {
  const document = prepareDocument(text);
  let roots: ICAL.Component[];
  try {
    const jcal = ICAL.parse(document.text) as unknown[];
    roots = (Array.isArray(jcal[0]) ? jcal : [jcal]).map((root) => new ICAL.Component(root as unknown[]));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw icalParseError(lineOfSnippet(document, message), message);
  }
  const stray = roots.findIndex((root) => root.name !== 'vcalendar');
  if (stray === 0) throw icalParseError(1, 'not an iCalendar document (no BEGIN:VCALENDAR)');
  if (stray > 0) throw icalParseError(1, `BEGIN:${roots[stray].name.toUpperCase()} outside of a VCALENDAR`);
  const eventLines = [...document.events];
  return roots.map((calendar) => {
    try {
      return readCalendar(calendar, eventLines, options);
    } catch (error) {
      if (isDomainError(error)) throw error;
      // Never crash on input: anything unforeseen is still a parse error.
      throw icalParseError(1, `could not read the document (${error instanceof Error ? error.message : String(error)})`);
    }
  });
}

/** All events of all calendars of a document. */
export function parseIcalEvents(text: string, options: ParseOptions = {}): CalendarEvent[] {
  return parseIcal(text, options).flatMap((calendar) => calendar.events);
}

const KINDS: Record<string, string> = { vtodo: 'to-do', vjournal: 'journal entry', vfreebusy: 'free/busy block', vavailability: 'availability block' };

function readCalendar(calendar: ICAL.Component, eventLines: EventLines[], options: ParseOptions): ParsedCalendar {
  const warnings: string[] = [];
  const notices: string[] = [];
  const result: ParsedCalendar = { events: [], warnings, notices };
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  if (name !== null && name !== undefined) result.name = String(name);
  const prodId = calendar.getFirstPropertyValue('prodid');
  if (prodId) result.prodId = String(prodId);
  const method = calendar.getFirstPropertyValue('method');
  if (method) result.method = String(method).trim().toUpperCase();
  const wrZone = calendar.getFirstPropertyValue('x-wr-timezone');
  if (wrZone) {
    const zone = ianaZoneFromTzid(String(wrZone));
    if (zone) result.timezone = zone;
    else warnings.push(`X-WR-TIMEZONE "${String(wrZone)}" is not a known time zone`);
  }
  const fallback = result.timezone ?? ianaZoneFromTzid(options.defaultTimezone ?? '') ?? 'UTC';

  const others = new Map<string, number>();
  for (const child of calendar.getAllSubcomponents()) {
    if (child.name !== 'vevent' && child.name !== 'vtimezone') others.set(child.name, (others.get(child.name) ?? 0) + 1);
  }
  for (const [kind, count] of others) notices.push(`${count} ${kind.toUpperCase()} component(s)${KINDS[kind] ? ` (${KINDS[kind]})` : ''} not imported: only events (VEVENT) are.`);

  const vevents = calendar.getAllSubcomponents('vevent');
  const lines = eventLines.splice(0, vevents.length);
  const zones = zonesOfCalendar(calendar, fallback, (message) => warnings.push(message));
  return withRegisteredZones(zones.register, () => {
    const series = new Map<CalendarEvent, ICAL.Component>();
    vevents.forEach((component, index) => {
      const where = lines[index] ?? { begin: 1, properties: new Map<string, number>() };
      const line = where.begin;
      const lineOf = (name?: string) => (name && where.properties.get(name)) || line;
      const warn = (message: string, name?: string) => warnings.push(`line ${lineOf(name)}: ${message}`);
      let event: CalendarEvent;
      try {
        event = readEvent(component, { zoneOfTzid: zones.zoneOf, fallback, lineOf, warn });
      } catch (error) {
        if (isDomainError(error)) throw error;
        throw icalParseError(line, `could not read this VEVENT (${error instanceof Error ? error.message : String(error)})`);
      }
      const invalid = component.getAllProperties('x-invalid-rrule').map((p) => String(p.getFirstValue()));
      if (invalid.length) notices.push(`"${event.title}" (${event.uid}): the rule "RRULE:${invalid.join('", "RRULE:')}" is not valid iCalendar; only the event's own date${event.recurrenceDates ? 's' : ''} imported.`);
      result.events.push(event);
      if (!event.recurrenceId && (event.recurrence || event.recurrenceDates)) series.set(event, component);
    });
    if (options.expand) {
      const expansion = expandSeries(result.events, series, options.expand === true ? {} : options.expand);
      result.events = expansion.events;
      notices.push(...expansion.notices);
    }
    return result;
  });
}
