/**
 * Event times as The Events Calendar keeps them: a wall clock in the event's own time zone
 * (`YYYY-MM-DD HH:MM:SS`) with its UTC copy, the zone's name and abbreviation; the site's zone as
 * TEC names it (Tribe__Timezones::wp_timezone_string: the city, or `UTC+0`, `UTC-5.5`...); and the
 * time strings clients send (a practical subset of PHP's strtotime).
 */
import { msToWall, wallToMs, type Wall } from './ical/wall';
import { isValidTimeZone, offsetMinutes, siteTimeToInstant, type SiteZone } from '../content/dates';

/** `Y-m-d H:i:s`, the format of every event time and of the list bounds. */
export type SqlDateTime = string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant shifted by some minutes, as `YYYY-MM-DD HH:MM:SS`. */
function formatShifted(instant: Date, minutes: number): SqlDateTime {
  const d = new Date(instant.getTime() + minutes * 60000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function formatUtc(instant: Date): SqlDateTime {
  return formatShifted(instant, 0);
}

/** The instant a stored UTC time (`Y-m-d H:i:s`) names. */
export function parseUtc(text: SqlDateTime): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

export function formatIn(instant: Date, zone: SiteZone): SqlDateTime {
  return formatShifted(instant, offsetMinutes(instant, zone));
}

// ---------------------------------------------------------------------------------------------
// Zones
// ---------------------------------------------------------------------------------------------

const UTC_OFFSET = /^UTC([+-]\d{1,2}(?:\.\d+)?)?$/;

/** The site's zone as TEC names it: the city when set, else `UTC+0` / `UTC+5.5` / `UTC-3`. */
export function siteTimezoneName(zone: SiteZone): string {
  if (zone.timezone_string) return zone.timezone_string;
  const offset = Number(zone.gmt_offset) || 0;
  return offset < 0 ? `UTC${offset}` : `UTC+${offset}`;
}

/** Tribe__Timezones::is_valid_timezone: an IANA zone or a `UTC±N` offset. */
export function isValidEventTimezone(name: string): boolean {
  return UTC_OFFSET.test(name) || isValidTimeZone(name);
}

/** The zone an event's wall clock is read in (its own, else the site's). */
export function zoneNamed(name: string, site: SiteZone): SiteZone {
  if (!name) return site;
  const offset = UTC_OFFSET.exec(name);
  if (offset) return { timezone_string: '', gmt_offset: Number(offset[1] ?? 0) };
  return isValidTimeZone(name) ? { timezone_string: name, gmt_offset: 0 } : site;
}

const ABBR_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'];

/** PHP's `T` format: the zone's abbreviation at that instant (`CET`, `EST`), else its offset (`+09`, `+0530`). */
export function timezoneAbbr(name: string, instant: Date): string {
  if (UTC_OFFSET.test(name)) return name;
  if (!isValidTimeZone(name)) return '';
  for (const locale of ABBR_LOCALES) {
    const part = new Intl.DateTimeFormat(locale, { timeZone: name, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName');
    if (part && !/^GMT[+-]/.test(part.value)) return part.value === 'GMT' && name === 'UTC' ? 'UTC' : part.value;
  }
  const minutes = offsetMinutes(instant, { timezone_string: name, gmt_offset: 0 });
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${abs % 60 ? pad(abs % 60) : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Time strings (strtotime)
// ---------------------------------------------------------------------------------------------

function wallOf(instant: Date, zone: SiteZone): Wall {
  return msToWall(instant.getTime() + offsetMinutes(instant, zone) * 60000);
}

/** Normalises overflowing fields (month 14, day 0...) the way PHP's date arithmetic does. */
function normalise(wall: Wall): Wall {
  return msToWall(wallToMs(wall));
}

const UNITS: Record<string, keyof Wall | 'week' | 'fortnight'> = {
  sec: 'second', secs: 'second', second: 'second', seconds: 'second',
  min: 'minute', mins: 'minute', minute: 'minute', minutes: 'minute',
  hour: 'hour', hours: 'hour',
  day: 'day', days: 'day',
  week: 'week', weeks: 'week',
  fortnight: 'fortnight', fortnights: 'fortnight',
  month: 'month', months: 'month',
  year: 'year', years: 'year',
};

const DATE_PART = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}:?\d{2})?/;
const TIME_PART = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i;
const RELATIVE_PART = /^([+-]?\d+)\s*([a-z]+)(\s+ago)?/i;

/**
 * strtotime() for the forms clients of the calendar send: Unix timestamps (`1735689600`,
 * `@1735689600`), dates with optional times and offsets (`2027-03-01`, `2027-03-01 18:00`,
 * `2027-03-01T18:00:00+02:00`), `now`, `today`, `midnight`, `tomorrow`, `yesterday`, a time of
 * day (`23:59`, `6pm`), and relative offsets (`+10 days`, `-1 week`, `2 months ago`), combined in
 * any order. Wall clocks are read in `zone`. Returns null for anything else.
 */
export function parseTimeString(input: unknown, zone: SiteZone, now: Date = new Date()): Date | null {
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(Math.trunc(input) * 1000) : null;
  if (typeof input !== 'string') return null;
  let text = input.trim().toLowerCase();
  if (text === '') return null;
  if (/^@?[+-]?\d+(\.\d+)?$/.test(text)) {
    return new Date(Math.trunc(Number(text.replace('@', ''))) * 1000);
  }
  let wall = wallOf(now, zone);
  let offset: number | null = null;
  let matched = false;
  while (text !== '') {
    let m: RegExpExecArray | null;
    if ((m = DATE_PART.exec(text))) {
      wall = { year: +m[1], month: +m[2], day: +m[3], hour: m[4] ? +m[4] : 0, minute: m[5] ? +m[5] : 0, second: m[6] ? +m[6] : 0 };
      if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
      if (m[7]) offset = /^(z|utc|gmt)$/.test(m[7]) ? 0 : (m[7][0] === '-' ? -1 : 1) * (Number(m[7].slice(1, 3)) * 60 + Number(m[7].replace(':', '').slice(3, 5)));
    } else if ((m = /^(now|today|midnight|tomorrow|yesterday|noon)\b/.exec(text))) {
      if (m[1] !== 'now') wall = { ...wall, hour: m[1] === 'noon' ? 12 : 0, minute: 0, second: 0 };
      if (m[1] === 'tomorrow') wall = normalise({ ...wall, day: wall.day + 1 });
      if (m[1] === 'yesterday') wall = normalise({ ...wall, day: wall.day - 1 });
    } else if ((m = TIME_PART.exec(text)) || (m = /^(\d{1,2})\s*(am|pm)/i.exec(text))) {
      const hasMinutes = m.length > 3;
      let hour = +m[1];
      const meridiem = hasMinutes ? m[4] : m[2];
      if (meridiem) {
        if (hour < 1 || hour > 12) return null;
        hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
      }
      const minute = hasMinutes ? +m[2] : 0;
      const second = hasMinutes && m[3] ? +m[3] : 0;
      if (hour > 23 || minute > 59 || second > 59) return null;
      wall = { ...wall, hour, minute, second };
    } else if ((m = RELATIVE_PART.exec(text)) && UNITS[m[2]]) {
      const amount = Number(m[1]) * (m[3] ? -1 : 1);
      const unit = UNITS[m[2]];
      if (unit === 'week') wall = normalise({ ...wall, day: wall.day + 7 * amount });
      else if (unit === 'fortnight') wall = normalise({ ...wall, day: wall.day + 14 * amount });
      else wall = normalise({ ...wall, [unit]: wall[unit] + amount });
    } else {
      return null;
    }
    matched = true;
    text = text.slice(m[0].length).trim();
  }
  if (!matched) return null;
  if (offset !== null) {
    const utc = new Date(Date.UTC(2000, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
    utc.setUTCFullYear(wall.year);
    return new Date(utc.getTime() - offset * 60000);
  }
  return siteTimeToInstant(wall, zone);
}

/** The wall clock of a `Y-m-d H:i:s` text read in a zone, as an instant. */
export function instantOfLocal(text: SqlDateTime, zone: SiteZone): Date {
  return parseTimeString(text, zone) as Date;
}

/** tribe_beginning_of_day(): `Y-m-d 00:00:00` of the day the time falls on (site time). */
export function beginningOfDay(instant: Date, zone: SiteZone): SqlDateTime {
  return formatIn(instant, zone).slice(0, 10) + ' 00:00:00';
}

/** tribe_end_of_day(): `Y-m-d 23:59:59` of the day the time falls on (site time). */
export function endOfDay(instant: Date, zone: SiteZone): SqlDateTime {
  return formatIn(instant, zone).slice(0, 10) + ' 23:59:59';
}

/** `{year, month, day, hour, minutes, seconds}` as zero-padded strings (PHP date() parts). */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

export function dateDetails(text: SqlDateTime): DateDetails {
  return { year: text.slice(0, 4), month: text.slice(5, 7), day: text.slice(8, 10), hour: text.slice(11, 13), minutes: text.slice(14, 16), seconds: text.slice(17, 19) };
}
