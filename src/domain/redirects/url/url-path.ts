/**
 * The path part of a source or a requested URL (the plugin's Red_Url_Path): what comes before the
 * query string (an escaped `\?` ends it too), without scheme and host, percent-decoded.
 */
import type { SourceFlags } from '../types';
import { percentDecode } from './encoding';

/** The part before the query: the first `?`, or a `\?` when the first `?` is escaped. */
export function beforeQuery(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  return q > 0 && url[q - 1] === '\\' ? url.slice(0, q - 1) : url.slice(0, q);
}

/** The part after the query mark ('' when there is none). */
export function afterQuery(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  return url.slice(q + 1);
}

/** The decoded path of a URL: `https://host/a/b?x` is `/a/b`; `+` reads as a space (urldecode). */
export function pathOf(url: string): string {
  let path = url;
  if (/^https?:\/\//.test(url)) {
    const rest = url.slice(url.indexOf('://') + 3).split('/');
    path = '/' + rest.slice(1).join('/');
  }
  return percentDecode(beforeQuery(path), true);
}

/** The path without its trailing slash (the home page `/` stays). */
export function withoutTrailingSlash(path: string): string {
  return path !== '/' && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Lower case as mb_strtolower has it. */
export function toLower(text: string): string {
  return text.toLowerCase();
}

/** Whether the requested URL's path is the source's under the flags (case, trailing slash). */
export function pathMatches(sourcePath: string, requestedUrl: string, flags: Pick<SourceFlags, 'flag_case' | 'flag_trailing'>): boolean {
  let source = sourcePath;
  let target = pathOf(requestedUrl);
  if (flags.flag_trailing) {
    source = withoutTrailingSlash(source);
    target = withoutTrailingSlash(target);
  }
  if (flags.flag_case) {
    source = toLower(source);
    target = toLower(target);
  }
  return source === target;
}
