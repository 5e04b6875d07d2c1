/**
 * Turning a TZID into an IANA zone: an IANA name (also inside a prefix such as
 * `/mozilla.org/20050126_1/Europe/Berlin`), a Windows name, the zone whose offsets match the
 * document's VTIMEZONE, a city named in an Outlook display name, or finally the fallback zone.
 */
import type { EventTime } from './types';
import type { TimezoneDefinition } from './vtimezone';
import { definitionOffsetAt, definitionProbes, definitionWallToInstant } from './vtimezone';
import type { Wall } from './wall';
import { formatLocal } from './wall';
import { windowsZoneToIana } from './windows-zones';
import { ianaZoneName, instantToZonedWall, zonedWallToInstant, zoneOffsetMinutes } from './zones';

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
  const windows = windowsZoneToIana(name);
  return windows ?? null;
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

interface Resolution {
  zone: string;
  /** The zone really is the TZID's zone (otherwise it is the fallback and `definition`, if any, gives the offsets). */
  exact: boolean;
  definition?: TimezoneDefinition;
}

const MAX_FULL_SEARCHES = 20;

/** Resolves the TZIDs of one calendar, caching each answer. */
export class TzidResolver {
  private readonly cache = new Map<string, Resolution>();
  private fullSearches = 0;

  constructor(
    private readonly definitions: Map<string, TimezoneDefinition>,
    /** Where times go when their zone cannot be told (X-WR-TIMEZONE, the site's zone, or UTC). */
    private readonly fallback: string,
    private readonly warn: (line: number, message: string) => void,
  ) {}

  resolve(tzid: string, year: number, line: number): Resolution {
    let resolution = this.cache.get(tzid);
    if (!resolution) {
      resolution = this.compute(tzid, year, line);
      this.cache.set(tzid, resolution);
    }
    return resolution;
  }

  private compute(tzid: string, year: number, line: number): Resolution {
    const definition = this.definitions.get(tzid);
    const named = ianaZoneFromTzid(tzid);
    if (named && !definition) return { zone: named, exact: true };
    if (definition) {
      // Prefer, in order: the zone the TZID names, the fallback, cities the TZID mentions, then any zone.
      // Trying every zone costs ~10 ms; a hostile document full of odd VTIMEZONEs gets only a few such searches.
      const everyZone = this.fullSearches++ < MAX_FULL_SEARCHES ? Intl.supportedValuesOf('timeZone') : [];
      const candidates = [...new Set([...(named ? [named] : []), this.fallback, ...zonesNamedIn(tzid), ...everyZone])];
      const probes = definitionProbes(definition, year);
      const expected = probes.map((ms) => definitionOffsetAt(definition, ms));
      const match = candidates.find((zone) => probes.every((ms, i) => zoneOffsetMinutes(zone, ms) === expected[i]));
      if (match) return { zone: match, exact: true };
      if (named) return { zone: named, exact: true }; // a VTIMEZONE that disagrees with its own IANA name: trust the name
      this.warn(line, `time zone "${tzid}" matches no known zone; its VTIMEZONE rules give the instants, times are shown in ${this.fallback}`);
      return { zone: this.fallback, exact: false, definition };
    }
    const mentioned = zonesNamedIn(tzid)[0];
    if (mentioned) return { zone: mentioned, exact: true };
    this.warn(line, `unknown time zone "${tzid}" without a VTIMEZONE; read as ${this.fallback}`);
    return { zone: this.fallback, exact: false };
  }

  /** The EventTime of a wall time given with a TZID. */
  timeIn(wall: Wall, tzid: string, line: number): EventTime {
    const { zone, exact, definition } = this.resolve(tzid, wall.year, line);
    const utc = !exact && definition ? definitionWallToInstant(definition, wall) : zonedWallToInstant(zone, wall);
    return eventTime(utc, zone);
  }
}

/** An EventTime for an instant shown in a zone. */
export function eventTime(utc: Date, zone: string): EventTime {
  return { local: formatLocal(instantToZonedWall(zone, utc)), timezone: zone, utc };
}
