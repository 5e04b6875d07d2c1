/**
 * Text helpers shared by the file formats: PHP's rawurlencode/rawurldecode (the plugin encodes
 * literal sources with them), regular-expression escaping, and the file header's date.
 */

/** The plugin version the files name (their header comments and the JSON's `plugin.version`). */
export const PLUGIN_VERSION = '5.4.2';

/** Lone surrogates cannot be percent-encoded; they become U+FFFD as PHP's UTF-8 handling would. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** PHP's rawurlencode: everything but A-Z a-z 0-9 - _ . ~ percent-encoded (upper-case hex). */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(wellFormed(text)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** PHP's rawurldecode; bytes that are not UTF-8 become U+FFFD instead of failing. */
export function rawUrlDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
}

/** Escapes the characters that mean something in a PCRE pattern. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\.^$*+?()[\]{}|]/g, '\\$&');
}

/** PHP's preg_quote (the plugin quotes host names with it); it also escapes - # / : = ! < >. */
export function pregQuote(text: string): string {
  return text.replace(/[\\.+*?[^\]$(){}=!<>|:\-#/]/g, '\\$&');
}

/** Drops the backslash of every escaped character (the inverse of both escapes above). */
export function unescapeRegex(text: string): string {
  return text.replace(/\\([\s\S])/g, '$1');
}

/** Control characters would break a line-based file (and could smuggle in a directive): removed. */
export function stripControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** RFC 2822 in UTC, as PHP's date('r') on a UTC server: "Sun, 22 Nov 2026 03:20:04 +0000". */
export function rfc2822(date: Date): string {
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** The three comment lines both server formats open with. */
export function headerComments(now: Date): string[] {
  return ['# Created by Redirection', `# ${rfc2822(now)}`, `# Redirection ${PLUGIN_VERSION} - https://redirection.me`];
}

/** Splits a file into lines whatever its line endings. */
export function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}
