/**
 * Which IANA zone a TZID means: an IANA name (also inside a prefix such as
 * `/mozilla.org/20050126_1/Europe/Berlin`), a Windows name, a city named in an Outlook display
 * name, or — for a TZID that names none of these but comes with a VTIMEZONE — the zone whose
 * offsets match the VTIMEZONE's (ical.js computes those). The zone is what events are shown in;
 * instants come from ical.js, through the document's VTIMEZONE or an Intl zone registered for it.
 */
import ICAL from 'ical.js';
import { windowsZoneToIana } from './windows-zones';
import { ianaZoneName, zoneOffsetMinutes } from './zones';

/** An IANA zone named by a TZID itself (exactly, after a path prefix, or as a Windows name). */
export function ianaZoneFromTzid(tzid: string): string | null {
  const name = tzid.trim();
  const exact = ianaZoneName(name);
  if (exact) return exact;
  // "/mozilla.org/20050126_1/Europe/Berlin": try the last three, then two segments (a lone "Berlin" is no zone).
  const segments = name.split('/').filter(Boolean);
  for (let take = Math.min(3, segments.length); take >= 2; take--) {
    const zone = ianaZoneName(segments.slice(-take).join('/'));
    if (zone) return zone;
  }
  return windowsZoneToIana(name) ?? null;
}

let cities: { pattern: RegExp; zone: string }[] | undefined;

/** Zones whose city appears in a display name such as "(UTC+01:00) Amsterdam, Berlin, Bern, Rome", in order of appearance. */
export function zonesNamedIn(text: string): string[] {
  cities ??= Intl.supportedValuesOf('timeZone')
    .filter((zone) => zone.includes('/'))
    .map((zone) => ({ city: zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ').toLowerCase(), zone }))
    .filter(({ city }) => city.length >= 4)
    .map(({ city, zone }) => ({ pattern: new RegExp(`\\b${city.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\b`), zone }));
  const haystack = text.toLowerCase().replace(/_/g, ' ');
  return cities
    .map(({ pattern, zone }) => ({ zone, at: pattern.exec(haystack)?.index ?? -1 }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ zone }) => zone);
}

/** Instants (ms) worth comparing: twice a month through the year before, of and after `year`. */
function probes(year: number): number[] {
  const result: number[] = [];
  for (let y = year - 1; y <= year + 1; y++) for (let month = 0; month < 12; month++) result.push(Date.UTC(y, month, 1, 12), Date.UTC(y, month, 15, 12));
  return result;
}

/** Minutes east of UTC of a VTIMEZONE at an instant, as ical.js reads the VTIMEZONE. */
function definitionOffset(zone: ICAL.Timezone, ms: number): number {
  const time = ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, ICAL.Timezone.utcTimezone);
  time.fromUnixTime(ms / 1000);
  // utcOffset wants the wall time of the zone: take the UTC wall, read the offset, and read again at the shifted wall.
  const first = zone.utcOffset(time);
  const shifted = time.clone();
  shifted.adjust(0, 0, 0, first);
  return Math.round(zone.utcOffset(shifted) / 60);
}

const MAX_FULL_SEARCHES = 20;

export interface ZoneMatcher {
  /** The IANA zone whose offsets equal this VTIMEZONE's around `year`, or null. */
  match(tzid: string, definition: ICAL.Timezone, year: number, fallback: string): string | null;
}

/** Matches VTIMEZONEs to IANA zones; trying every zone costs ~10 ms, so a document gets only a few full searches. */
export function zoneMatcher(): ZoneMatcher {
  let fullSearches = 0;
  return {
    match(tzid, definition, year, fallback) {
      const named = ianaZoneFromTzid(tzid);
      const everyZone = fullSearches++ < MAX_FULL_SEARCHES ? Intl.supportedValuesOf('timeZone') : [];
      const candidates = [...new Set([...(named ? [named] : []), fallback, ...zonesNamedIn(tzid), ...everyZone])];
      const at = probes(year);
      const expected = at.map((ms) => definitionOffset(definition, ms));
      return candidates.find((zone) => at.every((ms, i) => zoneOffsetMinutes(zone, ms) === expected[i])) ?? null;
    },
  };
}
