/**
 * Recurring events expanded into occurrences: RRULE dates from rule-dates.ts, plus RDATEs, less
 * EXDATEs (COUNT counts excluded dates too), each turned into an instant by ical.js in the event's
 * own zone. Overrides (same UID and RECURRENCE-ID) replace the occurrence they name, matched by
 * instant; a cancelled one removes it (the importer leaves cancelled events out). A series without
 * end stops at the horizon; any series stops at maxOccurrences. What is left out is returned as a
 * notice, never dropped silently.
 */
import ICAL from 'ical.js';
import { walkRule } from './rule-dates';
import type { CalendarEvent } from './types';
import { formatLocal, msToWall, parseLocal, wallToMs, type Wall } from './wall';
import { instantToZonedWall, zonedWallToInstant } from './zones';

export interface ExpandOptions {
  /** Most occurrences produced per recurring event (default 500). */
  maxOccurrences?: number;
  /** A series without end (no COUNT or UNTIL) is expanded up to this instant (default: two years from now). */
  horizon?: Date;
}

export const DEFAULT_MAX_OCCURRENCES = 500;
/** Occurrences counted past the cap, to say how many were left out (a finite rule may be very long). */
const COUNT_LIMIT = 20_000;
const DAY = 86_400_000;

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const dateStamp = (event: CalendarEvent, date: Date) => formatLocal(instantToZonedWall(event.start.timezone, date)).slice(0, 10).replace(/-/g, '');

/** The uid of one occurrence: the series uid plus the occurrence's start. */
export function occurrenceUid(event: CalendarEvent, start: Date): string {
  return `${event.uid}#${event.allDay ? dateStamp(event, start) : stamp(start)}`;
}

/** What identifies an occurrence: its day for all-day series, else its instant. */
const occurrenceKey = (event: CalendarEvent, date: Date) => (event.allDay ? dateStamp(event, date) : String(date.getTime()));

/** One occurrence of a recurring event starting at `utc`, as long as the first one. */
function occurrenceAt(event: CalendarEvent, utc: Date): CalendarEvent {
  const { recurrence: _r, exceptionDates: _e, recurrenceDates: _d, ...rest } = event;
  const zone = event.start.timezone;
  const start = { local: formatLocal(instantToZonedWall(zone, utc)), timezone: zone, utc };
  let end;
  if (event.allDay) {
    const days = Math.floor((wallToMs(parseLocal(event.end.local)!) - wallToMs(parseLocal(event.start.local)!)) / DAY);
    const endWall = { ...msToWall(wallToMs(parseLocal(start.local)!) + days * DAY), hour: 23, minute: 59, second: 59 };
    end = { local: formatLocal(endWall), timezone: event.end.timezone, utc: zonedWallToInstant(event.end.timezone, endWall) };
  } else {
    const endUtc = new Date(utc.getTime() + (event.end.utc.getTime() - event.start.utc.getTime()));
    end = { local: formatLocal(instantToZonedWall(event.end.timezone, endUtc)), timezone: event.end.timezone, utc: endUtc };
  }
  return { ...rest, uid: occurrenceUid(event, utc), start, end, recurrenceId: utc };
}

export interface Expansion {
  events: CalendarEvent[];
  notices: string[];
}

const describe = (event: CalendarEvent) => `"${event.title || '(untitled)'}" (${event.uid})`;
const day = (date: Date) => date.toISOString().slice(0, 10);

interface Walk {
  max: number;
  horizon: Date;
}

