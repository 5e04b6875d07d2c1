/**
 * RRULE (RFC 5545 §3.3.10): reading it into a RecurrenceRule, and expanding the common cases
 * (DAILY/WEEKLY/MONTHLY/YEARLY with INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH) into
 * separate occurrences, capped, honouring EXDATE and RECURRENCE-ID overrides.
 */
import { icalParseError } from './errors';
import type { CalendarEvent, RecurrenceFrequency, RecurrenceRule, RecurrenceWeekday } from './types';
import type { IcalDateValue, Wall } from './wall';
import { daysInMonth, formatIcalDate, formatIcalDateTime, formatLocal, msToWall, parseIcalDateValue, parseLocal, wallToMs } from './wall';
import { instantToZonedWall, zonedWallToInstant } from './zones';

const FREQUENCIES: RecurrenceFrequency[] = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
export const WEEKDAYS: RecurrenceWeekday['day'][] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY = 86_400_000;

function integers(value: string, min: number, max: number, line: number, part: string): number[] {
  return value.split(',').map((item) => {
    const n = Number(item);
    if (!/^[+-]?\d+$/.test(item) || Math.abs(n) < min || Math.abs(n) > max) throw icalParseError(line, `bad ${part} value "${item}" in RRULE`);
    return n;
  });
}

/** Reads an RRULE value. `untilToDate` turns UNTIL into an instant (DATE and floating values depend on the event's zone). */
export function parseRrule(text: string, line: number, untilToDate: (value: IcalDateValue) => Date): RecurrenceRule {
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw icalParseError(line, `bad RRULE part "${part}"`);
    parts.set(part.slice(0, eq).toUpperCase(), part.slice(eq + 1).toUpperCase());
  }
  const freq = parts.get('FREQ') as RecurrenceFrequency | undefined;
  if (!freq || !FREQUENCIES.includes(freq)) throw icalParseError(line, 'RRULE needs a FREQ of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY');
  const rule: RecurrenceRule = { text, freq, interval: 1 };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) rule.interval = integers(interval, 1, 100_000, line, 'INTERVAL')[0];
  const count = parts.get('COUNT');
  if (count !== undefined) rule.count = integers(count, 1, Number.MAX_SAFE_INTEGER, line, 'COUNT')[0];
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const value = parseIcalDateValue(until);
    if (!value) throw icalParseError(line, `bad UNTIL date "${until}" in RRULE`);
    rule.until = untilToDate(value);
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    rule.byDay = byDay.split(',').map((item) => {
      const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(item);
      if (!m || (m[1] !== undefined && (Number(m[1]) === 0 || Math.abs(Number(m[1])) > 53))) throw icalParseError(line, `bad BYDAY value "${item}" in RRULE`);
      const weekday: RecurrenceWeekday = { day: m[2] as RecurrenceWeekday['day'] };
      if (m[1] !== undefined) weekday.nth = Number(m[1]);
      return weekday;
    });
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) rule.byMonthDay = integers(byMonthDay, 1, 31, line, 'BYMONTHDAY');
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) rule.byMonth = integers(byMonth, 1, 12, line, 'BYMONTH');
  return rule;
}

/** Day of month of the nth (negative: from the end) weekday of a month, or null when there is none. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): number | null {
  const days = matchingDays(year, month, weekday);
  const day = nth > 0 ? days[nth - 1] : days[days.length + nth];
  return day ?? null;
}

function matchingDays(year: number, month: number, weekday: number): number[] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days: number[] = [];
  for (let day = 1 + ((weekday - first + 7) % 7); day <= daysInMonth(year, month); day += 7) days.push(day);
  return days;
}

const weekdayOf = (wall: Wall) => new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
const weekdayIndex = (day: RecurrenceWeekday['day']) => WEEKDAYS.indexOf(day);

/** The days (as walls at the start's time of day) a rule produces in the month of `year`/`month`. */
function daysInMonthByRule(rule: RecurrenceRule, year: number, month: number, start: Wall, yearly: boolean): number[] {
  let days: number[];
  if (rule.byDay) {
    days = rule.byDay.flatMap((weekday) => {
      if (weekday.nth === undefined) return matchingDays(year, month, weekdayIndex(weekday.day));
      if (yearly && !rule.byMonth) return []; // nth weekday of the year: handled by the caller
      const day = nthWeekdayOfMonth(year, month, weekdayIndex(weekday.day), weekday.nth);
      return day === null ? [] : [day];
    });
    if (rule.byMonthDay) days = days.filter((day) => monthDays(rule.byMonthDay!, year, month).includes(day));
  } else if (rule.byMonthDay) days = monthDays(rule.byMonthDay, year, month);
  else days = start.day <= daysInMonth(year, month) ? [start.day] : []; // RFC: skip months without that day
  return [...new Set(days)].sort((a, b) => a - b);
}

