/**
 * A site request's URL as the plugin reads it (Red_Url_Request): `decoded` is the whole request
 * URI percent-decoded (what sources and regular expressions are matched against); `original` is
 * the decoded path with the query string as sent (what targets are built from, so passed
 * parameters keep their encoding).
 */
import { percentDecode } from './encoding';

export interface RequestUrl {
  decoded: string;
  original: string;
}

/** Newlines end a URL and control characters are dropped (Redirection_Request::sanitize_url). */
export function sanitizeRequestUrl(url: string): string {
  const cut = url.search(/[\r\n\t]/);
  // eslint-disable-next-line no-control-regex
  return (cut === -1 ? url : url.slice(0, cut)).replace(/[\u0000-\u001f\u007f]/g, '');
}

export function requestUrlOf(requestUri: string): RequestUrl {
  const decoded = sanitizeRequestUrl(percentDecode(requestUri));
  const q = requestUri.indexOf('?');
  const dq = decoded.indexOf('?');
  const original = q !== -1 && dq !== -1 ? `${decoded.slice(0, dq)}?${requestUri.slice(q + 1)}` : decoded;
  return { decoded, original };
}
