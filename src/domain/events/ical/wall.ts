/** Wall-clock times (no zone) and their text form `YYYY-MM-DD HH:MM:SS`. */

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
