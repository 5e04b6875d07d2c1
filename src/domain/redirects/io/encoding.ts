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

/**
 * Characters a URL in a Location header cannot carry raw (controls, space, quotes, angle brackets,
 * backslash, caret, backtick, braces, bar, non-ASCII): what a server file writes percent-encoded in
 * a target, as the plugin does, so the server sends them as they are written.
 */
// eslint-disable-next-line no-control-regex
const TARGET_ENCODED = /[\u0000-\u0020"<>\\^`{|}\u007f]|[^\u0000-\u007f]/u;

export function encodeTarget(target: string): string {
  let out = '';
  for (const ch of target) out += TARGET_ENCODED.test(ch) ? rawUrlEncode(ch) : ch;
  return out;
}

/** UTF-8 sequence length from its lead byte (0 for a byte that cannot lead one). */
function sequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte < 0xe0) return 2;
  if (byte >= 0xe0 && byte < 0xf0) return 3;
  if (byte >= 0xf0 && byte < 0xf5) return 4;
  return 0;
}

/**
 * The inverse of encodeTarget: escapes of characters it encodes come back as those characters; any
 * other escape (%2F, %25, %3F...) stays, since it means something different from the raw character.
 * (A target that already held such an escape, say %20, so comes back with the character: the same URL.)
 */
export function decodeTarget(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    let out = '';
    for (let i = 0; i < run.length;) {
      const length = sequenceLength(parseInt(run.slice(i + 1, i + 3), 16));
      const chunk = run.slice(i, i + 3 * Math.max(length, 1));
      let decoded: string | null = null;
      if (length > 0 && chunk.length === 3 * length) {
        try {
          decoded = decodeURIComponent(chunk);
        } catch {
          decoded = null;
        }
      }
      out += decoded !== null && TARGET_ENCODED.test(decoded) ? decoded : chunk.slice(0, 3);
      i += decoded !== null && TARGET_ENCODED.test(decoded) ? chunk.length : 3;
    }
    return out;
  });
}
