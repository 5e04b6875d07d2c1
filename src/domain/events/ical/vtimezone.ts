/**
 * VTIMEZONE components: generated for an IANA zone from Intl (one observance per offset change in
 * the years needed), and read back into offset rules so TZIDs that are not IANA names still resolve.
 */
import { icalParseError } from './errors';
import type { ContentLine } from './lines';
import { formatContentLine } from './lines';
import { parseRrule, nthWeekdayOfMonth, WEEKDAYS } from './recurrence';
import type { RecurrenceRule } from './types';
import type { Wall } from './wall';
import { formatIcalDateTime, msToWall, parseIcalDateValue, wallToMs } from './wall';
import { wallToInstant, zoneOffsetMinutes, zoneTransitions } from './zones';

/** `+0100`, `-0500`, `+053000` → minutes east of UTC. */
export function parseUtcOffset(text: string): number | null {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(text.trim());
  if (!m || +m[3] > 59) return null;
  const minutes = +m[2] * 60 + +m[3] + Math.round(+(m[4] ?? 0) / 60);
  return m[1] === '-' ? -minutes : minutes;
}

export function formatUtcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function abbreviation(zone: string, ms: number): string | undefined {
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return undefined;
}

/**
 * The VTIMEZONE (unfolded lines) of an IANA zone covering `fromYear`..`toYear`: a base observance,
 * then one STANDARD/DAYLIGHT observance per offset change found by probing Intl.
 */
