/**
 * Builders and comparisons for the redirects import/export tests: what each format carries of a
 * redirect, taken from the record written and from the input read back, so the two can be compared.
 */
import fc from 'fast-check';
import type { ExportFormat } from '../../src/domain/redirects/io';
import { decodeTarget } from '../../src/domain/redirects/io/encoding';
import type { RedirectInput, RedirectRecord, SourceFlags } from '../../src/domain/redirects/types';

export const DEFAULTS: SourceFlags = { flag_query: 'exact', flag_case: true, flag_trailing: true, flag_regex: false };
export const NOW = new Date('2026-11-22T03:20:04Z');

let nextId = 1;
export function record(partial: Partial<RedirectRecord>): RedirectRecord {
  const regex = partial.regex ?? false;
  return {
    id: nextId++,
    url: '/old',
    matchUrl: regex ? 'regex' : (partial.url ?? '/old').toLowerCase(),
    matchData: null,
    regex,
    groupId: 1,
    position: 0,
    title: null,
    enabled: true,
    matchType: 'url',
    actionType: 'url',
    actionCode: 301,
    actionData: { url: '/new' },
    hits: 0,
    lastAccess: null,
    ...partial,
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** What CSV carries: source, target (url-like actions), regex, code, type, hits, title, status. */
export function csvCarried(r: RedirectRecord): Record<string, unknown> {
  return {
    url: r.url,
    target: r.actionType === 'error' ? undefined : text(r.actionData?.url),
    regex: r.regex,
    code: r.actionCode,
    type: r.actionType,
    hits: r.hits,
    title: r.title ?? '',
    enabled: r.enabled,
  };
}

export function csvRead(i: RedirectInput): Record<string, unknown> {
  return {
    url: i.url,
    target: i.action_type === 'error' ? undefined : obj(i.action_data).url,
    regex: i.regex,
    code: i.action_code,
    type: i.action_type,
    hits: i.hits,
    title: i.title,
    enabled: i.enabled,
  };
}

/**
 * What the server formats carry: source, regex, case flag, trailing-slash flag (literal sources),
 * "pass the query" (not the other query modes), match type with its condition, action and code,
 * targets. A literal source with the trailing slash ignored loses its own trailing slashes (the two
 * match the same requests: trimmed from the path, or for Nginx's conditional rules from the whole source, whose
 * query stays in the path pattern); a server match keeps its host, not its scheme; a target's escapes
 * of characters the file must encode anyway come back as the characters.
 */
export function serverCarried(r: RedirectRecord, format: 'apache' | 'nginx', defaults = DEFAULTS): Record<string, unknown> {
  const source = { ...defaults, ...(r.matchData?.source ?? {}) };
  let url = r.url;
  if (!r.regex && source.flag_trailing) {
    // Apache, and Nginx for a url match (tested against $request_uri), split the query off first.
    const split = url.includes('?') && (format === 'apache' || r.matchType === 'url');
    const q = split ? url.indexOf('?') : url.length;
    url = (url.slice(0, q).replace(/\/+$/, '') || '/') + url.slice(q);
  }
  // Nginx's `return <error>` has no target to pass a query string to.
  const queryPass = source.flag_query === 'pass' && !(format === 'nginx' && r.actionType === 'error');
  // Targets are written encoded for the Location header; an escape the file would have written anyway
  // (%20 for a space, %C3%A9 for é...) comes back as its character: the same URL.
  const data: Record<string, unknown> = { ...(r.actionData ?? {}) };
  for (const key of ['url', 'url_from', 'url_notfrom']) if (typeof data[key] === 'string') data[key] = decodeTarget(data[key] as string);
  // Apache cannot serve 418: written as F, read back as 404.
  const code = r.actionType === 'pass' ? 0 : format === 'apache' && r.actionCode === 418 ? 404 : r.actionCode;
  return carriedShape(url, r.regex, source.flag_case, r.regex ? undefined : source.flag_trailing, queryPass,
    r.matchType, r.actionType, code, data);
}

export function serverRead(i: RedirectInput): Record<string, unknown> {
  const source = obj(obj(i.match_data).source);
  return carriedShape(text(i.url), i.regex === true, source.flag_case === true, source.flag_trailing as boolean | undefined,
    source.flag_query === 'pass', text(i.match_type), text(i.action_type), Number(i.action_code), obj(i.action_data));
}

function carriedShape(url: string, regex: boolean, flagCase: boolean, flagTrailing: boolean | undefined, queryPass: boolean,
  matchType: string, actionType: string, code: number, data: Record<string, unknown>): Record<string, unknown> {
  const targets = actionType === 'error' ? {} : { url_from: text(data.url_from), url_notfrom: text(data.url_notfrom) };
  let match: Record<string, unknown>;
  if (matchType === 'url') match = actionType === 'error' ? {} : { url: text(data.url) };
  else if (matchType === 'server') match = { host: text(data.server).replace(/^[a-z]+:\/\//i, ''), ...targets };
  else match = { value: text(data[matchType]), regex: data.regex === true, ...targets };
  return { url, regex, flagCase, flagTrailing, queryPass, matchType, actionType, code, match };
}

/** Whether a server format writes the redirect at all (and so whether it must come back). */
export function serverWrites(r: RedirectRecord, format: 'apache' | 'nginx'): boolean {
  if (!r.enabled || !['url', 'pass', 'error'].includes(r.actionType)) return false;
  if (!['url', 'agent', 'referrer', 'server'].includes(r.matchType)) return false;
  const conditional = r.matchType !== 'url';
  // Nginx cannot nest the path test `return` needs inside a condition's `if`.
  if (format === 'nginx' && conditional && (r.actionType === 'error' || (r.actionType === 'url' && ![301, 302].includes(r.actionCode)))) return false;
  if (conditional && r.actionType !== 'error' && !text(r.actionData?.url_from) && !text(r.actionData?.url_notfrom)) return false;
  return true;
}

// ---- fast-check arbitraries ----

const LITERAL_CHARS = [...'abcXYZ019-_.~/ %+é日&=#@!\'()*,;:"$[]{}|\\^?'];
const REGEX_CHARS = [...'abc019-_./ %é^$()[]{}|*+?\\:"\'!;#,<>=&', '(?:)', '(?i)', '^/', '(.*)', '\\d+', '\\.'];
const TARGET_CHARS = [...'abcXYZ019-_./ %é?&=#:$"\'{};\\', '$1', 'https://ex.test/', '%20'];

const stringOf = (chars: string[], min = 0, max = 12): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((a) => a.join(''));

export const literalUrl = stringOf(LITERAL_CHARS, 0, 14).map((s) => `/${s}`);
/** Regular expressions as text (validity does not matter to a round trip); never ending in a backslash, which no server file can quote. */
export const regexUrl = stringOf(REGEX_CHARS, 1, 10).filter((s) => !s.endsWith('\\'));
/** Targets; not "-" (Apache's "no substitution", which a pass-through rule cannot have as a target) nor ones ending in what Nginx writes for a passed query (`$is_args$args`, `&$args`). */
export const target = stringOf(TARGET_CHARS, 1, 10).filter((s) => !s.endsWith('\\') && s.trim() === s && s !== '-' && !s.includes('$is_args') && !s.endsWith('&$args'));

const flags = fc.record({
  flag_query: fc.constantFrom('exact', 'exactorder', 'ignore', 'pass' as const),
  flag_case: fc.boolean(),
  flag_trailing: fc.boolean(),
}) as fc.Arbitrary<Partial<SourceFlags>>;

const action = fc.oneof(
  fc.record({ actionType: fc.constant('url' as const), actionCode: fc.constantFrom(301, 302, 303, 304, 307, 308) }),
  fc.record({ actionType: fc.constant('error' as const), actionCode: fc.constantFrom(400, 401, 403, 404, 410, 418, 451, 500, 503) }),
  fc.record({ actionType: fc.constant('pass' as const), actionCode: fc.constant(0) }),
);

const fromNotFrom = fc.oneof(
  fc.record({ url_from: target, url_notfrom: fc.constant('') }),
  fc.record({ url_from: fc.constant(''), url_notfrom: target }),
  fc.record({ url_from: target, url_notfrom: target }),
);

const condition = fc.oneof(
  fc.record({ matchType: fc.constant('agent' as const), data: fc.record({ agent: stringOf(REGEX_CHARS, 0, 8).filter((s) => !s.endsWith('\\')), regex: fc.boolean() }) }),
  fc.record({ matchType: fc.constant('referrer' as const), data: fc.record({ referrer: stringOf(REGEX_CHARS, 0, 8).filter((s) => !s.endsWith('\\')), regex: fc.boolean() }) }),
  fc.record({ matchType: fc.constant('server' as const), data: fc.record({ server: stringOf([...'abz09.-'], 1, 10).map((h) => `https://${h}`) }) }),
);

/** A redirect as a server format could write it: url, agent, referrer or server match; url, pass or error action. */
export const serverRedirect: fc.Arbitrary<RedirectRecord> = fc
  .record({
    regex: fc.boolean(),
    literal: literalUrl,
    pattern: regexUrl,
    flags,
    action,
    target,
    condition: fc.option(condition),
    fromNotFrom,
  })
  .map(({ regex, literal, pattern, flags: f, action: a, target: t, condition: c, fromNotFrom: fnf }) =>
    record({
      url: regex ? pattern : literal,
      regex,
      // A regular expression matches its query exactly: the plugin (and our sanitiser) force it.
      matchData: { source: regex ? { ...f, flag_query: 'exact' } : f },
      ...a,
      matchType: c ? c.matchType : 'url',
      actionData: c ? { ...c.data, ...fnf } : { url: t },
    }));

/** A redirect as CSV carries it (url matches), with titles that need quoting. */
export const csvRedirect: fc.Arbitrary<RedirectRecord> = fc
  .record({
    regex: fc.boolean(),
    literal: literalUrl.map((u) => u.trim()).filter((u) => u.length > 0),
    pattern: regexUrl.map((u) => u.trim()).filter((u) => u.length > 0),
    action,
    target,
    title: fc.option(fc.string({ unit: fc.constantFrom(...'ab, "\';|\n\ré日1'), maxLength: 12 })),
    hits: fc.nat(),
    enabled: fc.boolean(),
  })
  .filter((r) => r.target !== (r.regex ? r.pattern : r.literal))
  .map(({ regex, literal, pattern, action: a, target: t, title, hits, enabled }) =>
    record({ url: regex ? pattern : literal, regex, ...a, actionData: { url: t }, title, hits, enabled }));

export const FORMATS: ExportFormat[] = ['csv', 'apache', 'nginx', 'json'];
