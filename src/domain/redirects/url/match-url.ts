/**
 * The normalised form of a source under its flags (the plugin's Red_Url_Match): what is stored as
 * `match_url` and what a site request is reduced to before the exact-path lookup. The path, without
 * its query and trailing slash, percent-decoded then re-encoded (so `/für` and `/f%C3%BCr` agree)
 * except for `/:[]@~,();`, and lowercased; `exactorder` sources keep their query (in order);
 * regular expressions are all `regex`.
 */
import type { SourceFlags } from '../types';
import { percentDecodeBytes, rawUrlEncode } from './encoding';
import { beforeQuery } from './url-path';
import { buildQuery, queryOf } from './url-query';

const KEPT: ReadonlyArray<readonly [string, string]> = ['/', ':', '[', ']', '@', '~', ',', '(', ')', ';'].map((char) => [rawUrlEncode(Buffer.from(char)), char] as const);

/** The raw path of a URL (a full URL's path after its host). */
function rawPath(url: string): string {
  if (/^https?:\/\//.test(url)) {
    const rest = url.slice(url.indexOf('://') + 3).split('/');
    return beforeQuery('/' + rest.slice(1).join('/'));
  }
  return beforeQuery(url);
}

/** A path of characters that decoding and re-encoding leave as they are (most requests): only case and the slash change. */
const PLAIN_PATH = /^[A-Za-z0-9\-_.~/:[\]@,();]*$/;

/** Red_Url_Match::get_url: the lookup key of a path. */
export function matchPathOf(url: string): string {
  const raw = rawPath(url);
  if (PLAIN_PATH.test(raw)) {
    const path = (raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw).toLowerCase();
    return path === '' ? '/' : path;
  }
  let bytes = percentDecodeBytes(raw, true);
  // Without the trailing slash (the home page `/` stays).
  if (bytes.length > 1 && bytes[bytes.length - 1] === 47) bytes = bytes.subarray(0, bytes.length - 1);
  let path = rawUrlEncode(bytes);
  for (const [encoded, char] of KEPT) if (path.includes(encoded)) path = path.split(encoded).join(char);
  path = path.toLowerCase();
  return path === '' ? '/' : path;
}

/** Red_Url_Match::get_url_with_params: the key with the URL's query, in its order. */
export function matchPathWithQueryOf(url: string): string {
  const path = matchPathOf(url);
  const query = buildQuery(queryOf(url).params);
  return query ? `${path}?${query}` : path;
}

export function matchUrlOf(source: string, flags: SourceFlags): string {
  if (flags.flag_regex) return 'regex';
  return flags.flag_query === 'exactorder' ? matchPathWithQueryOf(source) : matchPathOf(source);
}
