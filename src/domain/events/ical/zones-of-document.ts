/**
 * The time zones of one VCALENDAR, settled before ical.js reads any time: a TZID naming an IANA
 * zone is read with Intl's tz database (its VTIMEZONE, possibly stale or partial, is set aside);
 * another TZID with a VTIMEZONE (Outlook's Windows names, display names, custom zones) is read by
 * ical.js from that VTIMEZONE and shown in the IANA zone with the same offsets; a TZID without
 * VTIMEZONE is mapped (Windows name, city in its name) or falls back, with a warning. Floating
 * times are given the fallback zone, as calendar apps show them.
 */
import ICAL from 'ical.js';
import { icalParseError } from './errors';
import { ianaZoneFromTzid, zoneMatcher, zonesNamedIn } from './tzid';
import { windowsZoneToIana } from './windows-zones';

export interface CalendarZones {
  /** TZIDs to register as Intl zones while the calendar is read, and their IANA zone. */
  register: Map<string, string>;
  /** The IANA zone a TZID's times are shown in. */
  zoneOf: (tzid: string) => string;
}

const DATE_PROPERTIES = ['dtstart', 'dtend', 'exdate', 'rdate', 'recurrence-id'];

export function zonesOfCalendar(calendar: ICAL.Component, fallback: string, warn: (message: string) => void): CalendarZones {
  const definitions = new Map<string, ICAL.Component>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '').trim();
    if (!tzid) throw icalParseError(1, 'VTIMEZONE without a TZID');
    if (!vtimezone.getAllSubcomponents().some((c) => c.name === 'standard' || c.name === 'daylight')) throw icalParseError(1, `VTIMEZONE ${tzid} has no STANDARD or DAYLIGHT part`);
    definitions.set(tzid, vtimezone);
  }
  // Every TZID the events use, with the year it is first used in (VTIMEZONEs are matched around it).
  const used = new Map<string, number>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const property of vevent.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      const value = property.toJSON()[3];
      const raw = typeof value === 'string' ? value : '';
      if (typeof tzid === 'string') {
        if (!used.has(tzid)) used.set(tzid, Number(raw.slice(0, 4)) || new Date().getUTCFullYear());
      } else if (DATE_PROPERTIES.includes(property.name) && property.type === 'date-time' && !raw.endsWith('Z')) {
        property.setParameter('tzid', fallback);
        if (!used.has(fallback)) used.set(fallback, Number(raw.slice(0, 4)) || new Date().getUTCFullYear());
      }
    }
  }
  const register = new Map<string, string>();
  const shown = new Map<string, string>();
  const matcher = zoneMatcher();
  for (const [tzid, year] of used) {
    const named = ianaZoneFromTzid(tzid);
    const definition = definitions.get(tzid);
    if (named && !windowsZoneToIana(tzid)) {
      if (definition) calendar.removeSubcomponent(definition);
      register.set(tzid, named);
      shown.set(tzid, named);
    } else if (definition) {
      const zone = matcher.match(tzid, new ICAL.Timezone(definition), year, fallback) ?? named;
      if (!zone) warn(`time zone "${tzid}" matches no known zone; its VTIMEZONE rules give the instants, times are shown in ${fallback}`);
      shown.set(tzid, zone ?? fallback);
    } else {
      const zone = named ?? zonesNamedIn(tzid)[0];
      if (!zone) warn(`unknown time zone "${tzid}" without a VTIMEZONE; read as ${fallback}`);
      register.set(tzid, zone ?? fallback);
      shown.set(tzid, zone ?? fallback);
    }
  }
  return { register, zoneOf: (tzid) => shown.get(tzid) ?? ianaZoneFromTzid(tzid) ?? fallback };
}
