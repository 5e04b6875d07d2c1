/**
 * PHP's casts the plugin applies to client values (intval, truthiness, is_numeric), so the
 * settings and the logs' filters read a request as the plugin reads it.
 */
import { phpString } from '../text';

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** is_numeric(): a number, or a string holding one (surrounding whitespace allowed). */
export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC.test(value);
}

/** intval(): leading digits of a string (0 when none), truncated numbers, 1/0 for booleans, 0 for anything else. */
export function phpIntval(value: unknown): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? clampInt(Math.trunc(value)) : 0;
  if (typeof value === 'string') {
    if (NUMERIC.test(value)) return clampInt(Math.trunc(Number(value)));
    const m = /^[ \t\n\r\v\f]*([+-]?\d+)/.exec(value);
    return m ? clampInt(Number(m[1])) : 0;
  }
  if (Array.isArray(value)) return value.length ? 1 : 0;
  return 0;
}

/** PHP integers saturate at 64 bits; ours stay safe integers. */
function clampInt(n: number): number {
  if (n > Number.MAX_SAFE_INTEGER) return Number.MAX_SAFE_INTEGER;
  if (n < -Number.MAX_SAFE_INTEGER) return -Number.MAX_SAFE_INTEGER;
  return n === 0 ? 0 : n;
}

/** PHP truthiness: false, 0, "", "0", an empty array and null are false; everything else (even "false") is true. */
export function phpTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value !== '' && value !== '0';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** A scalar as PHP's string cast gives it; null for arrays and objects (which the plugin cannot use as text). */
export function scalarText(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return phpString(value);
  return null;
}

/** is_array(): a list or a JSON object, as its values in order. */
export function phpArrayValues(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value as Record<string, unknown>);
  return null;
}

/**
 * An undeclared on/off parameter (a bulk route's `global`): PHP truthiness, except that "false"
 * (any case) is off, as WordPress reads booleans; a query `global=false` must not delete a whole log.
 */
export function requestFlag(value: unknown): boolean {
  if (typeof value === 'string' && value.trim().toLowerCase() === 'false') return false;
  return phpTruthy(value);
}
