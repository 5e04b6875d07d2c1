/**
 * Recurring events expanded into occurrences by ical.js's iterator (every RRULE part of RFC 5545,
 * RDATE, EXDATE; COUNT counts excluded dates too). Overrides (same UID and RECURRENCE-ID) replace
 * the occurrence they name, matched by instant. A series without end stops at the horizon; any
 * series stops at maxOccurrences. What is left out is returned as a notice, never dropped silently.
 */
import ICAL from 'ical.js';
import { instantOf } from './event';
import type { CalendarEvent } from './types';
import { formatLocal, msToWall, parseLocal, wallToMs } from './wall';
import { instantToZonedWall, zonedWallToInstant } from './zones';

export interface ExpandOptions {
  /** Most occurrences produced per recurring event (default 500). */
  maxOccurrences?: number;
  /** A series without end (no COUNT or UNTIL) is expanded up to this instant (default: two years from now). */
  horizon?: Date;
}

export const DEFAULT_MAX_OCCURRENCES = 500;
/** Occurrences counted past the cap, to say how many were left out (a finite rule may be very long). */
const COUNT_LIMIT = 100_000;
const DAY = 86_400_000;

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const dateStamp = (event: CalendarEvent, date: Date) => formatLocal(instantToZonedWall(event.start.timezone, date)).slice(0, 10).replace(/-/g, '');

/** The uid of one occurrence: the series uid plus the occurrence's start. */
export function occurrenceUid(event: CalendarEvent, start: Date): string {
  return `${event.uid}#${event.allDay ? dateStamp(event, start) : stamp(start)}`;
}

/** A key matching an override's RECURRENCE-ID to its occurrence: the day for all-day series, else the instant. */
const occurrenceKey = (event: CalendarEvent, date: Date) => `${event.uid} ${event.allDay ? dateStamp(event, date) : date.getTime()}`;

/** One occurrence of a recurring event starting at `utc`, as long as the first one. */
function occurrenceAt(event: CalendarEvent, utc: Date): CalendarEvent {
  const { recurrence: _r, exceptionDates: _e, recurrenceDates: _d, ...rest } = event;
  const zone = event.start.timezone;
  const start = { local: formatLocal(instantToZonedWall(zone, utc)), timezone: zone, utc };
  let end;
  if (event.allDay) {
    const days = Math.round((wallToMs(parseLocal(event.end.local)!) - wallToMs(parseLocal(event.start.local)!)) / DAY);
    const endWall = { ...msToWall(wallToMs(parseLocal(start.local)!) + days * DAY), hour: 23, minute: 59, second: 59 };
    end = { local: formatLocal(endWall), timezone: event.end.timezone, utc: zonedWallToInstant(event.end.timezone, endWall) };
  } else {
    const endUtc = new Date(utc.getTime() + (event.end.utc.getTime() - event.start.utc.getTime()));
    end = { local: formatLocal(instantToZonedWall(event.end.timezone, endUtc)), timezone: event.end.timezone, utc: endUtc };
  }
  return { ...rest, uid: occurrenceUid(event, utc), start, end, recurrenceId: utc };
}

export interface Series {
  event: CalendarEvent;
  component: ICAL.Component;
}

export interface Expansion {
  events: CalendarEvent[];
  notices: string[];
}

const describe = (event: CalendarEvent) => `"${event.title || '(untitled)'}" (${event.uid})`;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The occurrences of one series, and a notice when some are left out. */
function occurrencesOf(series: Series, max: number, horizon: Date): { occurrences: CalendarEvent[]; notice?: string } {
  const { event, component } = series;
  const rules = component.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);
  const endless = rules.some((rule) => !rule.count && !rule.until);
  const iterator = new ICAL.Event(component).iterator();
  const occurrences: CalendarEvent[] = [];
  let leftOut = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    const utc = instantOf(next, event.start.timezone);
    if (endless && utc.getTime() > horizon.getTime()) {
      return { occurrences, notice: `${describe(event)} repeats without end: ${occurrences.length} occurrence(s) up to ${day(horizon)} imported, later ones are not (the expansion horizon).` };
    }
    if (occurrences.length < max) occurrences.push(occurrenceAt(event, utc));
    else if (++leftOut >= COUNT_LIMIT) break;
  }
  if (!leftOut) return { occurrences };
  const more = leftOut >= COUNT_LIMIT ? `at least ${leftOut}` : String(leftOut);
  return { occurrences, notice: `${describe(event)} has more than ${max} occurrences: ${occurrences.length} imported, ${more} left out.` };
}

/**
 * Expands every series of a calendar. `events` are all its events (masters, overrides, single
 * events) in document order; `series` are the masters with an RRULE or RDATE and their components.
 */
export function expandSeries(events: CalendarEvent[], series: Map<CalendarEvent, ICAL.Component>, options: ExpandOptions = {}): Expansion {
  const max = options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES;
  const horizon = options.horizon ?? new Date(Date.now() + 2 * 366 * DAY);
  const masters = new Map([...series.keys()].map((event) => [event.uid, event]));
  const overrides = new Map<string, CalendarEvent>();
  for (const event of events) {
    const master = masters.get(event.uid);
    if (event.recurrenceId && master) overrides.set(occurrenceKey(master, event.recurrenceId), event);
  }
  const notices: string[] = [];
  const result: CalendarEvent[] = [];
  for (const event of events) {
    const component = series.get(event);
    if (!component) {
      // Overrides go in place of their occurrence below; an override without its series stays as it is.
      if (!event.recurrenceId || !masters.has(event.uid)) result.push(event);
      continue;
    }
    const { occurrences, notice } = occurrencesOf({ event, component }, max, horizon);
    if (notice) notices.push(notice);
    const used = new Set<string>();
    for (const occurrence of occurrences) {
      const key = occurrenceKey(event, occurrence.recurrenceId!);
      const override = overrides.get(key);
      used.add(key);
      result.push(override ? { ...override, uid: occurrence.uid } : occurrence);
    }
    // An override naming no occurrence the rule produced (RFC 5545 says it must): kept, not lost.
    for (const [key, override] of overrides) {
      if (override.uid === event.uid && !used.has(key)) result.push({ ...override, uid: occurrenceUid(event, override.recurrenceId!) });
    }
  }
  return { events: result, notices };
}
