/**
 * Readers of raw (unsanitised) parameter values, for the few places that see a value before its
 * schema has checked it (permission previews, CSV lists).
 */

/** A parameter as a list, for permission previews that may see raw (unsanitised) values. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** A path or body id as a number (NaN when absent). */
export function asId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return NaN;
}
