/**
 * ical.js set up once for our documents: the X- properties we read and write are TEXT (so they
 * are escaped on writing and unescaped on reading, like SUMMARY), X-ORGANIZER is a CAL-ADDRESS,
 * and lines fold at 74 octets so that continuation lines, with their leading space, stay within
 * RFC 5545's 75.
 */
import ICAL from 'ical.js';

const TEXT = ['x-wr-calname', 'x-wr-caldesc', 'x-wr-timezone', 'x-published-ttl', 'x-alt-desc', 'x-event-timezone', 'x-venue-name', 'x-venue-address', 'x-venue-city', 'x-venue-country', 'x-invalid-rrule'];

let done = false;

export function setUpIcalJs(): void {
  if (done) return;
  done = true;
  const properties = ICAL.design.icalendar.property as Record<string, { defaultType: string }>;
  for (const name of TEXT) properties[name] ??= { defaultType: 'text' };
  properties['x-organizer'] ??= { defaultType: 'cal-address' };
  ICAL.foldLength = 74;
}

setUpIcalJs();
