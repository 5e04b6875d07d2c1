/** Wall-clock times (no zone) and their text forms: `YYYY-MM-DD HH:MM:SS`, iCalendar DATE / DATE-TIME. */

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds of the wall time read as if it were UTC: handy for arithmetic on wall times. */
export function wallToMs(wall: Wall): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

export function msToWall(ms: number): Wall {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidWall(wall: Wall): boolean {
  return wall.month >= 1 && wall.month <= 12 && wall.day >= 1 && wall.day <= daysInMonth(wall.year, wall.month) && wall.hour <= 23 && wall.minute <= 59 && wall.second <= 59;
}

/** `YYYY-MM-DD HH:MM:SS`. */
export function formatLocal(wall: Wall): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads `YYYY-MM-DD HH:MM[:SS]`; null when it is not a valid wall time. */
export function parseLocal(text: string): Wall | null {
  const m = LOCAL.exec(text.trim());
  if (!m) return null;
  const wall = { year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5], second: m[6] ? +m[6] : 0 };
  return isValidWall(wall) ? wall : null;
}

/** iCalendar DATE: `YYYYMMDD`. */
export function formatIcalDate(wall: Wall): string {
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}`;
}

/** iCalendar DATE-TIME without zone: `YYYYMMDDTHHMMSS`. */
export function formatIcalDateTime(wall: Wall): string {
  return `${formatIcalDate(wall)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

export function formatIcalUtc(instant: Date): string {
  return `${formatIcalDateTime(msToWall(instant.getTime()))}Z`;
}

export interface IcalDateValue {
  wall: Wall;
  /** A DATE value (no time of day). */
  isDate: boolean;
  /** Ends in `Z`. */
  isUtc: boolean;
}

const ICAL_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/i;

/**
 * Reads a DATE (`20260307`) or DATE-TIME (`20260307T090000`, `...Z`) value; null when invalid.
 * Seconds may be missing (some generators drop them) and a leap second 60 is read as 59.
 */
export function parseIcalDateValue(text: string): IcalDateValue | null {
  const m = ICAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const isDate = m[4] === undefined;
  const second = m[6] === undefined ? 0 : Math.min(+m[6], 59);
  const wall = { year: +m[1], month: +m[2], day: +m[3], hour: isDate ? 0 : +m[4], minute: isDate ? 0 : +m[5], second };
  if (!isValidWall(wall)) return null;
  return { wall, isDate, isUtc: !!m[7] };
}

/** A DURATION (§3.3.6): nominal days (weeks are 7 days) and exact seconds, both signed. */
export interface IcalDuration {
  days: number;
  seconds: number;
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;

export function parseDuration(text: string): IcalDuration | null {
  const value = text.trim();
  const m = DURATION.exec(value);
  if (!m || /^[+-]?PT?$/i.test(value) || /T$/i.test(value)) return null;
  const sign = m[1] === '-' ? -1 : 1;
  const days = (+(m[2] ?? 0) * 7 + +(m[3] ?? 0)) * sign;
  const seconds = (+(m[4] ?? 0) * 3600 + +(m[5] ?? 0) * 60 + +(m[6] ?? 0)) * sign;
  return { days, seconds };
}
