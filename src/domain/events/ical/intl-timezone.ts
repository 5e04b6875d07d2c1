/**
 * An ical.js time zone whose offsets come from Intl (the tz database Node ships), for TZIDs a
 * document uses without defining them: IANA names, Windows names, the fallback zone. ical.js has
 * no tz database of its own; registered under the document's TZID, this lets its recurrence
 * iterator, EXDATE matching and instants work in any year.
 */
import ICAL from 'ical.js';
import type { Wall } from './wall';
import { wallToMs } from './wall';
import { zonedWallToInstant } from './zones';

export class IntlTimezone extends ICAL.Timezone {
  constructor(readonly iana: string, tzid = iana) {
    super({ tzid });
  }

  /** Seconds east of UTC at the wall time `time` of this zone (RFC 5545's rules for gaps and overlaps). */
  override utcOffset(time: ICAL.Time): number {
    const wall: Wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
    return Math.round((wallToMs(wall) - zonedWallToInstant(this.iana, wall).getTime()) / 1000);
  }
}

/**
 * Runs `work` with the given TZIDs registered in ical.js's (global) zone service, removing them
 * afterwards. `work` must be synchronous, so no other document's registrations can interleave.
 */
export function withRegisteredZones<T>(zones: Map<string, string>, work: () => T): T {
  const added: string[] = [];
  for (const [tzid, iana] of zones) {
    if (ICAL.TimezoneService.has(tzid)) continue;
    ICAL.TimezoneService.register(new IntlTimezone(iana, tzid), tzid);
    added.push(tzid);
  }
  try {
    return work();
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid);
  }
}
