/**
 * VTIMEZONE components for the zones our feeds use, generated from Intl (the tz database Node
 * ships, as fresh as Node): a base observance, then one STANDARD or DAYLIGHT observance per offset
 * change in the years needed. ical.js has no tz database, and a generated VTIMEZONE from the same
 * data the rest of the site uses cannot disagree with the times we store.
 */
import ICAL from 'ical.js';
import type { Wall } from './wall';
import { msToWall } from './wall';
import { zoneOffsetMinutes, zoneTransitions } from './zones';

function abbreviation(zone: string, ms: number): string | undefined {
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return undefined;
}

/** Daylight time is the higher of the year's January and July offsets (north and south alike). */
function isDaylight(zone: string, ms: number, offset: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return offset > Math.min(zoneOffsetMinutes(zone, Date.UTC(year, 0, 1)), zoneOffsetMinutes(zone, Date.UTC(year, 6, 1)));
}

const offsetValue = (minutes: number) => ICAL.UtcOffset.fromSeconds(minutes * 60);

function observance(kind: string, start: Wall, from: number, to: number, name?: string): ICAL.Component {
  const component = new ICAL.Component(kind);
  component.addPropertyWithValue('dtstart', ICAL.Time.fromData({ ...start, isDate: false }));
  component.addPropertyWithValue('tzoffsetfrom', offsetValue(from));
  component.addPropertyWithValue('tzoffsetto', offsetValue(to));
  if (name) component.addPropertyWithValue('tzname', name);
  return component;
}

/** The VTIMEZONE of an IANA zone covering `fromYear`..`toYear`. */
export function buildVtimezone(zone: string, fromYear: number, toYear: number): ICAL.Component {
  const from = Date.UTC(fromYear - 1, 0, 1);
  const transitions = zoneTransitions(zone, from, Date.UTC(toYear + 1, 0, 1));
  const base = transitions.length ? transitions[0].from : zoneOffsetMinutes(zone, Date.UTC(fromYear, 0, 1));
  const vtimezone = new ICAL.Component('vtimezone');
  vtimezone.addPropertyWithValue('tzid', zone);
  vtimezone.addPropertyWithValue('x-lic-location', zone);
  const kind = (ms: number, offset: number) => (isDaylight(zone, ms, offset) ? 'daylight' : 'standard');
  vtimezone.addSubcomponent(observance(kind(from, base), { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, base, base, abbreviation(zone, from)));
  for (const change of transitions) {
    // DTSTART of an observance is the local time of the change under the offset it replaces.
    vtimezone.addSubcomponent(observance(kind(change.at, change.to), msToWall(change.at + change.from * 60_000), change.from, change.to, abbreviation(zone, change.at)));
  }
  return vtimezone;
}
