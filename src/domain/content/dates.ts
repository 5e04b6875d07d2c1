/**
 * Dates the WordPress way. Content stores UTC instants; the site's time zone (timezone_string,
 * or a fixed gmt_offset) turns them into the "site time" that `date`/`modified` show, and turns
 * site-time input back into instants.
 */
import type { SiteOptions } from '../settings/options';

export type SiteZone = Pick<SiteOptions, 'timezone_string' | 'gmt_offset'>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to get site time at this instant. */
export function offsetMinutes(instant: Date, zone: SiteZone): number {
  if (!zone.timezone_string || !isValidTimeZone(zone.timezone_string)) return Math.round(zone.gmt_offset * 60);
  const parts = formatterFor(zone.timezone_string).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? '0' : '') + String(n));
const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z as time values: the years `utcWallClock` prints. */
const YEAR_0 = -62_167_219_200_000;
const YEAR_10000 = 253_402_300_800_000;

/**
 * `YYYY-MM-DDTHH:MM:SS` of a time value in UTC, for years 0–9999 (null outside them, or for NaN):
 * toISOString()'s first 19 characters, made without a Date (lists print several dates per record).
 * The date is Howard Hinnant's civil_from_days.
 */
export function utcWallClock(ms: number): string | null {
  if (!(ms >= YEAR_0 && ms < YEAR_10000)) return null;
  const days = Math.floor(ms / DAY_MS);
  const inDay = Math.floor((ms - days * DAY_MS) / 1000);
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(inDay / 3600);
  const minute = Math.floor((inDay % 3600) / 60);
  return `${TWO_DIGITS[Math.floor(year / 100)]}${TWO_DIGITS[year % 100]}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[inDay % 60]}`;
}

/** `YYYY-MM-DDTHH:MM:SS` of an instant shifted by some minutes: WordPress's REST date format. */
function formatShifted(instant: Date, minutes: number): string {
  const fast = utcWallClock(instant.getTime() + minutes * 60000);
  if (fast !== null) return fast;
  const d = new Date(instant.getTime() + minutes * 60000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function formatGmt(instant: Date): string {
  return formatShifted(instant, 0);
}

export function formatSiteTime(instant: Date, zone: SiteZone): string {
  return formatShifted(instant, offsetMinutes(instant, zone));
}

/** Site time as the MySQL-style text some plugins print: `YYYY-MM-DD HH:MM:SS`. */
export function formatSiteTimeSql(instant: Date, zone: SiteZone): string {
  return formatSiteTime(instant, zone).replace('T', ' ');
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export interface ParsedDateTime {
  /** Wall-clock fields as given. */
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  /** Minutes east of UTC when the text carried an offset or Z; null for "local" text. */
  offset: number | null;
}

export function parseDateTime(text: string): ParsedDateTime | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, , tz] = m;
  const wall = { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +s };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  let offset: number | null = null;
  if (tz) {
    if (tz === 'Z' || tz === 'z') offset = 0;
    else {
      const sign = tz[0] === '-' ? -1 : 1;
      const digits = tz.slice(1).replace(':', '');
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
    }
  }
  return { wall, offset };
}

function wallToUtcMs(wall: ParsedDateTime['wall']): number {
  const d = new Date(Date.UTC(2000, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  d.setUTCFullYear(wall.year); // Date.UTC would read years below 100 as 19xx
  return d.getTime();
}

/** The instant a site-time wall clock denotes (resolving DST gaps the way PHP's DateTime does). */
export function siteTimeToInstant(wall: ParsedDateTime['wall'], zone: SiteZone): Date {
  const naive = wallToUtcMs(wall);
  let guess = naive - offsetMinutes(new Date(naive), zone) * 60000;
  const second = naive - offsetMinutes(new Date(guess), zone) * 60000;
  if (second !== guess) guess = second;
  return new Date(guess);
}

/** Text with an offset means that instant; text without one is site time. */
export function parseSiteDate(text: string, zone: SiteZone): Date | null {
  const parsed = parseDateTime(text);
  if (!parsed) return null;
  if (parsed.offset !== null) return new Date(wallToUtcMs(parsed.wall) - parsed.offset * 60000);
  return siteTimeToInstant(parsed.wall, zone);
}

/** A `*_gmt` input: the wall clock is UTC, whatever offset the text carried (as WordPress does). */
export function parseGmtDate(text: string): Date | null {
  const parsed = parseDateTime(text);
  return parsed ? new Date(wallToUtcMs(parsed.wall)) : null;
}
