/**
 * The dates an RRULE produces, by the `rrule` package (python-dateutil's algorithm: every part of
 * RFC 5545, BYSETPOS, BYWEEKNO, BYYEARDAY and WKST included). ical.js 2.2.1's own iterator gets
 * BYWEEKNO wrong and lets BYMONTHDAY=30 in February run into March (test/unit/ical-recurrence.test.ts
 * names both), so it is not used for this. Rules run on wall-clock time (RFC 5545 repeats the local
 * time across DST changes): dates go in and out as "UTC" Dates holding the wall time.
 */
import type ICAL from 'ical.js';
import { RRule } from 'rrule';
import type { Wall } from './wall';
import { msToWall, wallToMs } from './wall';


/** Walks the dates of one rule from `start` (which counts as the first, as RFC 5545 says, even when the rule would not produce it). */
export function walkRule(recur: ICAL.Recur, start: Wall, visit: (wall: Wall) => boolean): void {
  const withoutUntil = recur.clone();
  withoutUntil.until = null; // UNTIL is an instant: the caller compares it, zone-aware
  const options = RRule.parseString(withoutUntil.toString());
  const dtstart = new Date(wallToMs(start));
  const first = new RRule({ ...options, dtstart }).after(dtstart, true);
  const synchronized = first?.getTime() === dtstart.getTime();
  if (!synchronized) {
    if (!visit(start)) return;
    if (options.count) options.count -= 1;
    if (options.count === 0) return;
  }
  new RRule({ ...options, dtstart }).all((date) => visit(msToWall(date.getTime())));
}