export function buildVtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const from = Date.UTC(fromYear - 1, 0, 1);
  const transitions = zoneTransitions(zone, from, Date.UTC(toYear + 1, 0, 1));
  const base = transitions.length ? transitions[0].from : zoneOffsetMinutes(zone, Date.UTC(fromYear, 0, 1));
  const lines = ['BEGIN:VTIMEZONE', formatContentLine('TZID', {}, zone), formatContentLine('X-LIC-LOCATION', {}, zone)];
  const observance = (kind: string, start: Wall, offsetFrom: number, offsetTo: number, tzname?: string) => {
    lines.push(`BEGIN:${kind}`, `DTSTART:${formatIcalDateTime(start)}`, `TZOFFSETFROM:${formatUtcOffset(offsetFrom)}`, `TZOFFSETTO:${formatUtcOffset(offsetTo)}`);
    if (tzname) lines.push(formatContentLine('TZNAME', {}, tzname));
    lines.push(`END:${kind}`);
  };
  observance(isDaylight(zone, from, base) ? 'DAYLIGHT' : 'STANDARD', { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, base, base, abbreviation(zone, from));
  for (const transition of transitions) {
    // DTSTART of an observance is the local time of the change under the offset it replaces.
    const start = msToWall(transition.at + transition.from * 60_000);
    observance(isDaylight(zone, transition.at, transition.to) ? 'DAYLIGHT' : 'STANDARD', start, transition.from, transition.to, abbreviation(zone, transition.at));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** Daylight time is the higher of the year's January and July offsets (north and south alike). */
function isDaylight(zone: string, ms: number, offset: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  const standard = Math.min(zoneOffsetMinutes(zone, Date.UTC(year, 0, 1)), zoneOffsetMinutes(zone, Date.UTC(year, 6, 1)));
  return offset > standard;
}

/** One STANDARD or DAYLIGHT block of a parsed VTIMEZONE. */
export interface Observance {
  kind: 'STANDARD' | 'DAYLIGHT';
  start: Wall;
  offsetFrom: number;
  offsetTo: number;
  rule?: RecurrenceRule;
  rdates: Wall[];
}

export interface TimezoneDefinition {
  tzid: string;
  observances: Observance[];
  line: number;
}

/** Reads a VTIMEZONE's observances (given as their content lines) into a TimezoneDefinition. */
export function readVtimezone(tzid: string, line: number, observances: { kind: string; lines: ContentLine[]; line: number }[]): TimezoneDefinition {
  return {
    tzid,
    line,
    observances: observances.map(({ kind, lines, line: begin }) => {
      const get = (name: string) => lines.find((l) => l.name === name);
      const dtstart = get('DTSTART');
      const start = dtstart && parseIcalDateValue(dtstart.value);
      if (!dtstart || !start) throw icalParseError(dtstart?.line ?? begin, `${kind} needs a valid DTSTART`);
      const offset = (name: string) => {
        const property = get(name);
        const value = property && parseUtcOffset(property.value);
        if (value === null || value === undefined) throw icalParseError(property?.line ?? begin, `${kind} needs a valid ${name}`);
        return value;
      };
      const offsetFrom = offset('TZOFFSETFROM');
      const offsetTo = offset('TZOFFSETTO');
      const rrule = get('RRULE');
      const rdates = lines
        .filter((l) => l.name === 'RDATE')
        .flatMap((l) => l.value.split(','))
        .map((value) => parseIcalDateValue(value)?.wall)
        .filter((wall): wall is Wall => !!wall);
      return {
        kind: kind === 'DAYLIGHT' ? 'DAYLIGHT' : 'STANDARD',
        start: start.wall,
        offsetFrom,
        offsetTo,
        rule: rrule ? parseRrule(rrule.value, rrule.line, (value) => new Date(wallToMs(value.wall) - (value.isUtc ? 0 : offsetFrom * 60_000))) : undefined,
        rdates,
      };
    }),
  };
}

/** Onsets (instants) of an observance in the given years, plus its DTSTART and RDATEs. */
function onsets(observance: Observance, fromYear: number, toYear: number): number[] {
  const toInstant = (wall: Wall) => wallToMs(wall) - observance.offsetFrom * 60_000;
  const result = [observance.start, ...observance.rdates].map(toInstant);
  const rule = observance.rule;
  if (rule && rule.freq === 'YEARLY') {
    const { start } = observance;
    let count = 1;
    let first = start.year + rule.interval;
    // Without COUNT nothing needs counting, so skip the centuries Outlook's 1601 DTSTARTs leave behind.
    if (rule.count === undefined && first < fromYear) first += Math.floor((fromYear - first) / rule.interval) * rule.interval;
    for (let year = first; year <= toYear; year += rule.interval) {
      for (const month of rule.byMonth ?? [start.month]) {
        const day = yearlyDay(rule, year, month, start.day);
        if (day === null) continue;
        count++;
        const ms = toInstant({ ...start, year, month, day });
        if (rule.count !== undefined && count > rule.count) return result;
        if (rule.until && ms > rule.until.getTime()) return result;
        if (year >= fromYear) result.push(ms);
      }
    }
  }
  return result;
}

function yearlyDay(rule: RecurrenceRule, year: number, month: number, startDay: number): number | null {
  const weekday = rule.byDay?.[0];
  if (!weekday) return rule.byMonthDay?.[0] ?? startDay;
  const index = WEEKDAYS.indexOf(weekday.day);
  if (weekday.nth !== undefined) return nthWeekdayOfMonth(year, month, index, weekday.nth);
  // Old style: BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,14 ("the Sunday among these days").
  const candidates = rule.byMonthDay ?? [startDay];
  return candidates.find((day) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() === index) ?? null;
}

/** Minutes east of UTC at an instant under a VTIMEZONE definition. */
export function definitionOffsetAt(definition: TimezoneDefinition, ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  let best: { at: number; offset: number } | undefined;
  let earliest: { at: number; offset: number } | undefined;
  for (const observance of definition.observances) {
    for (const at of onsets(observance, year - 1, year + 1)) {
      if (at <= ms && (!best || at > best.at)) best = { at, offset: observance.offsetTo };
      if (!earliest || at < earliest.at) earliest = { at, offset: observance.offsetFrom };
    }
  }
  return best?.offset ?? earliest?.offset ?? 0;
}

export function definitionWallToInstant(definition: TimezoneDefinition, wall: Wall): Date {
  return wallToInstant(wall, (ms) => definitionOffsetAt(definition, ms));
}

/** Instants worth comparing when matching a definition to an IANA zone: around each change, and twice a month. */
export function definitionProbes(definition: TimezoneDefinition, year: number): number[] {
  const probes: number[] = [];
  for (let month = 0; month < 12; month++) probes.push(Date.UTC(year, month, 1), Date.UTC(year, month, 15));
  for (const observance of definition.observances) {
    for (const at of onsets(observance, year - 1, year + 1)) {
      if (new Date(at).getUTCFullYear() >= year - 1 && new Date(at).getUTCFullYear() <= year + 1) probes.push(at - 3_600_000, at + 3_600_000);
    }
  }
  return probes;
}
