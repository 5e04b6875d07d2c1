/**
 * What both faces accept from a client as text and as keys, decided once where request values are
 * decoded (REST query strings, form and JSON bodies; GraphQL documents and variables):
 * - a key that names a member of Object.prototype (`__proto__`, `constructor`, `toString`...) or
 *   `prototype` is dropped, so a client key can neither reach nor shadow an object's prototype;
 * - text must be valid Unicode without NUL: invalid UTF-8 and lone surrogates are what WordPress's
 *   wp_check_invalid_utf8 and PHP's json_decode refuse, and PostgreSQL stores no U+0000 at all.
 */
import { isUtf8 } from 'node:buffer';

const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Text we store and compare: no U+0000, no lone surrogate. */
export function isAcceptableText(text: string): boolean {
  return !text.includes('\u0000') && !hasLoneSurrogate(text);
}

/** Whether a decoded value (strings, lists, objects: keys included) holds text that is not acceptable. */
export function holdsUnacceptableText(value: unknown): boolean {
  if (typeof value === 'string') return !isAcceptableText(value);
  if (Array.isArray(value)) return value.some(holdsUnacceptableText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => !isAcceptableText(k) || holdsUnacceptableText(v));
  return false;
}

/** Removes prototype keys from a decoded value, in place, at every depth (for values decoded by others, e.g. Apollo). */
export function dropPrototypeKeys(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropPrototypeKeys(item);
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (isPrototypeKey(key)) delete (value as Record<string, unknown>)[key];
      else dropPrototypeKeys((value as Record<string, unknown>)[key]);
    }
  }
}

export interface JsonFailure {
  /** PHP's json_last_error() code and message, as WordPress reports them in rest_invalid_json. */
  code: number;
  message: string;
}

class LoneSurrogate extends Error {}

/**
 * JSON.parse as PHP's json_decode judges the text: invalid UTF-8 (5) and escaped lone surrogates
 * (10) are errors like a syntax error (4); prototype keys are dropped while parsing.
 */
export function parseClientJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false; error: JsonFailure } {
  if (!isUtf8(bytes)) return { ok: false, error: { code: 5, message: 'Malformed UTF-8 characters, possibly incorrectly encoded' } };
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'), (key, item: unknown) => {
      if (hasLoneSurrogate(key) || (typeof item === 'string' && hasLoneSurrogate(item))) throw new LoneSurrogate();
      return isPrototypeKey(key) ? undefined : item;
    });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof LoneSurrogate) return { ok: false, error: { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' } };
    return { ok: false, error: { code: 4, message: 'Syntax error' } };
  }
}

/**
 * decodeURIComponent for text a client sent: when the result would not be valid UTF-8 or would hold
 * a NUL, the text stays as sent (so it names nothing rather than failing or reaching a query).
 */
export function decodePercent(text: string): string {
  try {
    const decoded = decodeURIComponent(text);
    return isAcceptableText(decoded) ? decoded : text;
  } catch {
    return text;
  }
}
