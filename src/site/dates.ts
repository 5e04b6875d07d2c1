/**
 * date_i18n() for the site's `date_format` and `time_format` (English names): the PHP format
 * characters themes use, applied to a site-time wall clock `YYYY-MM-DD HH:MM:SS`. Other letters
 * print as themselves; a backslash escapes the next character, as in PHP.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number): string => String(n).padStart(2, '0');

export function formatWallClock(format: string, wall: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(wall);
  if (!m) return wall;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const parts: Record<string, string> = {
    d: pad(day), j: String(day), D: DAYS[weekday].slice(0, 3), l: DAYS[weekday], N: String(weekday === 0 ? 7 : weekday), w: String(weekday),
    S: day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th',
    F: MONTHS[month - 1], M: MONTHS[month - 1].slice(0, 3), m: pad(month), n: String(month),
    Y: String(year), y: pad(year % 100),
    a: hour < 12 ? 'am' : 'pm', A: hour < 12 ? 'AM' : 'PM', g: String(hour12), G: String(hour), h: pad(hour12), H: pad(hour), i: pad(minute), s: pad(second),
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '\\' && i + 1 < format.length) out += format[++i];
    else out += parts[c] ?? c;
  }
  return out;
}