function monthDays(byMonthDay: number[], year: number, month: number): number[] {
  const length = daysInMonth(year, month);
  return byMonthDay.map((day) => (day > 0 ? day : length + day + 1)).filter((day) => day >= 1 && day <= length);
}

/** Nth weekday of a whole year (YEARLY;BYDAY=20MO without BYMONTH). */
function nthWeekdayOfYear(year: number, weekday: number, nth: number): Wall | null {
  const days: number[] = [];
  for (let ms = Date.UTC(year, 0, 1); new Date(ms).getUTCFullYear() === year; ms += DAY) if (new Date(ms).getUTCDay() === weekday) days.push(ms);
  const ms = nth > 0 ? days[nth - 1] : days[days.length + nth];
  return ms === undefined ? null : msToWall(ms);
}

/** Candidate dates of period number `k` (in units of INTERVAL × FREQ counted from the start). */
function periodDates(rule: RecurrenceRule, start: Wall, k: number): Wall[] {
  const at = (year: number, month: number, day: number): Wall => ({ year, month, day, hour: start.hour, minute: start.minute, second: start.second });
  const inMonths = (wall: Wall) => !rule.byMonth || rule.byMonth.includes(wall.month);
  switch (rule.freq) {
    case 'DAILY': {
      const wall = msToWall(wallToMs(start) + k * rule.interval * DAY);
      const dayOk = !rule.byDay || rule.byDay.some((weekday) => weekdayIndex(weekday.day) === weekdayOf(wall));
      const monthDayOk = !rule.byMonthDay || monthDays(rule.byMonthDay, wall.year, wall.month).includes(wall.day);
      return dayOk && monthDayOk && inMonths(wall) ? [wall] : [];
    }
    case 'WEEKLY': {
      const mondayOffset = (weekdayOf(start) + 6) % 7; // weeks start on Monday (WKST default)
      const weekStart = wallToMs(start) - mondayOffset * DAY + k * rule.interval * 7 * DAY;
      const weekdays = rule.byDay ? rule.byDay.map((weekday) => weekdayIndex(weekday.day)) : [weekdayOf(start)];
      return weekdays
        .map((weekday) => msToWall(weekStart + ((weekday + 6) % 7) * DAY))
        .filter(inMonths)
        .sort((a, b) => wallToMs(a) - wallToMs(b));
    }
    case 'MONTHLY': {
      const index = start.month - 1 + k * rule.interval;
      const year = start.year + Math.floor(index / 12);
      const month = (index % 12) + 1;
      if (rule.byMonth && !rule.byMonth.includes(month)) return [];
      return daysInMonthByRule(rule, year, month, start, false).map((day) => at(year, month, day));
    }
    case 'YEARLY': {
      const year = start.year + k * rule.interval;
      if (rule.byDay && !rule.byMonth && rule.byDay.some((weekday) => weekday.nth !== undefined)) {
        return rule.byDay
          .filter((weekday) => weekday.nth !== undefined)
          .map((weekday) => nthWeekdayOfYear(year, weekdayIndex(weekday.day), weekday.nth!))
          .filter((wall): wall is Wall => wall !== null)
          .map((wall) => at(wall.year, wall.month, wall.day))
          .sort((a, b) => wallToMs(a) - wallToMs(b));
      }
      const months = rule.byMonth ?? (rule.byDay || rule.byMonthDay ? range(1, 12) : [start.month]);
      return [...months].sort((a, b) => a - b).flatMap((month) => daysInMonthByRule(rule, year, month, start, true).map((day) => at(year, month, day)));
    }
    default:
      return [];
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Rule parts this expander does not understand; a rule using them is left unexpanded. */
export function unsupportedRruleParts(rule: RecurrenceRule): string[] {
  const known = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'WKST']);
  const unknown = rule.text.split(';').map((part) => part.split('=')[0].toUpperCase()).filter((name) => name && !known.has(name));
  if (!['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(rule.freq)) unknown.push(`FREQ=${rule.freq}`);
  return unknown;
}

export interface ExpandOptions {
  /** Most occurrences produced per recurring event (default 500). */
  maxOccurrences?: number;
  /** Occurrences starting after this instant are not produced (default: none; COUNT/UNTIL/maxOccurrences still cap). */
  horizon?: Date;
}

/** The uid of one occurrence: the series uid plus the occurrence's start. */
export function occurrenceUid(event: CalendarEvent, start: Date): string {
  const stamp = event.allDay ? formatIcalDate(instantToZonedWall(event.start.timezone, start)) : `${formatIcalDateTime(msToWall(start.getTime()))}Z`;
  return `${event.uid}#${stamp}`;
}

/** One occurrence of a recurring event, starting at the given wall time of the event's zone. */
function occurrenceAt(event: CalendarEvent, wall: Wall): CalendarEvent {
  const { recurrence: _recurrence, exceptionDates: _exceptionDates, ...rest } = event;
  const utc = zonedWallToInstant(event.start.timezone, wall);
  const start = { local: formatLocal(instantToZonedWall(event.start.timezone, utc)), timezone: event.start.timezone, utc };
  let end;
  if (event.allDay) {
    const days = Math.floor((wallToMs(parseLocal(event.end.local)!) - wallToMs(parseLocal(event.start.local)!)) / DAY);
    const endWall = { ...msToWall(wallToMs({ ...wall, hour: 0, minute: 0, second: 0 }) + days * DAY), hour: 23, minute: 59, second: 59 };
    end = { local: formatLocal(endWall), timezone: event.end.timezone, utc: zonedWallToInstant(event.end.timezone, endWall) };
  } else {
    const endUtc = new Date(utc.getTime() + (event.end.utc.getTime() - event.start.utc.getTime()));
    end = { local: formatLocal(instantToZonedWall(event.end.timezone, endUtc)), timezone: event.end.timezone, utc: endUtc };
  }
  return { ...rest, uid: occurrenceUid(event, utc), start, end, recurrenceId: utc };
}

/**
 * Expands recurring events into their occurrences (each with its own uid and `recurrenceId`);
 * overrides (same uid + RECURRENCE-ID) replace the occurrence they name; non-recurring events and
 * rules with parts we do not understand pass through unchanged.
 */
export function expandRecurrences(events: CalendarEvent[], options: ExpandOptions = {}): CalendarEvent[] {
  const max = options.maxOccurrences ?? 500;
  const overrides = new Map<string, CalendarEvent>();
  for (const event of events) if (event.recurrenceId) overrides.set(`${event.uid} ${event.recurrenceId.getTime()}`, event);
  const masters = new Set(events.filter((event) => event.recurrence && !event.recurrenceId).map((event) => event.uid));
  const result: CalendarEvent[] = [];
  for (const event of events) {
    if (event.recurrenceId) {
      if (!masters.has(event.uid)) result.push(event); // an override without its series: keep it as it is
      continue;
    }
    if (!event.recurrence || unsupportedRruleParts(event.recurrence).length) {
      result.push(event);
      continue;
    }
    for (const occurrence of occurrencesOf(event, event.recurrence, max, options.horizon)) {
      const override = overrides.get(`${event.uid} ${occurrence.recurrenceId!.getTime()}`);
      result.push(override ? { ...override, uid: occurrence.uid } : occurrence);
    }
  }
  return result;
}

function occurrencesOf(event: CalendarEvent, rule: RecurrenceRule, max: number, horizon?: Date): CalendarEvent[] {
  const start = parseLocal(event.start.local)!;
  const startMs = wallToMs(start);
  const excluded = new Set((event.exceptionDates ?? []).map((date) => (event.allDay ? formatIcalDate(instantToZonedWall(event.start.timezone, date)) : String(date.getTime()))));
  const isExcluded = (occurrence: CalendarEvent) =>
    excluded.has(event.allDay ? formatIcalDate(parseLocal(occurrence.start.local)!) : String(occurrence.start.utc.getTime()));
  const occurrences: CalendarEvent[] = [];
  let produced = 0; // COUNT counts excluded dates too (RFC 5545: EXDATE removes from the set afterwards)
  const accept = (wall: Wall): boolean => {
    const occurrence = occurrenceAt(event, wall);
    if (rule.until && occurrence.start.utc.getTime() > rule.until.getTime()) return false;
    if (horizon && occurrence.start.utc.getTime() > horizon.getTime()) return false;
    produced++;
    if (!isExcluded(occurrence)) occurrences.push(occurrence);
    return (rule.count === undefined || produced < rule.count) && occurrences.length < max;
  };
  if (!accept(start)) return occurrences;
  // A rule that matches nothing (BYMONTHDAY=30;BYMONTH=2) must not loop for ever.
  for (let k = 0; k < 50_000; k++) {
    for (const wall of periodDates(rule, start, k)) {
      if (wallToMs(wall) <= startMs) continue;
      if (!accept(wall)) return occurrences;
    }
  }
  return occurrences;
}
