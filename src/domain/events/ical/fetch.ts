/**
 * Fetching an outside .ics URL without becoming a proxy into our own network (SSRF). The guard is
 * the one every outside request uses (src/domain/oembed/safe-fetch.ts: http(s) only, ports 80/443/
 * 8080, every resolved address public, each redirect checked again, the socket pinned to the
 * checked address, one deadline, a byte cap); this file only reads webcal:// addresses, sets the
 * iCalendar limits and turns refusals into the import's errors.
 */
import { DomainError } from '../../errors';
import { addressRange } from '../../oembed/address-guard';
import { FetchRefused, safeFetch } from '../../oembed/safe-fetch';

export interface FetchIcsOptions {
  /** Largest body accepted, in bytes (default 5 MB). */
  maxBytes?: number;
  /** Time allowed for the whole fetch, redirects included, in ms (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /**
   * `host:port` (or `host`, any port) authorities exempt from the address and port checks, as
   * OEMBED_ALLOW_HOSTS (e.g. a test's loopback server). Empty by default: only public addresses.
   */
  allowHosts?: string[];
  /** IP-literal hosts exempt the same way (e.g. `['127.0.0.1']`); added to allowHosts. */
  allowAddresses?: string[];
  userAgent?: string;
}

export interface FetchedIcs {
  /** The URL the document finally came from (after redirects). */
  url: string;
  body: string;
  contentType?: string;
  bytes: number;
}

const fetchError = (code: string, message: string, data: Record<string, unknown> = {}) => new DomainError(code, message, 400, data);

/** Reads the URL, accepting webcal:// (the subscription scheme calendar links use) as https. */
function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw fetchError('ical_url_invalid', 'The calendar address is not a valid URL.', { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchError('ical_url_invalid', `Only http and https calendar addresses can be fetched, not ${url.protocol}`, { url: text });
  return url;
}

/** An IP address as an allow-list authority (IPv6 in brackets, as URLs write it). */
const hostOf = (address: string) => {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  return bare.includes(':') ? `[${bare}]` : bare;
};

/** The import's error for a refusal of the shared guard. */
function refusalError(error: FetchRefused, url: URL, maxBytes: number, maxRedirects: number): DomainError {
  const at = error.detail.url ?? url.href;
  switch (error.reason) {
    case 'url':
      return fetchError('ical_url_invalid', `The calendar address cannot be fetched: ${error.message}.`, { url: at });
    case 'port':
      return fetchError('ical_url_forbidden', `The calendar address uses a port that may not be fetched (${error.message}).`, { url: at });
    case 'address': {
      const address = error.detail.address ?? '';
      const host = new URL(at).hostname;
      return fetchError('ical_url_forbidden', `The calendar address ${host} points to a non-public network address (${addressRange(address)}).`, { url: at, address });
    }
    case 'dns':
      return fetchError('ical_fetch_failed', `The calendar host ${new URL(at).hostname} could not be resolved.`, { url: at });
    case 'redirects':
      return fetchError('ical_too_many_redirects', `The calendar address redirected more than ${maxRedirects} times.`, { url: at });
    case 'timeout':
      return fetchError('ical_fetch_timeout', 'Fetching the calendar took too long.', { url: at });
    case 'too-large':
      return fetchError('ical_fetch_too_large', `The calendar is larger than ${maxBytes} bytes.`, { url: at, max_bytes: maxBytes });
    case 'network':
      return fetchError('ical_fetch_failed', `The calendar could not be fetched: ${error.message}`, { url: at });
  }
}

/** Fetches an outside iCalendar document safely; DomainErrors (status 400) explain any refusal. */
export async function fetchIcs(address: string, options: FetchIcsOptions = {}): Promise<FetchedIcs> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const url = parseUrl(address);
  let page;
  try {
    page = await safeFetch(url.href, {
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes,
      maxRedirects,
      allowHosts: [...(options.allowHosts ?? []), ...(options.allowAddresses ?? []).map(hostOf)],
      accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
      userAgent: options.userAgent ?? 'ContentSite-ICal/1.0',
    });
  } catch (error) {
    if (error instanceof FetchRefused) throw refusalError(error, url, maxBytes, maxRedirects);
    throw error;
  }
  if (page.status < 200 || page.status > 299) throw fetchError('ical_fetch_failed', `The calendar server answered HTTP ${page.status}.`, { url: page.url, status: page.status });
  const body = page.body.toString('utf8').replace(/^\uFEFF/, '');
  return { url: page.url, body, contentType: page.contentType || undefined, bytes: page.body.length };
}