/** The start instants of a series (rules, then RDATEs, less EXDATEs), sorted, and a notice when some are left out. */
function startsOf(event: CalendarEvent, component: ICAL.Component, walk: Walk): { starts: Date[]; notice?: string } {
  const dtstart = component.getFirstPropertyValue('dtstart') as ICAL.Time;
  const zone = event.start.timezone;
  // The instant of a wall time in the zone of DTSTART, whatever ical.js knows it by (VTIMEZONE, Intl, UTC).
  const instant = (wall: Wall) => (dtstart.isDate ? zonedWallToInstant(zone, wall) : new Date(ICAL.Time.fromData({ ...wall, isDate: false }, dtstart.zone).toUnixTime() * 1000));
  const excluded = new Set((event.exceptionDates ?? []).map((date) => occurrenceKey(event, date)));
  const starts = new Map<string, Date>();
  const add = (date: Date) => {
    const key = occurrenceKey(event, date);
    if (!excluded.has(key)) starts.set(key, date);
  };
  const start: Wall = { year: dtstart.year, month: dtstart.month, day: dtstart.day, hour: dtstart.hour, minute: dtstart.minute, second: dtstart.second };
  let endless = false;
  let counted = 0;
  for (const property of component.getAllProperties('rrule')) {
    const recur = property.getFirstValue() as ICAL.Recur;
    const until = recur.until ? (recur.until.isDate ? zonedWallToInstant(zone, { ...toWall(recur.until), hour: 23, minute: 59, second: 59 }) : recur.until.zone === ICAL.Timezone.utcTimezone ? new Date(recur.until.toUnixTime() * 1000) : instant(toWall(recur.until))) : undefined;
    const open = !recur.count && !until;
    endless ||= open;
    walkRule(recur, start, (wall) => {
      const date = instant(wall);
      if (until && date.getTime() > until.getTime()) return false;
      if (open && date.getTime() > walk.horizon.getTime()) return false;
      add(date);
      return ++counted < walk.max + COUNT_LIMIT;
    });
  }
  for (const date of event.recurrenceDates ?? []) add(date);
  add(event.start.utc); // DTSTART is always the first occurrence (unless excluded)
  const sorted = [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
  const kept = sorted.slice(0, walk.max);
  const leftOut = sorted.length - kept.length;
  const atLeast = counted >= walk.max + COUNT_LIMIT ? 'at least ' : '';
  if (endless) {
    const capped = leftOut ? `; ${atLeast}${leftOut} more up to that day are not either (at most ${walk.max} per series)` : '';
    return { starts: kept, notice: `${describe(event)} repeats without end: ${kept.length} occurrence(s) imported, none after ${day(walk.horizon)} (the expansion horizon)${capped}.` };
  }
  if (!leftOut) return { starts: kept };
  return { starts: kept, notice: `${describe(event)} has more than ${walk.max} occurrences: ${kept.length} imported, ${atLeast}${leftOut} left out.` };
}

const toWall = (time: ICAL.Time): Wall => ({ year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second });

/**
 * Expands every series of a calendar. `events` are all its events (masters, overrides, single
 * events) in document order; `series` maps the masters with an RRULE or RDATE to their components.
 */
export function expandSeries(events: CalendarEvent[], series: Map<CalendarEvent, ICAL.Component>, options: ExpandOptions = {}): Expansion {
  const walk = { max: options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES, horizon: options.horizon ?? new Date(Date.now() + 2 * 366 * DAY) };
  const masters = new Map([...series.keys()].map((event) => [event.uid, event]));
  const overrides = new Map<string, CalendarEvent>();
  for (const event of events) {
    const master = masters.get(event.uid);
    if (event.recurrenceId && master) overrides.set(`${event.uid} ${occurrenceKey(master, event.recurrenceId)}`, event);
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
    const { starts, notice } = startsOf(event, component, walk);
    if (notice) notices.push(notice);
    const used = new Set<string>();
    for (const start of starts) {
      const key = `${event.uid} ${occurrenceKey(event, start)}`;
      const override = overrides.get(key);
      used.add(key);
      result.push(override ? { ...override, uid: occurrenceUid(event, start) } : occurrenceAt(event, start));
    }
    // An override naming no occurrence the rule produced (RFC 5545 says it must): kept, not lost.
    for (const [key, override] of overrides) {
      if (override.uid === event.uid && !used.has(key)) result.push({ ...override, uid: occurrenceUid(event, override.recurrenceId!) });
    }
  }
  return { events: result, notices };
}
