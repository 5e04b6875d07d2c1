/**
 * Sources and conditions as the server formats write them, and back. A literal source is written
 * the plugin's way (percent-encoded, dots escaped, anchored, `/?` for an ignored trailing slash), so
 * its shape alone tells it from a regular expression. A regular expression that happens to have that
 * shape (say `^/about$`) is written with an empty group `(?:)` in front of its body: a no-op for the
 * server, and the mark that keeps it a regular expression when read back.
 */
import { escapeRegex, pregQuote, rawUrlDecode, rawUrlEncode, unescapeRegex } from './encoding';

/** The empty non-capturing group: matches nothing, marks "read what follows verbatim". */
export const MARK = '(?:)';

/** What a percent-encoded, dot-escaped literal path may contain. */
const LITERAL_BODY = /^(?:[A-Za-z0-9\-_~/]|%[0-9A-F]{2}|\\\.)*$/;

export interface DecodedSource {
  url: string;
  regex: boolean;
  /** Literal sources only: whether the pattern ignores a trailing slash. */
  trailing?: boolean;
}

/** A literal path, percent-encoded as the plugin does (slashes kept, dots escaped). */
function encodeLiteralPath(path: string): string {
  return rawUrlEncode(path).replace(/%2F/g, '/').replace(/\./g, '\\.');
}

function decodeLiteralPath(body: string): string {
  return rawUrlDecode(body.replace(/\\\./g, '.'));
}

/** `^<body>[/?]$` with a literal body, or null. */
function literalOf(pattern: string): { body: string; trailing: boolean } | null {
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$')) return null;
  let body = pattern.slice(1, -1);
  const trailing = body.endsWith('/?');
  if (trailing) body = body.slice(0, -2);
  return LITERAL_BODY.test(body) ? { body, trailing } : null;
}

function withTrailing(body: string, trailing: boolean): string {
  if (!trailing) return body;
  let end = body.length;
  while (end > 0 && body[end - 1] === '/') end--;
  return `${body.slice(0, end)}/?`;
}

/**
 * Apache (.htaccess) patterns see the path without its leading slash. A literal drops one slash;
 * a regular expression drops the slash after `^` or in front; one with neither is written after the
 * mark, verbatim, so nothing is added when it is read back.
 */
export function apacheSource(url: string, regex: boolean, trailing: boolean): string {
  if (!regex) return `^${withTrailing(encodeLiteralPath(url).replace(/^\//, ''), trailing)}$`;
  if (url.startsWith('^/')) {
    const body = `^${url.slice(2)}`;
    return literalOf(body) || body.startsWith(`^${MARK}`) ? `^${MARK}${url.slice(2)}` : body;
  }
  if (url.startsWith('/')) {
    const body = url.slice(1);
    return body.startsWith('^') || body.startsWith(MARK) ? MARK + url : body;
  }
  return MARK + url;
}

export function decodeApacheSource(pattern: string): DecodedSource {
  if (pattern.startsWith(`^${MARK}`)) return { url: `^/${pattern.slice(MARK.length + 1)}`, regex: true };
  if (pattern.startsWith(MARK)) return { url: pattern.slice(MARK.length), regex: true };
  const literal = literalOf(pattern);
  if (literal) return { url: `/${decodeLiteralPath(literal.body)}`, regex: false, trailing: literal.trailing };
  if (pattern.startsWith('^')) return { url: `^/${pattern.slice(1)}`, regex: true };
  return { url: `/${pattern}`, regex: true };
}

/**
 * Nginx patterns see the whole path. A literal keeps its slash (and, unlike Apache, its query is
 * not split off: `?` stays encoded); `(?i)` in front means case-insensitive, as the plugin writes it.
 */
export function nginxSource(url: string, regex: boolean, trailing: boolean, ignoreCase: boolean): string {
  let pattern: string;
  if (!regex) pattern = `^${withTrailing(encodeLiteralPath(url), trailing)}$`;
  else pattern = literalOf(url) || url.startsWith(MARK) || url.startsWith('(?i)') ? MARK + url : url;
  return ignoreCase ? `(?i)${pattern}` : pattern;
}

export function decodeNginxSource(raw: string): DecodedSource & { ignoreCase: boolean } {
  const ignoreCase = raw.startsWith('(?i)');
  const pattern = ignoreCase ? raw.slice(4) : raw;
  if (pattern.startsWith(MARK)) return { url: pattern.slice(MARK.length), regex: true, ignoreCase };
  const literal = literalOf(pattern);
  if (literal) return { url: decodeLiteralPath(literal.body) || '/', regex: false, trailing: literal.trailing, ignoreCase };
  return { url: pattern, regex: true, ignoreCase };
}

/**
 * A literal source with a query string, for Nginx's `$request_uri` (path and query as sent): the
 * path percent-encoded as above, then `\?` and the query escaped. `rewrite` never sees a query string.
 */
export function nginxRequestUri(url: string, trailing: boolean, ignoreCase: boolean): string {
  const q = url.indexOf('?');
  const pattern = `^${withTrailing(encodeLiteralPath(url.slice(0, q)), trailing)}\\?${escapeRegex(url.slice(q + 1))}$`;
  return ignoreCase ? `(?i)${pattern}` : pattern;
}

export function decodeNginxRequestUri(raw: string): (DecodedSource & { ignoreCase: boolean }) | null {
  const ignoreCase = raw.startsWith('(?i)');
  const pattern = ignoreCase ? raw.slice(4) : raw;
  // The encoded path holds no "\?" of its own: the first one ends it.
  const split = pattern.indexOf('\\?');
  if (split < 0 || !pattern.endsWith('$')) return null;
  const path = literalOf(`${pattern.slice(0, split)}$`);
  const query = pattern.slice(split + 2, -1);
  if (!path || escapeRegex(unescapeRegex(query)) !== query) return null;
  return { url: `${decodeLiteralPath(path.body) || '/'}?${unescapeRegex(query)}`, regex: false, trailing: path.trailing, ignoreCase };
}

/** A user-agent or referrer condition: a literal as `^<escaped>$`, a regular expression verbatim (marked when ambiguous). */
export function conditionPattern(value: string, regex: boolean): string {
  if (!regex) return `^${escapeRegex(value)}$`;
  const ambiguous = literalCondition(value) !== null || value.startsWith(MARK) || value.startsWith('!');
  return ambiguous ? MARK + value : value;
}

function literalCondition(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$')) return null;
  const inner = pattern.slice(1, -1);
  const value = unescapeRegex(inner);
  return escapeRegex(value) === inner ? value : null;
}

export function decodeCondition(pattern: string): { value: string; regex: boolean } {
  if (pattern.startsWith(MARK)) return { value: pattern.slice(MARK.length), regex: true };
  const literal = literalCondition(pattern);
  return literal === null ? { value: pattern, regex: true } : { value: literal, regex: false };
}

/** The host of a server match's `scheme://host` (the plugin matches hosts only). */
export function hostOf(server: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(server);
  return m ? (m[1] ?? '') : server;
}

/** A server match's host condition, quoted as the plugin does (preg_quote). */
export function serverPattern(host: string): string {
  return `^${pregQuote(host)}$`;
}

export function decodeServerPattern(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$')) return null;
  return unescapeRegex(pattern.slice(1, -1));
}
