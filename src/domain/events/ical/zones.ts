/**
 * IANA time zones through Intl only (no tz database of our own): offsets at an instant, wall time ↔
 * instant with RFC 5545's rules for gaps and overlaps, and the offset transitions of a zone.
 */
import type { Wall } from './wall';
import { msToWall, wallToMs } from './wall';

const formatters = new Map<string, Intl.DateTimeFormat>();
const DAY = 86_400_000;

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The IANA name Intl knows this zone by, or null. A valid alias is kept as written (`Asia/Kolkata`
 * stays, though ICU calls it `Asia/Calcutta`); only the letter case is corrected.
 */
export function ianaZoneName(name: string): string | null {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    const resolved = formatterFor(name).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/** Minutes east of UTC in `zone` at the instant `ms`. */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  const parts = formatterFor(zone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  const wall = wallToMs({ year, month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') });
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall time under an offset function. In an overlap the first occurrence wins; a
 * time inside a gap is read with the offset before the gap (RFC 5545 §3.3.5), i.e. moved forward.
 */
export function wallToInstant(wall: Wall, offsetAt: (ms: number) => number): Date {
  const wallMs = wallToMs(wall);
  const before = offsetAt(wallMs - DAY);
  const after = offsetAt(wallMs + DAY);
  const valid = [...new Set([before, after])]
    .map((offset) => wallMs - offset * 60_000)
    .filter((ms) => wallMs - offsetAt(ms) * 60_000 === ms);
  return new Date(valid.length ? Math.min(...valid) : wallMs - before * 60_000);
}

export function zonedWallToInstant(zone: string, wall: Wall): Date {
  return wallToInstant(wall, (ms) => zoneOffsetMinutes(zone, ms));
}

export function instantToZonedWall(zone: string, instant: Date): Wall {
  return msToWall(instant.getTime() + zoneOffsetMinutes(zone, instant.getTime()) * 60_000);
}

export interface Transition {
  /** The first instant of the new offset. */
  at: number;
  from: number;
  to: number;
}

/** Offset changes of a zone between two instants: weekly probes, then bisection to the second. */
export function zoneTransitions(zone: string, fromMs: number, toMs: number): Transition[] {
  const transitions: Transition[] = [];
  const step = 7 * DAY;
  // Whole seconds throughout, so bisection always has a midpoint and ends on the exact second.
  fromMs = Math.floor(fromMs / 1000) * 1000;
  toMs = Math.ceil(toMs / 1000) * 1000;
  let previousMs = fromMs;
  let previous = zoneOffsetMinutes(zone, fromMs);
  while (previousMs < toMs) {
    const nextMs = Math.min(previousMs + step, toMs);
    const next = zoneOffsetMinutes(zone, nextMs);
    if (next !== previous) {
      let low = previousMs; // offset `previous` holds here
      let high = nextMs; // and `next` here
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (zoneOffsetMinutes(zone, middle) === previous) low = middle;
        else high = middle;
      }
      transitions.push({ at: high, from: previous, to: zoneOffsetMinutes(zone, high) });
      // Two changes inside one probe step: rescan the rest of the step from the change.
      previousMs = high;
      previous = zoneOffsetMinutes(zone, high);
      continue;
    }
    previousMs = nextMs;
    previous = next;
  }
  return transitions;
}
