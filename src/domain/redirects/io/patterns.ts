/**
 * Sources and conditions as the server formats write them, and back. A literal source is written
 * anchored, regex-escaped and otherwise as the server compares it (Apache and Nginx match the decoded
 * path), with `/?` for an ignored trailing slash: its shape alone tells it from a regular expression.
 * A regular expression that happens to have that shape (say `^/about$`) is written with an empty group
 * `(?:)` in front of its body: a no-op for the server, and the mark that keeps it a regular expression
 * when read back.
 *
 * The plugin percent-encodes literal sources instead (`^caf%C3%A9$`), which neither server ever
 * matches; for sources of letters, digits, `-_.~/` the two are the same text. Its files read back
 * here with the encoding kept, which the sanitizer decodes as the plugin's does.
 */
import { escapeRegex, pregQuote, rawUrlDecode, rawUrlEncode, unescapeRegex } from './encoding';

/** The empty non-capturing group: matches nothing, marks "read what follows verbatim". */
export const MARK = '(?:)';

export interface DecodedSource {
  url: string;
  regex: boolean;
  /** Literal sources only: whether the pattern ignores a trailing slash. */
  trailing?: boolean;
}

/** Whether a pattern body is exactly the escape of some text (so a literal, not a regular expression). */
function isEscaped(body: string): boolean {
  return escapeRegex(unescapeRegex(body)) === body;
}

/** `^<body>[/?]$` with a literal body, or null. */
function literalOf(pattern: string): { body: string; trailing: boolean } | null {
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$')) return null;
  let body = pattern.slice(1, -1);
  const trailing = body.endsWith('/?');
  if (trailing) body = body.slice(0, -2);
  return isEscaped(body) ? { body, trailing } : null;
}

/** What a browser percent-encodes in a path, and in a query (WHATWG URL), plus `%` itself so the text reads back exactly. */
// eslint-disable-next-line no-control-regex
const PATH_ENCODED = /[\u0000-\u0020"#%<>?`{}\u007f]|[^\u0000-\u007f]/u;
// eslint-disable-next-line no-control-regex
const QUERY_ENCODED = /[\u0000-\u0020"#%<>'\u007f]|[^\u0000-\u007f]/u;

/** The text as a browser sends it (for what servers compare undecoded: `%{QUERY_STRING}`, `$request_uri`). */
function asSent(text: string, encoded: RegExp): string {
  let out = '';
  for (const ch of text) out += encoded.test(ch) ? rawUrlEncode(ch) : ch;
  return out;
}

/** A query string condition (Apache's `%{QUERY_STRING}`): the query as sent, escaped, anchored. */
export function queryPattern(query: string): string {
  return `^${escapeRegex(asSent(query, QUERY_ENCODED))}$`;
}

export function decodeQueryPattern(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$') || !isEscaped(pattern.slice(1, -1))) return null;
  return rawUrlDecode(unescapeRegex(pattern.slice(1, -1)));
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
  if (!regex) return `^${withTrailing(escapeRegex(url.replace(/^\//, '')), trailing)}$`;
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
  if (literal) return { url: `/${unescapeRegex(literal.body)}`, regex: false, trailing: literal.trailing };
  if (pattern.startsWith('^')) return { url: `^/${pattern.slice(1)}`, regex: true };
  return { url: `/${pattern}`, regex: true };
}

/**
 * Nginx patterns see the whole path. A literal keeps its slash (and, unlike Apache, its query is
 * not split off: in a path pattern it can never match, but reads back); `(?i)` in front means
 * case-insensitive, as the plugin writes it.
 */
export function nginxSource(url: string, regex: boolean, trailing: boolean, ignoreCase: boolean): string {
  let pattern: string;
  if (!regex) pattern = `^${withTrailing(escapeRegex(url), trailing)}$`;
  else pattern = literalOf(url) || url.startsWith(MARK) || url.startsWith('(?i)') ? MARK + url : url;
  return ignoreCase ? `(?i)${pattern}` : pattern;
}

export function decodeNginxSource(raw: string): DecodedSource & { ignoreCase: boolean } {
  const ignoreCase = raw.startsWith('(?i)');
  const pattern = ignoreCase ? raw.slice(4) : raw;
  if (pattern.startsWith(MARK)) return { url: pattern.slice(MARK.length), regex: true, ignoreCase };
  const literal = literalOf(pattern);
  if (literal) return { url: unescapeRegex(literal.body) || '/', regex: false, trailing: literal.trailing, ignoreCase };
  return { url: pattern, regex: true, ignoreCase };
}

/**
 * A literal source with a query string, for Nginx's `$request_uri` (path and query as the browser
 * sent them, undecoded): `^<path>[/?]\\?<query>$`, each part as sent and escaped. `rewrite` never
 * sees a query string.
 */
export function nginxRequestUri(url: string, trailing: boolean, ignoreCase: boolean): string {
  const q = url.indexOf('?');
  const path = withTrailing(escapeRegex(asSent(url.slice(0, q), PATH_ENCODED)), trailing);
  const pattern = `^${path}\\?${escapeRegex(asSent(url.slice(q + 1), QUERY_ENCODED))}$`;
  return ignoreCase ? `(?i)${pattern}` : pattern;
}

export function decodeNginxRequestUri(raw: string): (DecodedSource & { ignoreCase: boolean }) | null {
  const ignoreCase = raw.startsWith('(?i)');
  const pattern = ignoreCase ? raw.slice(4) : raw;
  // The path as sent holds no "?" of its own: the first escaped one ends it.
  const split = pattern.indexOf('\\?');
  if (split < 0 || !pattern.endsWith('$')) return null;
  const path = literalOf(`${pattern.slice(0, split)}$`);
  const query = decodeQueryPattern(`^${pattern.slice(split + 2)}`);
  if (!path || query === null) return null;
  return { url: `${rawUrlDecode(unescapeRegex(path.body)) || '/'}?${query}`, regex: false, trailing: path.trailing, ignoreCase };
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
