/**
 * Query strings of sources and requests (the plugin's Red_Url_Query): parsed as PHP's parse_str
 * does (`a[]=1`, `a[b]=1` nest; `+` is a space), except that a parameter without `=` keeps a null
 * value and plain names keep their dots and spaces, as the plugin restores them. Matching follows
 * `flag_query`: `exact` (the same parameters in any order), `exactorder` (the same, in order: the
 * order is part of the index key), `ignore` and `pass` (the source's parameters must be present;
 * others are ignored, and with `pass` appended to the target).
 */
import type { SourceFlags } from '../types';
import { formEncode, percentDecode } from './encoding';
import { afterQuery, toLower } from './url-path';

/** A parameter's value: text, null (no `=`), or a nested map (`a[]`, `a[b]`). */
export type QueryValue = string | null | QueryMap;
export type QueryMap = Map<string, QueryValue>;

const RECURSION_LIMIT = 10;

function nextIndex(map: QueryMap): string {
  let max = -1;
  for (const key of map.keys()) if (/^\d+$/.test(key)) max = Math.max(max, Number(key));
  return String(max + 1);
}

function assign(map: QueryMap, path: string[], value: string | null): void {
  let node = map;
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i] === '' ? nextIndex(node) : path[i];
    if (i === path.length - 1) {
      node.set(key, value ?? '');
      return;
    }
    let child = node.get(key);
    if (!(child instanceof Map)) {
      child = new Map();
      node.set(key, child);
    }
    node = child;
  }
}

/** `a[b][]` as ['a', 'b', '']; a plain name as itself. */
function keyPath(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const parts = [name.slice(0, open)];
  const re = /\[([^\]]*)\]/gy;
  re.lastIndex = open;
  let m: RegExpExecArray | null;
  let consumed = open;
  while ((m = re.exec(name))) {
    parts.push(m[1]);
    consumed = re.lastIndex;
  }
  return consumed === open ? [name] : parts;
}

/** The parameters of a query string, in order. */
export function parseQuery(query: string): QueryMap {
  const out: QueryMap = new Map();
  if (query === '') return out;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = percentDecode(eq === -1 ? part : part.slice(0, eq), true);
    if (name === '') continue;
    const value = eq === -1 ? null : percentDecode(part.slice(eq + 1), true);
    const path = keyPath(name);
    if (path.length === 1) out.set(name, value);
    else assign(out, path, value);
  }
  return out;
}

/** A URL's parameters; `unparsed` when it has a `?` but nothing parses (then the raw query is compared). */
export interface UrlQuery {
  params: QueryMap;
  unparsed: string | null;
}

export function queryOf(url: string): UrlQuery {
  const raw = afterQuery(url);
  const params = parseQuery(raw);
  return { params, unparsed: params.size === 0 && url.includes('?') ? raw : null };
}

function lowerKeys(map: QueryMap): Map<string, string> {
  const keys = new Map<string, string>();
  for (const key of map.keys()) keys.set(toLower(key), key);
  return keys;
}

/** The source parameters the target has with the same value (keys compared without case). */
function sameParams(source: QueryMap, target: QueryMap, ignoreCase: boolean, depth = 0): number {
  if (depth > RECURSION_LIMIT) return 0;
  const targetKeys = lowerKeys(target);
  let same = 0;
  for (const [lower, key] of lowerKeys(source)) {
    const targetKey = targetKeys.get(lower);
    if (targetKey === undefined) continue;
    const a = source.get(key) as QueryValue;
    const b = target.get(targetKey) as QueryValue;
    if (a instanceof Map && b instanceof Map) {
      if (a.size > 0 && sameParams(a, b, ignoreCase, depth + 1) === a.size) same += 1;
    } else if (typeof a === 'string' && typeof b === 'string') {
      if (ignoreCase ? toLower(a) === toLower(b) : a === b) same += 1;
    } else if (a === null && b === null) same += 1;
  }
  return same;
}

/** Whether `a` has a parameter `b` lacks or holds differently (keys compared exactly). */
function differs(a: QueryMap, b: QueryMap, depth = 0): boolean {
  if (depth > RECURSION_LIMIT) return false;
  for (const [key, value] of a) {
    if (!b.has(key)) return true;
    const other = b.get(key) as QueryValue;
    if (value instanceof Map && other instanceof Map) {
      if (differs(value, other, depth + 1)) return true;
    } else if (value instanceof Map || other instanceof Map || value !== other) return true;
  }
  return false;
}

/** The source's query side of Red_Url::is_match, prepared once per rule. */
export class SourceQuery {
  private readonly match: UrlQuery;

  constructor(
    source: string,
    private readonly flags: Pick<SourceFlags, 'flag_query' | 'flag_case'>,
  ) {
    this.match = queryOf(flags.flag_case ? toLower(source) : source);
  }

  /** Whether the requested URL (decoded) satisfies the source's query under `flag_query`. */
  matches(requestedUrl: string): boolean {
    const ignoreCase = this.flags.flag_case;
    const url = ignoreCase ? toLower(requestedUrl) : requestedUrl;
    if (this.match.unparsed !== null) return afterQuery(url) === this.match.unparsed;
    const source = this.match.params;
    const target = queryOf(url).params;
    if (sameParams(source, target, ignoreCase) !== source.size) return false;
    if (this.flags.flag_query === 'ignore' || this.flags.flag_query === 'pass') return true;
    return !differs(source, target) && !differs(target, source);
  }
}

function buildPairs(map: QueryMap, prefix: string | null, out: string[]): void {
  for (const [key, value] of map) {
    const name = prefix === null ? formEncode(key) : `${prefix}%5B${formEncode(key)}%5D`;
    if (value instanceof Map) buildPairs(value, name, out);
    else if (value === null) out.push(name);
    else out.push(`${name}=${formEncode(value)}`);
  }
}

/** http_build_query as the plugin shapes it: `a[]=` for lists, a bare name for a parameter without value. */
export function buildQuery(map: QueryMap): string {
  const pairs: string[] = [];
  buildPairs(map, null, pairs);
  return pairs.join('&').replace(/%5B\d*%5D/g, '[]').replace(/%252B/g, '+');
}

/** `url` with `params` appended (before any fragment). */
export function withQuery(url: string, params: QueryMap): string {
  const query = buildQuery(params);
  if (!query) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/**
 * `flag_query: pass`: the request's parameters the target lacks are appended to it; a parameter the
 * target sets itself is never overridden.
 */
export function passQuery(target: string, requestedUrl: string): string {
  const own = queryOf(target).params;
  const request = queryOf(requestedUrl).params;
  const extra: QueryMap = new Map();
  for (const [key, value] of request) if (!own.has(key)) extra.set(key, value);
  return withQuery(target, extra);
}
